// What the process measures for GET /metrics (decision 0116), in Prometheus's text format through
// prom-client, on a registry of its own (not prom-client's global one: each test app keeps its own).
// Kept only when they can be read (METRICS_TOKEN or METRICS_PORT); each costs a request one
// observation. Orders and payouts by status are not kept at all: they are counted from the store when
// Prometheus scrapes, so the count is the store's, whichever process made the change.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ORDER_STATUSES, PAYOUT_STATUSES } from '#contracts/orders.ts';
import type { Store } from '../domain/store/index.ts';
import type { Log } from '../logging/log.ts';

export interface Metrics {
  readonly registry: Registry;
  /** each answered request, by method, route template (/api/puppies/:id, not the URL) and status */
  readonly requests: Histogram<'method' | 'route' | 'status'>;
  /** each call of a store method (metrics/timed-store.ts), by repository and method */
  readonly storeCalls: Histogram<'repository' | 'method'>;
  /** runs this process made of each job (jobs/scheduler.ts); a run another process claimed is not one */
  readonly jobRuns: Counter<'job'>;
  readonly jobFailures: Counter<'job'>;
  /** when each job last ran to its end without an error (unix seconds): alert when it is too old */
  readonly jobLastSuccess: Gauge<'job'>;
  /** a provider's webhook, from the event's making to its arrival here */
  readonly webhookLag: Histogram<'endpoint'>;
}

export interface MetricsOptions {
  /** what orders and payouts are counted from */
  store: Pick<Store, 'orders' | 'payouts'>;
  /** where a count that failed at a scrape is reported */
  log: Log;
  /** the process's own (CPU, memory, event loop, GC: prom-client's defaults); the server's only, not each test app's */
  processMetrics?: boolean;
}

export function createMetrics({ store, log, processMetrics = false }: MetricsOptions): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** a gauge by status, counted from the store at each scrape; a store that does not answer leaves it empty */
  const byStatus = (
    name: string,
    help: string,
    statuses: readonly string[],
    count: () => Promise<Partial<Record<string, number>>>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        try {
          const counts = await count();
          // every status, 0 included: a series that disappears reads as "no data", not as none
          for (const status of statuses) this.set({ status }, counts[status] ?? 0);
        } catch (error) {
          log.warn(`metrics: ${name} not counted: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    });
  byStatus('puppynest_orders', 'Orders by status, counted from the store when scraped.', ORDER_STATUSES, () =>
    store.orders.countByStatus(),
  );
  byStatus('puppynest_payouts', 'Seller payouts by status, counted from the store when scraped.', PAYOUT_STATUSES, () =>
    store.payouts.countByStatus(),
  );
  return {
    registry,
    requests: new Histogram({
      name: 'puppynest_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status: time to the last byte of the answer.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    storeCalls: new Histogram({
      name: 'puppynest_store_query_duration_seconds',
      help: 'Calls of the store (lowdb or PostgreSQL) by repository and method.',
      labelNames: ['repository', 'method'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers,
    }),
    jobRuns: new Counter({
      name: 'puppynest_job_runs_total',
      help: 'Scheduled job runs this process made.',
      labelNames: ['job'],
      registers,
    }),
    jobFailures: new Counter({
      name: 'puppynest_job_failures_total',
      help: 'Scheduled job runs that ended in an error.',
      labelNames: ['job'],
      registers,
    }),
    jobLastSuccess: new Gauge({
      name: 'puppynest_job_last_success_timestamp_seconds',
      help: 'When each job last ran to its end in this process (unix time).',
      labelNames: ['job'],
      registers,
    }),
    webhookLag: new Histogram({
      name: 'puppynest_webhook_lag_seconds',
      help: "Payment provider webhooks: seconds from the event's creation to its arrival (retries included).",
      labelNames: ['endpoint'],
      // a first delivery takes seconds; the provider retries a failed one for up to three days
      buckets: [1, 5, 15, 60, 300, 900, 3600, 21_600, 86_400, 259_200],
      registers,
    }),
  };
}
