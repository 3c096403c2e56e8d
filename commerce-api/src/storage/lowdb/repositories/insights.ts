// Listing insights' views and reads (docs/decisions/0135). Part of the lowdb repositories (../repositories.ts
// composes them; decision 0076). lowdb allows one process, so a view is decided in memory at once: its key
// against the day's marks (written and waiting). The views counted are written together, at most once
// every VIEW_WRITE_MS, in one synchronous write (marks and day counts together or not at all): every write
// rewrites the whole file, and one per view (or even one a second) keeps the store flushing under a busy
// site's beacons, at the popular reads' cost (the bench view-beacons, decision 0135). A crash loses at most
// those seconds of view counts; reads add the waiting ones.
import type { ListingActivityDay, Repositories } from '../../../domain/store/index.ts';
import type { ListingViewDay } from '../../../domain/model.ts';
import { VIEW_SOURCE_FIELD, type CountedView } from '../../../domain/store/insights.ts';
import type { Collection, Storage } from '../storage.ts';
import { isLiveAt, type LowdbContext } from './context.ts';

/**
 * A lookup over a collection's rows by key, kept while the collection's version is the one this write left:
 * a view must not scan every mark of the day. Any other change (a rollback, a sweep) makes it read again.
 */
function keyIndex<T extends { id: number }>(keyOf: (row: T) => string) {
  const kept = new WeakMap<object, { version: number; ids: Map<string, number> }>();
  return {
    get(collection: Collection<T>, origin: object): Map<string, number> {
      let index = kept.get(origin);
      if (!index || index.version !== collection.version) {
        index = { version: collection.version, ids: new Map(collection.all().map((row) => [keyOf(row), row.id])) };
        kept.set(origin, index);
      }
      return index.ids;
    },
    /** after this write's own change: the index is current again */
    settle(collection: Collection<T>, origin: object): void {
      const index = kept.get(origin);
      if (index) index.version = collection.version;
    },
  };
}

const marks = keyIndex<{ id: number; visitorKey: string }>((m) => m.visitorKey);
const dayRows = keyIndex<ListingViewDay>((d) => `${d.puppyId}/${d.day}`);

const dayOf = (iso: string | null | undefined): string | undefined => iso?.slice(0, 10);

/** how long a counted view waits to be written with the others */
export const VIEW_WRITE_MS = 5_000;

interface Waiting {
  views: CountedView[];
  keys: Set<string>;
  timer: NodeJS.Timeout | undefined;
}

/** the views counted and not yet written, per storage (the one process's) */
const waitingOf = new WeakMap<Storage, Waiting>();

function waiting(storage: Storage): Waiting {
  let found = waitingOf.get(storage);
  if (!found) waitingOf.set(storage, (found = { views: [], keys: new Set(), timer: undefined }));
  return found;
}

/** writes the waiting views in one write: each mark, and one more on its listing's day and source */
export async function writeWaitingViews(storage: Storage): Promise<void> {
  const w = waiting(storage);
  if (w.timer) clearTimeout(w.timer);
  w.timer = undefined;
  if (w.views.length === 0) return;
  const views = w.views;
  w.views = [];
  const db = storage.db;
  try {
    await storage.write((c) => {
      const markIds = marks.get(c.listingViewMarks, db.listingViewMarks);
      const dayIds = dayRows.get(c.listingViewDays, db.listingViewDays);
      for (const view of views) {
        if (markIds.has(view.visitorKey) || !c.puppies.get(view.puppyId)) continue;
        markIds.set(view.visitorKey, c.listingViewMarks.insert({ visitorKey: view.visitorKey, day: view.day }).id);
        const key = `${view.puppyId}/${view.day}`;
        const field = VIEW_SOURCE_FIELD[view.source];
        const id = dayIds.get(key);
        const row = id === undefined ? undefined : c.listingViewDays.get(id);
        if (row) c.listingViewDays.update(row.id, { views: row.views + 1, [field]: (row[field] as number) + 1 });
        else
          dayIds.set(key, c.listingViewDays.insert({ ...emptyDay(view.puppyId, view.day), views: 1, [field]: 1 }).id);
      }
      marks.settle(c.listingViewMarks, db.listingViewMarks);
      dayRows.settle(c.listingViewDays, db.listingViewDays);
    });
  } finally {
    // written, or lost with a write that failed (a full disk): they no longer wait either way
    for (const view of views) w.keys.delete(view.visitorKey);
  }
}

