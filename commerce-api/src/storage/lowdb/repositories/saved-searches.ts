// Saved searches, their deliveries and the matching job's mark (docs/decisions/0131).
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076). Each rule is one
// synchronous write, so it holds in the one process lowdb allows.
import type { Repositories } from '../../../domain/store/index.ts';
import type { LowdbContext } from './context.ts';

/**
 * The (search, listing) keys of the delivery rows, kept while the collection's version stays the same: a
 * listing that matches thousands of searches must not scan every delivery once per search.
 */
const deliveryKeys = new WeakMap<object, { version: number; keys: Set<string> }>();

export function savedSearchRepositories({
  db,
  mutate,
}: LowdbContext): Pick<Repositories, 'savedSearches' | 'alertDeliveries' | 'alertMarks'> {
  return {
    savedSearches: {
      get: async (id) => db.savedSearches.get(id),
      create: (row) => mutate((c) => c.savedSearches.insert(row)),
      update: (id, patch) => mutate((c) => c.savedSearches.update(id, patch)),
      remove: (id) =>
        mutate((c) => {
          for (const d of c.alertDeliveries.filter((x) => x.searchId === id)) c.alertDeliveries.remove(d.id);
          return c.savedSearches.remove(id);
        }),
      listByUser: async (userId) => db.savedSearches.filter((s) => s.userId === userId),
      listByEmail: async (email) => db.savedSearches.filter((s) => s.userId === null && s.email === email),
      listActive: async () => db.savedSearches.filter((s) => s.status === 'active'),
      confirm: (tokenHash, now) =>
        mutate((c) => {
          const found = c.savedSearches.find((s) => s.status === 'pending' && s.confirmTokenHash === tokenHash);
          if (!found || !found.confirmExpiresAt || Date.parse(found.confirmExpiresAt) <= now.getTime())
            return undefined;
          return c.savedSearches.update(found.id, {
            status: 'active',
            confirmTokenHash: null,
            confirmExpiresAt: null,
            updatedAt: now.toISOString(),
          });
        }),
      dueDigests: async (before, limit) =>
        db.savedSearches
          .filter(
            (s) =>
              s.status === 'active' &&
              s.frequency === 'daily' &&
              (s.lastDigestAt === null || Date.parse(s.lastDigestAt) < before.getTime()),
          )
          .slice(0, limit),
      claimDigest: (id, before, now) =>
        mutate((c) => {
          const s = c.savedSearches.get(id);
          if (!s || (s.lastDigestAt !== null && Date.parse(s.lastDigestAt) >= before.getTime())) return false;
          c.savedSearches.update(id, { lastDigestAt: now.toISOString() });
          return true;
        }),
    },
    alertDeliveries: {
      claim: (row) =>
        mutate((c) => {
          const deliveries = c.alertDeliveries;
          let kept = deliveryKeys.get(db.alertDeliveries);
          if (!kept || kept.version !== deliveries.version) {
            kept = {
              version: deliveries.version,
              keys: new Set(deliveries.all().map((d) => `${d.searchId}:${d.puppyId}`)),
            };
            deliveryKeys.set(db.alertDeliveries, kept);
          }
          const key = `${row.searchId}:${row.puppyId}`;
          if (kept.keys.has(key)) return false;
          deliveries.insert(row);
          kept.keys.add(key);
          kept.version = deliveries.version;
          return true;
        }),
      takeWaiting: (searchId, now) =>
        mutate((c) =>
          c.alertDeliveries
            .filter((d) => d.searchId === searchId && d.sentAt === null)
            .map((d) => c.alertDeliveries.update(d.id, { sentAt: now.toISOString() })!),
        ),
      listBySearch: async (searchId) => db.alertDeliveries.filter((d) => d.searchId === searchId),
    },
    alertMarks: {
      matchedUntil: async () => db.alertMarks.all()[0]?.matchedUntil ?? null,
      setMatchedUntil: (at) =>
        mutate((c) => {
          const mark = c.alertMarks.all()[0];
          if (mark) c.alertMarks.update(mark.id, { matchedUntil: at });
          else c.alertMarks.insert({ matchedUntil: at });
        }),
      listingsChangedSince: async (since, now, limit) => {
        const sinceMs = Date.parse(since);
        const nowMs = now.getTime();
        return db.puppies
          .filter(
            (p) =>
              Date.parse(p.updatedAt) > sinceMs &&
              p.expiresAt !== null &&
              Date.parse(p.expiresAt) > nowMs &&
              !p.hiddenAt,
          )
          .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || a.id - b.id)
          .slice(0, limit);
      },
    },
  };
}
