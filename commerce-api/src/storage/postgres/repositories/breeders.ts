// Breeder profiles, revoked badges and the records badges are computed from (decision 0118).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql } from 'kysely';
import { SlugTakenError, type Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';
import { uniqueViolation } from './shared.ts';

export function breederRepositories(
  db: Db,
): Pick<Repositories, 'breederProfiles' | 'badgeRevocations' | 'breederRecords'> {
  return {
    breederProfiles: {
      findByUser: (userId) =>
        db.selectFrom('breederProfiles').selectAll().where('userId', '=', userId).executeTakeFirst(),
      findBySlug: (slug) => db.selectFrom('breederProfiles').selectAll().where('slug', '=', slug).executeTakeFirst(),
      listByUsers: async (userIds) =>
        userIds.length === 0
          ? []
          : db
              .selectFrom('breederProfiles')
              .selectAll()
              .where('userId', 'in', [...new Set(userIds)])
              .execute(),
      list: () => db.selectFrom('breederProfiles').selectAll().orderBy('id').execute(),
      save: async (row) => {
        const { userId: _userId, createdAt: _createdAt, ...fields } = row;
        try {
          return await db
            .insertInto('breederProfiles')
            .values({ ...row, breeds: [...row.breeds] })
            .onConflict((oc) => oc.column('userId').doUpdateSet({ ...fields, breeds: [...fields.breeds] }))
            .returningAll()
            .executeTakeFirstOrThrow();
        } catch (error) {
          if (uniqueViolation(error, 'breeder_profiles_slug_key')) throw new SlugTakenError(row.slug);
          throw error;
        }
      },
    },
    badgeRevocations: {
      create: (row) =>
        db
          .insertInto('badgeRevocations')
          .values({ ...row, liftedAt: null })
          .returningAll()
          .executeTakeFirstOrThrow(),
      lift: (id, now) =>
        db
          .updateTable('badgeRevocations')
          .set({ liftedAt: now.toISOString() })
          .where('id', '=', id)
          .where('liftedAt', 'is', null)
          .returningAll()
          .executeTakeFirst(),
      listInForce: async (userIds) =>
        userIds.length === 0
          ? []
          : db
              .selectFrom('badgeRevocations')
              .selectAll()
              .where('userId', 'in', [...new Set(userIds)])
              .where('liftedAt', 'is', null)
              .orderBy('id')
              .execute(),
    },
    breederRecords: {
      placed: async (sellerIds) => {
        if (sellerIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('orders')
          .select([
            'sellerId',
            sql<number>`count(*)::int`.as('count'),
            sql<string | null>`max(handed_over_at)`.as('lastAt'),
          ])
          .where('sellerId', 'in', [...new Set(sellerIds)])
          .where('status', '=', 'handed_over')
          .groupBy('sellerId')
          .execute();
        return new Map(
          rows.map((r) => [
            r.sellerId,
            { count: r.count, lastAt: r.lastAt === null ? null : new Date(r.lastAt).toISOString() },
          ]),
        );
      },
      replyDelays: async (sellerId, limit) => {
        // per conversation: the family's first message, then the seller's first message after it
        const rows = await sql<{ delayMs: number }>`
          SELECT (extract(epoch FROM (reply.created_at - asked.created_at)) * 1000)::float8 AS delay_ms
          FROM conversations c
          CROSS JOIN LATERAL (SELECT id, created_at FROM messages WHERE conversation_id = c.id AND sender_id = c.buyer_id ORDER BY id LIMIT 1) asked
          CROSS JOIN LATERAL (SELECT created_at FROM messages WHERE conversation_id = c.id AND sender_id = c.seller_id AND id > asked.id ORDER BY id LIMIT 1) reply
          WHERE c.seller_id = ${sellerId}
          ORDER BY c.id DESC
          LIMIT ${limit}`.execute(db);
        return rows.rows.map((r) => Math.round(r.delayMs));
      },
      upheldReports: async (sellerIds, since) => {
        if (sellerIds.length === 0) return new Map();
        const rows = await sql<{ sellerId: number; count: number }>`
          SELECT against AS seller_id, count(*)::int AS count FROM (
            SELECT CASE WHEN a.action = 'suspend_user' THEN a.user_id ELSE p.user_id END AS against
            FROM moderation_actions a LEFT JOIN puppies p ON a.action = 'hide_listing' AND p.id = a.puppy_id
            WHERE a.report_id IS NOT NULL AND a.action IN ('suspend_user', 'hide_listing') AND a.created_at >= ${since.toISOString()}
          ) decided
          WHERE against IN (${sql.join([...new Set(sellerIds)])})
          GROUP BY against`.execute(db);
        return new Map(rows.rows.map((r) => [r.sellerId, r.count]));
      },
    },
  };
}
