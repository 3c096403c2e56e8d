// Listing insights' views and reads (docs/decisions/0135). Part of the lowdb repositories (../repositories.ts
// composes them; decision 0076). Counting a view is one synchronous write: the mark and the day's count
// change together or not at all, in the one process lowdb allows.
import type { ViewSource } from '#contracts/insights.ts';
import type { ListingActivityDay, Repositories } from '../../../domain/store/index.ts';
import type { ListingViewDay } from '../../../domain/model.ts';
import type { Collection } from '../storage.ts';
import { isLiveAt, type LowdbContext } from './context.ts';

const SOURCE_FIELD: Readonly<Record<ViewSource, keyof ListingViewDay>> = {
  search: 'fromSearch',
  breed: 'fromBreed',
  breeder: 'fromBreeder',
  alert: 'fromAlert',
  direct: 'fromDirect',
  site: 'fromSite',
  external: 'fromExternal',
};

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

export function insightRepositories({ db, mutate }: LowdbContext): Pick<Repositories, 'listingViews'> {
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
        // a visitor's second view of the day is the common case: answered from memory, without a write
        if (marks.get(db.listingViewMarks, db.listingViewMarks).has(view.visitorKey)) return false;
        return mutate((c) => {
          if (!c.puppies.get(view.puppyId)) return false;
          const markIds = marks.get(c.listingViewMarks, db.listingViewMarks);
          if (markIds.has(view.visitorKey)) return false;
          const mark = c.listingViewMarks.insert({ visitorKey: view.visitorKey, day: view.day });
          markIds.set(view.visitorKey, mark.id);
          marks.settle(c.listingViewMarks, db.listingViewMarks);

          const dayIds = dayRows.get(c.listingViewDays, db.listingViewDays);
          const key = `${view.puppyId}/${view.day}`;
          const field = SOURCE_FIELD[view.source];
          const id = dayIds.get(key);
          const row = id === undefined ? undefined : c.listingViewDays.get(id);
          if (row) {
            c.listingViewDays.update(row.id, { views: row.views + 1, [field]: (row[field] as number) + 1 });
          } else {
            const made = c.listingViewDays.insert({
              puppyId: view.puppyId,
              day: view.day,
              views: 1,
              fromSearch: 0,
              fromBreed: 0,
              fromBreeder: 0,
              fromAlert: 0,
              fromDirect: 0,
              fromSite: 0,
              fromExternal: 0,
              [field]: 1,
            });
            dayIds.set(key, made.id);
          }
          dayRows.settle(c.listingViewDays, db.listingViewDays);
          return true;
        });
      },
      sweep: (day) =>
        mutate((c) => {
          const old = c.listingViewMarks.filter((m) => m.day < day);
          for (const mark of old) c.listingViewMarks.remove(mark.id);
          for (const salt of c.listingViewSalts.filter((s) => s.day < day)) c.listingViewSalts.remove(salt.id);
          return old.length;
        }),
      days: async (puppyIds, fromDay) => {
        const ids = new Set(puppyIds);
        return db.listingViewDays.filter((d) => ids.has(d.puppyId) && d.day >= fromDay);
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
