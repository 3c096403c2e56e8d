// Featured listings (docs/decisions/0134-featured-listings.md). Part of the PostgreSQL repositories
// (../repositories.ts composes them; decision 0076). The allowance is taken with the seller's row locked,
// as puppies.activateWithinLimit takes a plan slot, so two processes cannot both take the last feature.
import { sql } from 'kysely';
import type { Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';
import { atomically } from './shared.ts';

export function featureRepositories(db: Db): Pick<Repositories, 'listingFeatures'> {
  return {
    listingFeatures: {
      get: (id) => db.selectFrom('listingFeatures').selectAll().where('id', '=', id).executeTakeFirst(),
      claimWithinAllowance: (row, allowance, monthStart, now) =>
        atomically(db, async (trx) => {
          // the seller's row is the lock that serialises their features across processes
          if (!(await trx.selectFrom('users').select('id').where('id', '=', row.userId).forUpdate().executeTakeFirst()))
            return { refused: 'allowance' as const };
          const running = await trx
            .selectFrom('listingFeatures')
            .select('id')
            .where('puppyId', '=', row.puppyId)
            .where('removedAt', 'is', null)
            .where('endsAt', '>', now.toISOString())
            .executeTakeFirst();
          if (running) return { refused: 'already_featured' as const };
          const used = await trx
            .selectFrom('listingFeatures')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('userId', '=', row.userId)
            .where('startedAt', '>=', monthStart.toISOString())
            .executeTakeFirstOrThrow();
          if (Number(used.n) >= allowance) return { refused: 'allowance' as const };
          return {
            feature: await trx.insertInto('listingFeatures').values(row).returningAll().executeTakeFirstOrThrow(),
          };
        }),
      listBySeller: (userId) =>
        db.selectFrom('listingFeatures').selectAll().where('userId', '=', userId).orderBy('id', 'desc').execute(),
      listShowing: (now) =>
        db
          .selectFrom('listingFeatures')
          .selectAll()
          .where('removedAt', 'is', null)
          .where('endsAt', '>', now.toISOString())
          .where(
            sql<boolean>`EXISTS (SELECT 1 FROM seller_subscriptions s WHERE s.user_id = listing_features.user_id
              AND s.status IN ('trialing', 'active')
              AND (s.current_period_end IS NULL OR s.current_period_end > ${now.toISOString()}))`,
          )
          .orderBy('id')
          .execute(),
      remove: (id, reason, adminId, now) =>
        db
          .updateTable('listingFeatures')
          .set({ removedAt: now.toISOString(), removedReason: reason, removedBy: adminId })
          .where('id', '=', id)
          .where('removedAt', 'is', null)
          .returningAll()
          .executeTakeFirst(),
    },
  };
}
