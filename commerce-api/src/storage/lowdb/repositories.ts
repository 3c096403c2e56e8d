// The async repositories over today's lowdb store (domain/store/, docs/decisions/0076): an adapter
// on its collections and storage.write(), which it does not change. Every changing method is one
// synchronous storage.write(), so each check-then-change rule is atomic exactly as before.
//
// transaction(): lowdb has no multi-statement transaction across awaits, so the adapter runs one
// transaction at a time (a promise queue in this process, which is all lowdb allows: the data-dir
// lock keeps other processes out) and keeps an undo entry per change; when fn throws, the undo
// entries run in one write, newest first. Two limits, both fine for one process: other code of this
// process may see a transaction's changes before it ends, and a removed row comes back with a new id.
import type { Storage } from './storage.ts';
import type { Store, Repositories } from '../../domain/store/index.ts';
import { accountRepositories } from './repositories/accounts.ts';
import { breederRepositories } from './repositories/breeders.ts';
import {
  lowdbContext,
  recordingCollections,
  recordingSettings,
  type Mutate,
  type Undo,
} from './repositories/context.ts';
import { conversationRepositories } from './repositories/conversations.ts';
import { listingRepositories } from './repositories/listings.ts';
import { parentRepositories } from './repositories/parents.ts';
import { paymentRepositories } from './repositories/payments.ts';
import { payoutRepositories } from './repositories/payouts.ts';
import { reviewRepositories } from './repositories/reviews.ts';
import { featureRepositories } from './repositories/features.ts';
import { savedSearchRepositories } from './repositories/saved-searches.ts';
import { insightRepositories, writeWaitingViews } from './repositories/insights.ts';
import { siteRepositories } from './repositories/site.ts';

/** every repository over one way of writing (direct, or inside a transaction), one file per area */
function repositories(storage: Storage, mutate: Mutate): Repositories {
  const context = lowdbContext(storage, mutate);
  return {
    ...accountRepositories(context),
    ...listingRepositories(context),
    ...paymentRepositories(context),
    ...payoutRepositories(context),
    ...conversationRepositories(context),
    ...siteRepositories(context),
    ...breederRepositories(context),
    ...reviewRepositories(context),
    ...parentRepositories(context),
    ...savedSearchRepositories(context),
    ...featureRepositories(context),
    ...insightRepositories(context),
  };
}

export function createLowdbRepositories(storage: Storage): Store {
  // Outside a transaction a change is final at once: nothing to undo.
  const direct: Mutate = (fn) => storage.write(fn);
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  return {
    ...repositories(storage, direct),
    transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T> {
      const run = async (): Promise<T> => {
        const undos: Undo[] = [];
        const inTx: Mutate = (body) =>
          storage.write((db, settings) => body(recordingCollections(db, undos), recordingSettings(settings, undos)));
        try {
          return await fn(repositories(storage, inTx));
        } catch (error) {
          if (undos.length) {
            await storage.write((db, settings) => {
              for (let i = undos.length - 1; i >= 0; i--) undos[i]!(db, settings);
            });
          }
          throw error;
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => {});
      return result;
    },
    // The data lives in this process: once it started, it answers until it is closed.
    ready: () => Promise.resolve(closed ? { ok: false as const, reason: 'store closed' } : { ok: true as const }),
    close: async () => {
      closed = true;
      // the views counted in the last second (decision 0135), then the file
      await writeWaitingViews(storage).catch(() => {});
      return storage.close();
    },
    catalogueVersion: catalogueVersionOf(storage),
  };
}

/**
 * The catalogue's stamp on lowdb (Store.catalogueVersion, decision 0086). Every change
 * to a collection bumps its version (a seller's rating and reviews too, which the cards and listing pages show and the
 * rating sort orders by: decision 0119); the soonest expiry of a public listing ends a stamp too (and a
 * clock that went back, as tests move it).
 */
function catalogueVersionOf(storage: Storage): (now: Date) => string {
  let current:
    | {
        puppies: number;
        breeds: number;
        breeders: string;
        ratings: number;
        features: string;
        fromMs: number;
        untilMs: number;
        epoch: number;
      }
    | undefined;
  return (now) => {
    const { puppies, breeds, sellerRatings, reviews, parentDogs, healthTests } = storage.db;
    const breeders = breederVersion(storage);
    // a reply or an edit changes a listing page's reviews without changing a rating
    // and a parent's record or test changes a listing page's parents (decision 0121)
    const ratings = sellerRatings.version + reviews.version + parentDogs.version + healthTests.version;
    // which listings are featured (decision 0134): the features, and the plans they count under
    const { listingFeatures, sellerSubscriptions } = storage.db;
    const features = `${listingFeatures.version}.${sellerSubscriptions.version}`;
    const ms = now.getTime();
    if (
      !current ||
      current.puppies !== puppies.version ||
      current.breeds !== breeds.version ||
      current.breeders !== breeders ||
      current.ratings !== ratings ||
      current.features !== features ||
      ms >= current.untilMs ||
      ms < current.fromMs
    ) {
      let untilMs = Number.POSITIVE_INFINITY;
      for (const p of puppies.all()) {
        if (p.expiresAt === null) continue;
        const at = Date.parse(p.expiresAt);
        if (at > ms && at < untilMs) untilMs = at;
      }
      // a feature's end, and a plan period's end that ends its features, change the catalogue too
      for (const f of listingFeatures.all()) {
        if (f.removedAt !== null) continue;
        const at = Date.parse(f.endsAt);
        if (at > ms && at < untilMs) untilMs = at;
      }
      for (const sub of sellerSubscriptions.all()) {
        if (sub.currentPeriodEnd === null) continue;
        const at = Date.parse(sub.currentPeriodEnd);
        if (at > ms && at < untilMs) untilMs = at;
      }
      current = {
        puppies: puppies.version,
        breeds: breeds.version,
        breeders,
        ratings,
        features,
        fromMs: ms,
        untilMs,
        epoch: (current?.epoch ?? 0) + 1,
      };
    }
    return `${current.puppies}.${current.breeds}.${current.ratings}.${features}.${current.epoch}`;
  };
}

/**
 * A card and a listing page show their seller's kennel name and earned badges (decision 0118): these
 * come from profiles, revocations, accounts, payout accounts, orders and moderation decisions, so a
 * change to any of them is a change to the catalogue's pages.
 */
function breederVersion(storage: Storage): string {
  const { breederProfiles, badgeRevocations, users, payoutAccounts, orders, moderationActions } = storage.db;
  return `${breederProfiles.version}.${badgeRevocations.version}.${users.version}.${payoutAccounts.version}.${orders.version}.${moderationActions.version}`;
}
