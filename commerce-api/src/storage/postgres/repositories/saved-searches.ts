// Saved searches, their deliveries and the matching job's mark (docs/decisions/0131).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076). The claims are
// one statement each: the unique (search_id, puppy_id) of a delivery, and conditional updates.
import type { Repositories } from '../../../domain/store/index.ts';
import { PUPPY_COLUMNS, type Db } from '../schema.ts';
import { uniqueViolation } from './shared.ts';

export function savedSearchRepositories(
  db: Db,
): Pick<Repositories, 'savedSearches' | 'alertDeliveries' | 'alertMarks'> {
  return {
    savedSearches: {
      get: (id) => db.selectFrom('savedSearches').selectAll().where('id', '=', id).executeTakeFirst(),
      create: (row) => db.insertInto('savedSearches').values(row).returningAll().executeTakeFirstOrThrow(),
      update: (id, patch) =>
        Object.keys(patch).length === 0
          ? db.selectFrom('savedSearches').selectAll().where('id', '=', id).executeTakeFirst()
          : db.updateTable('savedSearches').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
      // its deliveries go with it (ON DELETE CASCADE)
      remove: async (id) =>
        (await db.deleteFrom('savedSearches').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
      listByUser: (userId) =>
        db.selectFrom('savedSearches').selectAll().where('userId', '=', userId).orderBy('id').execute(),
      listByEmail: (email) =>
        db
          .selectFrom('savedSearches')
          .selectAll()
          .where('userId', 'is', null)
          .where('email', '=', email)
          .orderBy('id')
          .execute(),
      listActive: () =>
        db.selectFrom('savedSearches').selectAll().where('status', '=', 'active').orderBy('id').execute(),
      confirm: (tokenHash, now) =>
        db
          .updateTable('savedSearches')
          .set({ status: 'active', confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now.toISOString() })
          .where('confirmTokenHash', '=', tokenHash)
          .where('status', '=', 'pending')
          .where('confirmExpiresAt', '>', now.toISOString())
          .returningAll()
          .executeTakeFirst(),
      dueDigests: (before, limit) =>
        db
          .selectFrom('savedSearches')
          .selectAll()
          .where('status', '=', 'active')
          .where('frequency', '=', 'daily')
          .where((eb) => eb.or([eb('lastDigestAt', 'is', null), eb('lastDigestAt', '<', before.toISOString())]))
          .orderBy('id')
          .limit(limit)
          .execute(),
      claimDigest: async (id, before, now) =>
        (await db
          .updateTable('savedSearches')
          .set({ lastDigestAt: now.toISOString() })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('lastDigestAt', 'is', null), eb('lastDigestAt', '<', before.toISOString())]))
          .returning('id')
          .executeTakeFirst()) !== undefined,
    },
    alertDeliveries: {
      claim: async (row) => {
        try {
          const won = await db
            .insertInto('alertDeliveries')
            .values(row)
            .onConflict((oc) => oc.constraint('alert_deliveries_search_puppy').doNothing())
            .returning('id')
            .executeTakeFirst();
          return won !== undefined;
        } catch (error) {
          // the search was deleted meanwhile: nothing to mail
          if (uniqueViolation(error, 'alert_deliveries_search_puppy')) return false;
          if ((error as { code?: string }).code === '23503') return false;
          throw error;
        }
      },
      // one statement: two digests of one search at once take each row once
      takeWaiting: (searchId, now) =>
        db
          .updateTable('alertDeliveries')
          .set({ sentAt: now.toISOString() })
          .where('searchId', '=', searchId)
          .where('sentAt', 'is', null)
          .returningAll()
          .execute()
          .then((rows) => rows.sort((a, b) => a.id - b.id)),
      listBySearch: (searchId) =>
        db.selectFrom('alertDeliveries').selectAll().where('searchId', '=', searchId).orderBy('id').execute(),
    },
    alertMarks: {
      matchedUntil: async () =>
        (await db.selectFrom('alertMarks').select('matchedUntil').orderBy('id').limit(1).executeTakeFirst())
          ?.matchedUntil ?? null,
      setMatchedUntil: async (at) => {
        const updated = await db.updateTable('alertMarks').set({ matchedUntil: at }).returning('id').execute();
        if (updated.length === 0) await db.insertInto('alertMarks').values({ matchedUntil: at }).execute();
      },
      listingsChangedSince: (since, now, limit) =>
        db
          .selectFrom('puppies')
          .select(PUPPY_COLUMNS)
          .where('updatedAt', '>', since)
          .where('expiresAt', '>', now.toISOString())
          .where('hiddenAt', 'is', null)
          .orderBy('updatedAt')
          .orderBy('id')
          .limit(limit)
          .execute(),
    },
  };
}
