// What createApp needs from the outside: everything that touches the world is passed in, so the API
// tests run on lowdb in memory or a throwaway PostgreSQL with a fixed clock, and the server wires the real ones.
import type { Content } from '#content/index.ts';
import type { Config } from './config.ts';
import type { OnDemandPages } from './http/on-demand-pages.ts';
import type { Mailer, Outbox, SmsSender } from './mail/messages.ts';
import type { Payments } from './payments/index.ts';
import type { MediaStore } from './media/media-store.ts';
import type { ProofStore } from './media/proof-store.ts';
import type { Store } from './domain/store/index.ts';
import type { Logger } from './logging/logger.ts';
import type { Metrics } from './metrics/metrics.ts';

export interface AppDeps {
  config: Config;
  /** the async repositories every rule goes through: lowdb by default, PostgreSQL with DATABASE_URL */
  store: Store;
  /** outgoing mail: the outbox by default, SMTP when configured */
  mailer: Mailer;
  /** outgoing SMS: the outbox */
  sms: SmsSender;
  /** what the outbox holds (GET /api/dev/outbox, outside production) */
  outbox: Outbox;
  /** uploaded media; when absent, files in paths.uploadsDir served at /uploads/ */
  media?: MediaStore;
  /** the private proofs of parents' health tests (decision 0121); absent: proofs cannot be uploaded */
  proofs?: ProofStore;
  /** the CMS content (products, testimonials) over the source config.content selects */
  content: Content;
  /** the payments seam: provider by mode (local/Stripe test, Stripe live), fulfilment, public key */
  payments: Payments;
  /** the clock every rule reads (listing expiry, code expiry, trials) */
  now: () => Date;
  /**
   * the process's logger (decision 0116): request lines, and what rules report (they take it as a `Log`);
   * each line carries the id of the request, job run or payment event in progress
   */
  log: Logger;
  /** what GET /metrics reports; absent when metrics are not configured (nothing is measured then) */
  metrics?: Metrics;
  /** true once the process is stopping (SIGTERM): /readyz answers 503 so a balancer stops sending */
  draining?: () => boolean;
  /** the pages rendered on demand (the built Astro handler; #contracts/on-demand-routes.ts); without it those paths are 404 */
  pages?: OnDemandPages;
  paths: {
    /** the Astro build's static files (dist/site/client) */
    siteDir: string;
    /** the Studio build */
    studioDir: string;
    /** user media, served at /uploads */
    uploadsDir: string;
  };
}