const emptyDay = (puppyId: number, day: string): Omit<ListingViewDay, 'id'> => ({
  puppyId,
  day,
  views: 0,
  fromSearch: 0,
  fromBreed: 0,
  fromBreeder: 0,
  fromAlert: 0,
  fromDirect: 0,
  fromSite: 0,
  fromExternal: 0,
});

export function insightRepositories({ db, mutate, storage }: LowdbContext): Pick<Repositories, 'listingViews'> {
  return {
    listingViews: {
      daySalt: (day, fresh) =>
        mutate((c) => {
          const found = c.listingViewSalts.find((s) => s.day === day);
          if (found) return found.salt;
          c.listingViewSalts.insert({ day, salt: fresh });
          return fresh;
        }),
      record: async (view) => {
        const w = waiting(storage);
        if (w.keys.has(view.visitorKey)) return false;
        if (marks.get(db.listingViewMarks, db.listingViewMarks).has(view.visitorKey)) return false;
        if (!db.puppies.get(view.puppyId)) return false;
        w.keys.add(view.visitorKey);
        w.views.push(view);
        w.timer ??= setTimeout(() => void writeWaitingViews(storage).catch(() => {}), VIEW_WRITE_MS).unref();
        return true;
      },
      sweep: async (day) => {
        await writeWaitingViews(storage);
        return mutate((c) => {
          const old = c.listingViewMarks.filter((m) => m.day < day);
          for (const mark of old) c.listingViewMarks.remove(mark.id);
          for (const salt of c.listingViewSalts.filter((s) => s.day < day)) c.listingViewSalts.remove(salt.id);
          return old.length;
        });
      },
      days: async (puppyIds, fromDay) => {
        const ids = new Set(puppyIds);
        const rows = new Map(
          db.listingViewDays
            .filter((d) => ids.has(d.puppyId) && d.day >= fromDay)
            .map((d) => [`${d.puppyId}/${d.day}`, { ...d }]),
        );
        // the views counted and not written yet count too
        for (const view of waiting(storage).views) {
          if (!ids.has(view.puppyId) || view.day < fromDay) continue;
          const key = `${view.puppyId}/${view.day}`;
          let row = rows.get(key);
          if (!row) rows.set(key, (row = { id: 0, ...emptyDay(view.puppyId, view.day) }));
          const field = VIEW_SOURCE_FIELD[view.source];
          row.views += 1;
          (row[field] as number) += 1;
        }
        return [...rows.values()];
      },
      activity: async (puppyIds, since) => {
        const ids = new Set(puppyIds);
        const from = since.toISOString();
        const rows = new Map<string, ListingActivityDay>();
        const add = (
          puppyId: number,
          at: string | null | undefined,
          field: keyof Omit<ListingActivityDay, 'puppyId' | 'day'>,
        ) => {
          if (!ids.has(puppyId) || !at || at < from) return;
          const day = dayOf(at)!;
          const key = `${puppyId}/${day}`;
          let row = rows.get(key);
          if (!row) rows.set(key, (row = { puppyId, day, favorites: 0, conversations: 0, checkouts: 0, sales: 0 }));
          row[field] += 1;
        };
        for (const f of db.favorites.all()) add(f.puppyId, f.createdAt, 'favorites');
        for (const conversation of db.conversations.all())
          add(conversation.puppyId, conversation.createdAt, 'conversations');
        for (const order of db.orders.all()) {
          add(order.puppyId, order.createdAt, 'checkouts');
          add(order.puppyId, order.paidAt, 'sales');
        }
        return [...rows.values()];
      },
      liveIdsOfBreed: async (breedId, now) =>
        db.puppies.filter((p) => p.breedId === breedId && isLiveAt(p, now) && !p.hiddenAt).map((p) => p.id),
    },
  };
}
