// Listing insights' views and reads (docs/decisions/0135). Part of the PostgreSQL repositories
// (../repositories.ts composes them; decision 0076). A view is counted by ONE statement: the visitor's mark
// is inserted (its unique key decides across processes: a concurrent twin waits for the winner, then does
// nothing), and the listing's day is upserted only from the mark's RETURNING row, so only when it was new.
import { sql } from 'kysely';
import type { ListingActivityDay, Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';

const dayText = sql<string>`to_char(day, 'YYYY-MM-DD')`;

export function insightRepositories(db: Db): Pick<Repositories, 'listingViews'> {
  return {
    listingViews: {
      // two statements are enough here: whoever inserts first decides, and everyone reads the row after
      daySalt: async (day, fresh) => {
        await db
          .insertInto('listingViewSalts')
          .values({ day, salt: fresh })
          .onConflict((oc) => oc.column('day').doNothing())
          .execute();
        const row = await db.selectFrom('listingViewSalts').select('salt').where('day', '=', day).executeTakeFirst();
        return row?.salt ?? fresh;
      },
      record: async ({ puppyId, day, visitorKey, source }) => {
        const one = (s: typeof source) => (source === s ? 1 : 0);
        try {
          const result = await sql<{ counted: number }>`
            WITH mark AS (
              INSERT INTO listing_view_marks (visitor_key, day) VALUES (${visitorKey}, ${day}::date)
              ON CONFLICT (visitor_key) DO NOTHING
              RETURNING 1
            )
            INSERT INTO listing_view_days AS d
              (puppy_id, day, views, from_search, from_breed, from_breeder, from_alert, from_direct, from_site, from_external)
            SELECT ${puppyId}::int, ${day}::date, 1, ${one('search')}::int, ${one('breed')}::int, ${one('breeder')}::int,
                   ${one('alert')}::int, ${one('direct')}::int, ${one('site')}::int, ${one('external')}::int
            FROM mark
            ON CONFLICT (puppy_id, day) DO UPDATE SET
              views = d.views + 1,
              from_search = d.from_search + EXCLUDED.from_search,
              from_breed = d.from_breed + EXCLUDED.from_breed,
              from_breeder = d.from_breeder + EXCLUDED.from_breeder,
              from_alert = d.from_alert + EXCLUDED.from_alert,
              from_direct = d.from_direct + EXCLUDED.from_direct,
              from_site = d.from_site + EXCLUDED.from_site,
              from_external = d.from_external + EXCLUDED.from_external
            RETURNING 1 AS counted`.execute(db);
          return result.rows.length > 0;
        } catch (error) {
          // the listing was deleted meanwhile (its foreign key): nothing to count, and the mark went with the statement
          if ((error as { code?: string }).code === '23503') return false;
          throw error;
        }
      },
      sweep: async (day) => {
        const swept = await db.deleteFrom('listingViewMarks').where('day', '<', day).executeTakeFirst();
        await db.deleteFrom('listingViewSalts').where('day', '<', day).execute();
        return Number(swept.numDeletedRows);
      },
      days: async (puppyIds, fromDay) => {
        if (puppyIds.length === 0) return [];
        return db
          .selectFrom('listingViewDays')
          .select([
            'id',
            'puppyId',
            dayText.as('day'),
            'views',
            'fromSearch',
            'fromBreed',
            'fromBreeder',
            'fromAlert',
            'fromDirect',
            'fromSite',
            'fromExternal',
          ])
          .where('puppyId', 'in', [...puppyIds])
          .where('day', '>=', fromDay)
          .execute();
      },
      activity: async (puppyIds, since) => {
        if (puppyIds.length === 0) return [];
        const ids = [...puppyIds];
        const from = since.toISOString();
        // one grouped read per table, days in UTC as the views' days
        const { rows } = await sql<ListingActivityDay>`
          SELECT puppy_id AS "puppyId", day,
                 sum(favorites)::int AS favorites, sum(conversations)::int AS conversations,
                 sum(checkouts)::int AS checkouts, sum(sales)::int AS sales
          FROM (
            SELECT puppy_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                   1 AS favorites, 0 AS conversations, 0 AS checkouts, 0 AS sales
            FROM favorites WHERE puppy_id = ANY(${ids}::int[]) AND created_at >= ${from}::timestamptz
            UNION ALL
            SELECT puppy_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, 1, 0, 0
            FROM conversations WHERE puppy_id = ANY(${ids}::int[]) AND created_at >= ${from}::timestamptz
            UNION ALL
            SELECT puppy_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, 0, 1, 0
            FROM orders WHERE puppy_id = ANY(${ids}::int[]) AND created_at >= ${from}::timestamptz
            UNION ALL
            SELECT puppy_id, to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, 0, 0, 1
            FROM orders WHERE puppy_id = ANY(${ids}::int[]) AND paid_at >= ${from}::timestamptz
          ) AS events
          GROUP BY puppy_id, day`.execute(db);
        return rows;
      },
      liveIdsOfBreed: async (breedId, now) =>
        (
          await db
            .selectFrom('puppies')
            .select('id')
            .where('breedId', '=', breedId)
            .where('expiresAt', '>', now.toISOString())
            .where('hiddenAt', 'is', null)
            .execute()
        ).map((row) => row.id),
    },
  };
}
