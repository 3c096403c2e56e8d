// What the lowdb repositories share (../repositories.ts composes them; decision 0076): each
// changing method is one storage.write() through `mutate`. Inside a transaction, `mutate` hands the
// method collections that record how to take each change back (recordingCollections below), so a
// repository method never keeps its own undo bookkeeping.
import type { Collection, Collections, SettingsStore, Storage } from '../storage.ts';
import type { CollectionName, Order, OrderStatus, Puppy, SellerSubscription } from '../../../domain/model.ts';

export const LIVE: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];

export type Undo = (db: Collections, settings: SettingsStore) => void;
export type Mutate = <T>(fn: (db: Collections, settings: SettingsStore) => T) => Promise<T>;

export function isLiveAt(puppy: Puppy, now: Date): boolean {
  return puppy.expiresAt !== null && Date.parse(puppy.expiresAt) > now.getTime();
}

/** a plan counts while trialing or active and its period has not ended (no end yet: it counts) */
export function isActiveAt(subscription: SellerSubscription, now: Date): boolean {
  return (
    (subscription.status === 'trialing' || subscription.status === 'active') &&
    (subscription.currentPeriodEnd === null || Date.parse(subscription.currentPeriodEnd) > now.getTime())
  );
}

/** how many rows are in each status (orders, payouts: decision 0116) */
export function countByStatus<S extends string>(rows: readonly { status: S }[]): Partial<Record<S, number>> {
  const counts: Partial<Record<S, number>> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

export interface LowdbContext {
  storage: Storage;
  db: Collections;
  mutate: Mutate;
  /** the puppy's pending, paid or handed-over order */
  liveOrderOf(c: Collections, puppyId: number): Order | undefined;
}

export function lowdbContext(storage: Storage, mutate: Mutate): LowdbContext {
  const liveOrderOf = (c: Collections, puppyId: number) =>
    c.orders.find((o) => o.puppyId === puppyId && LIVE.includes(o.status));
  return { storage, db: storage.db, mutate, liveOrderOf };
}

/** one collection as a transaction's methods see it: reads as they are, each change recorded in `undos` */
function recordingCollection<T extends { id: number }>(
  collection: Collection<T>,
  undos: Undo[],
  back: (db: Collections) => Collection<T>,
): Collection<T> {
  return {
    get version() {
      return collection.version;
    },
    get: (id) => collection.get(id),
    all: () => collection.all(),
    find: (predicate) => collection.find(predicate),
    filter: (predicate) => collection.filter(predicate),
    count: (predicate) => collection.count(predicate),
    insert(row) {
      const made = collection.insert(row);
      undos.push((db) => void back(db).remove(made.id));
      return made;
    },
    update(id, patch) {
      const old = collection.get(id);
      const updated = collection.update(id, patch);
      if (old && updated) undos.push((db) => void back(db).update(old.id, old));
      return updated;
    },
    remove(id) {
      const old = collection.get(id);
      const removed = collection.remove(id);
      if (old && removed) {
        const { id: _id, ...rest } = old;
        undos.push((db) => void back(db).insert(rest));
      }
      return removed;
    },
  };
}

/**
 * The collections as a transaction's methods see them: every insert, update and remove pushes onto
 * `undos` how to take it back (run newest first when the transaction fails). An update's undo writes the
 * whole old row back (a key the old row lacked keeps its new value: optional fields only); a removed
 * row comes back with a new id.
 */
export function recordingCollections(db: Collections, undos: Undo[]): Collections {
  const view = {} as Record<CollectionName, Collection<{ id: number }>>;
  for (const name of Object.keys(db) as CollectionName[]) {
    const back = (other: Collections) => other[name] as unknown as Collection<{ id: number }>;
    view[name] = recordingCollection(back(db), undos, back);
  }
  return view as unknown as Collections;
}

/** the settings as a transaction's methods see them: a change records the settings it replaced */
export function recordingSettings(settings: SettingsStore, undos: Undo[]): SettingsStore {
  return {
    get: () => settings.get(),
    set(patch) {
      const old = { ...settings.get() };
      const changed = settings.set(patch);
      undos.push((_db, s) => void s.set(old));
      return changed;
    },
  };
}
