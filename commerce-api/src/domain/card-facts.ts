// What a catalogue card shows beyond its listing's own row: the seller's breeder line (kennel name,
// badges, rating) and whether the listing is featured. Every list request needs them, and they change
// far more rarely than they are read, so a process keeps them between requests (decision 0138).
//
// The store says when they may have changed: a catalogue page carries a stamp, read in the page's own
// statement (CataloguePage.factsStamp; PostgreSQL's card_facts version, migration 0024). Facts kept under
// another stamp are read again, so a page never shows facts older than a write it already shows, made
// in any process. Time changes some of them too (a listing expiring, a report older than a year), so
// they are kept at most FACTS_KEPT_MS. A store without a stamp (lowdb, in memory) is read every time.
import type { ListingFeature } from './model.ts';
import type { BreederEvidence, Repositories } from './store/index.ts';
import { evidenceOf } from './breeders/badges.ts';

/** how long kept facts are used at most, whatever the stamp says (as long as the catalogue's census) */
export const FACTS_KEPT_MS = 30_000;
/** more sellers than this kept, and the process starts again (the catalogue's sellers, at most) */
const MAX_SELLERS_KEPT = 20_000;

interface Kept {
  stamp: string;
  until: number;
  /** the features showing when read, each filtered again by its end at every use */
  features?: Promise<ListingFeature[]>;
  /**
   * per seller: the evidence, or null for an id with none (no such seller). A read under way is
   * kept too, so requests that arrive together (a process starting, facts that just changed) wait
   * for one read instead of each sending its own.
   */
  evidence: Map<number, Promise<BreederEvidence | null>>;
}

const keptByStore = new WeakMap<Repositories, Kept>();

function keptFor(store: Repositories, stamp: string | undefined, now: Date): Kept | undefined {
  if (stamp === undefined) return undefined;
  const at = now.getTime();
  let kept = keptByStore.get(store);
  if (!kept || kept.stamp !== stamp || kept.until <= at || kept.evidence.size > MAX_SELLERS_KEPT) {
    kept = { stamp, until: at + FACTS_KEPT_MS, evidence: new Map() };
    keptByStore.set(store, kept);
  }
  return kept;
}

/** the listings featured at `now` (running, not removed, the seller's plan active), by listing id */
export async function featuredIdsAt(store: Repositories, now: Date, stamp?: string): Promise<Set<number>> {
  const kept = keptFor(store, stamp, now);
  if (!kept) return new Set((await store.listingFeatures.listShowing(now)).map((f) => f.puppyId));
  if (!kept.features) {
    const read = store.listingFeatures.listShowing(now);
    kept.features = read;
    read.catch(() => {
      if (kept.features === read) delete kept.features;
    });
  }
  const nowIso = now.toISOString();
  // a feature that ended since it was read is no longer shown (ends_at is canonical ISO text)
  return new Set((await kept.features).filter((f) => f.endsAt > nowIso).map((f) => f.puppyId));
}

/** what these sellers' card lines are computed from (breeders/badges.ts evidenceOf), kept under `stamp` */
export async function cardEvidence(
  store: Repositories,
  sellerIds: readonly number[],
  now: Date,
  stamp?: string,
): Promise<Map<number, BreederEvidence>> {
  const kept = keptFor(store, stamp, now);
  if (!kept) return evidenceOf(store, sellerIds, now);
  const sellers = [...new Set(sellerIds)];
  const missing = sellers.filter((id) => !kept.evidence.has(id));
  if (missing.length > 0) {
    const read = evidenceOf(store, missing, now);
    for (const id of missing) {
      const one = read.then((found) => found.get(id) ?? null);
      // handled here, so a failure no request waits for is not an unhandled rejection; one that waits still sees it
      one.catch(() => undefined);
      kept.evidence.set(id, one);
    }
    // a failed read is not kept: the next request reads again
    read.catch(() => {
      if (keptByStore.get(store) === kept) keptByStore.delete(store);
    });
  }
  const found = new Map<number, BreederEvidence>();
  for (const id of sellers) {
    const evidence = await kept.evidence.get(id)!;
    if (evidence) found.set(id, evidence);
  }
  return found;
}
