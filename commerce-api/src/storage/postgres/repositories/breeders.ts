// Breeder profiles, revoked badges and the records badges are computed from (decision 0118).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql } from 'kysely';
import type { BadgeKind } from '../../../domain/model.ts';
import { SlugTakenError, type BreederEvidence, type Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';
import { uniqueViolation, type Kept } from './shared.ts';

/**
 * Everything a page of sellers' card lines need, in one statement (store/breeders.ts evidence; decision
 * 0118, its note on the cards' cost). $1: the sellers' ids, $2: upheld reports count from then, $3: now
 * (a listing is live while unexpired). Health-tested parents (decision 0121): live listings, none of them
 * untested (an index of the untested ones per seller), and then when their parents' last test was verified.
 */
export const EVIDENCE = `
  WITH upheld AS (
    SELECT against, count(*)::int AS count FROM (
      SELECT CASE WHEN a.action = 'suspend_user' THEN a.user_id ELSE p.user_id END AS against
      FROM moderation_actions a LEFT JOIN puppies p ON a.action = 'hide_listing' AND p.id = a.puppy_id
      WHERE a.report_id IS NOT NULL AND a.action IN ('suspend_user', 'hide_listing') AND a.created_at >= $2::timestamptz
    ) decided
    WHERE against = ANY($1::int[])
    GROUP BY against
  )
  SELECT u.id AS user_id, u.verified_email, u.verified_email_at, u.verified_phone, u.verified_phone_at, u.created_at,
    pa.updated_at AS identity_at, bp.slug, bp.kennel_name,
    coalesce(placed.count, 0) AS placed_count, placed.last_at AS placed_last_at,
    coalesce(upheld.count, 0) AS upheld_count,
    coalesce(revoked.badges, '{}') AS revoked, sr.review_count, sr.rating_sum,
    live.any_live AND NOT live.any_untested AS health_tested,
    CASE WHEN live.any_live AND NOT live.any_untested THEN (
      SELECT max(t.verified_at) FROM health_tests t
      WHERE t.parent_id IN (
        SELECT unnest(ARRAY[p.sire_id, p.dam_id]) FROM puppies p
        WHERE p.user_id = u.id AND p.hidden_at IS NULL AND p.expires_at > $3::timestamptz
      )
    ) END AS health_tested_at
  FROM users u
  LEFT JOIN seller_ratings sr ON sr.seller_id = u.id
  LEFT JOIN payout_accounts pa ON pa.user_id = u.id AND pa.status = 'payouts_enabled'
  LEFT JOIN breeder_profiles bp ON bp.user_id = u.id
  LEFT JOIN upheld ON upheld.against = u.id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS count, max(o.handed_over_at) AS last_at
    FROM orders o WHERE o.seller_id = u.id AND o.status = 'handed_over'
  ) placed ON true
  CROSS JOIN LATERAL (
    SELECT
      EXISTS (SELECT 1 FROM puppies p WHERE p.user_id = u.id AND p.hidden_at IS NULL AND p.expires_at > $3::timestamptz) AS any_live,
      EXISTS (
        SELECT 1 FROM puppies p
        WHERE p.user_id = u.id AND p.hidden_at IS NULL AND NOT p.health_tested AND p.expires_at > $3::timestamptz
      ) AS any_untested
  ) live
  LEFT JOIN LATERAL (
    SELECT array_agg(r.badge ORDER BY r.id)::text[] AS badges
    FROM badge_revocations r WHERE r.user_id = u.id AND r.lifted_at IS NULL
  ) revoked ON true
  WHERE u.id = ANY($1::int[])`;

/** a row of EVIDENCE as PostgreSQL names its columns */
interface EvidenceRow {
  user_id: number;
  verified_email: string | null;
  verified_email_at: string | null;
  verified_phone: string | null;
  verified_phone_at: string | null;
  created_at: string;
  identity_at: string | null;
  slug: string | null;
  kennel_name: string | null;
  placed_count: number;
  placed_last_at: string | null;
  upheld_count: number;
  revoked: string[];
  review_count: number | null;
  rating_sum: number | null;
  health_tested: boolean;
  health_tested_at: string | null;
}

export function breederRepositories(
  db: Db,
  kept: Kept,
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
      // One statement for a page of sellers (decision 0118, the note on the cards' cost): a catalogue
      // page asks this on every request, and a read per seller cost the long tail most of its throughput.
      evidence: async (sellerIds, upheldSince, now) => {
        const ids = [...new Set(sellerIds)];
        if (ids.length === 0) return new Map();
        // named: one text whatever the number of sellers, planned once per connection (decision 0103)
        const { rows } = await kept.prepared.query<EvidenceRow>(EVIDENCE, [
          ids,
          upheldSince.toISOString(),
          now.toISOString(),
        ]);
        return new Map<number, BreederEvidence>(
          rows.map((r) => [
            r.user_id,
            {
              user: {
                verifiedEmail: r.verified_email,
                verifiedEmailAt: r.verified_email_at,
                verifiedPhone: r.verified_phone,
                verifiedPhoneAt: r.verified_phone_at,
                createdAt: r.created_at,
              },
              identityAt: r.identity_at,
              placed: {
                count: r.placed_count,
                lastAt: r.placed_last_at === null ? null : new Date(r.placed_last_at).toISOString(),
              },
              upheld: r.upheld_count,
              revoked: r.revoked as BadgeKind[],
              profile: r.slug === null || r.kennel_name === null ? null : { slug: r.slug, kennelName: r.kennel_name },
              healthTested: r.health_tested
                ? { at: r.health_tested_at === null ? null : new Date(r.health_tested_at).toISOString() }
                : null,
              rating:
                r.review_count === null || r.rating_sum === null
                  ? null
                  : { reviewCount: r.review_count, ratingSum: r.rating_sum },
            },
          ]),
        );
      },
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
