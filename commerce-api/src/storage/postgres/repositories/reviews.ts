// Reviews, the sellers' ratings, and the invitations to review (docs/decisions/0119).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql } from 'kysely';
import type { Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';
import { atomically, changesSomething, lockKey } from './shared.ts';

export function reviewRepositories(db: Db): Pick<Repositories, 'reviews' | 'sellerRatings'> {
  return {
    reviews: {
      get: (id) => db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst(),
      findByOrder: (orderId) => db.selectFrom('reviews').selectAll().where('orderId', '=', orderId).executeTakeFirst(),
      listByOrders: (orderIds) =>
        orderIds.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom('reviews')
              .selectAll()
              .where('orderId', 'in', [...orderIds])
              .orderBy('id')
              .execute(),
      listBySeller: (sellerId, { visibleOnly }) => {
        let query = db.selectFrom('reviews').selectAll().where('sellerId', '=', sellerId);
        if (visibleOnly) query = query.where('hiddenAt', 'is', null);
        return query.orderBy('id', 'desc').execute();
      },
      // One per order: the unique constraint decides between two writers at once. DO NOTHING, not an
      // error: inside the caller's transaction an error would end it, and the loser waits for the winner.
      create: (row) =>
        db
          .insertInto('reviews')
          .values(row)
          .onConflict((oc) => oc.constraint('reviews_one_per_order').doNothing())
          .returningAll()
          .executeTakeFirst(),
      update: (id, patch) =>
        db
          .updateTable('reviews')
          .set(changesSomething(patch) ? patch : { rating: sql`rating` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      // once: only while there is no reply
      reply: (id, text, now) =>
        db
          .updateTable('reviews')
          .set({ reply: text, repliedAt: now.toISOString() })
          .where('id', '=', id)
          .where('reply', 'is', null)
          .returningAll()
          .executeTakeFirst(),
      // the partial index orders_review_invite_due (migration 0015)
      invitesDue: (after, before, limit) =>
        db
          .selectFrom('orders')
          .selectAll()
          .where('status', '=', 'handed_over')
          .where('reviewInvitedAt', 'is', null)
          .where('handedOverAt', '>', after.toISOString())
          .where('handedOverAt', '<=', before.toISOString())
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('reviews').select('reviews.id').whereRef('reviews.orderId', '=', 'orders.id'))),
          )
          .orderBy('handedOverAt')
          .limit(limit)
          .execute(),
      claimInvite: async (orderId, now) =>
        (await db
          .updateTable('orders')
          .set({ reviewInvitedAt: now.toISOString() })
          .where('id', '=', orderId)
          .where('reviewInvitedAt', 'is', null)
          .returning('id')
          .executeTakeFirst()) !== undefined,
    },
    sellerRatings: {
      // The lock orders two refreshes of one seller: the second counts after the first committed (READ
      // COMMITTED reads anew per statement), so a review written at the same moment is not lost.
      refresh: (sellerId, now) =>
        atomically(db, async (trx) => {
          await lockKey(trx, `seller-rating:${sellerId}`);
          const at = now.toISOString();
          const counted = await trx
            .selectFrom('reviews')
            .select([
              sql<number>`count(*)::int`.as('reviewCount'),
              sql<number>`coalesce(sum(rating), 0)::int`.as('ratingSum'),
            ])
            .where('sellerId', '=', sellerId)
            .where('hiddenAt', 'is', null)
            .executeTakeFirstOrThrow();
          return trx
            .insertInto('sellerRatings')
            .values({ sellerId, ...counted, updatedAt: at })
            .onConflict((oc) => oc.column('sellerId').doUpdateSet({ ...counted, updatedAt: at }))
            .returningAll()
            .executeTakeFirstOrThrow();
        }),
      forSellers: async (sellerIds) => {
        if (sellerIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('sellerRatings')
          .selectAll()
          .where('sellerId', 'in', [...new Set(sellerIds)])
          .execute();
        return new Map(rows.map((r) => [r.sellerId, r]));
      },
    },
  };
}
