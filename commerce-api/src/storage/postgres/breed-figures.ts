// A breed page's live figures on PostgreSQL (decision 0130): one statement over the breed's public
// listings, found through the catalogue's breed index (puppies_breed_cover: breed_id, status, price;
// migration 0006), so a page reads a few hundred index entries of one breed, never the whole table.
import { sql } from 'kysely';
import type { BreedListingFigures } from '../../domain/store/index.ts';
import type { Db } from './schema.ts';

export async function breedFigures(db: Db, breedId: number, now: Date): Promise<BreedListingFigures> {
  // percentile_cont as domain/store/breed-figures.ts computes it for lowdb; numeric round() is half up here
  const { rows } = await sql<{
    available: number;
    listings: number;
    low: number | null;
    high: number | null;
    sellers: Array<{ userId: number; listings: number }>;
  }>`
    WITH live AS (
      SELECT user_id, status, price FROM puppies
      WHERE breed_id = ${breedId} AND expires_at > ${now.toISOString()} AND hidden_at IS NULL
    )
    SELECT
      (SELECT count(*) FILTER (WHERE status = 'available') FROM live)::int AS available,
      (SELECT count(*) FROM live)::int AS listings,
      (SELECT round((percentile_cont(0.25) WITHIN GROUP (ORDER BY price))::numeric) FROM live)::int AS low,
      (SELECT round((percentile_cont(0.75) WITHIN GROUP (ORDER BY price))::numeric) FROM live)::int AS high,
      (SELECT coalesce(json_agg(json_build_object('userId', user_id, 'listings', n) ORDER BY user_id), '[]'::json)
         FROM (SELECT user_id, count(*)::int AS n FROM live GROUP BY user_id) per_seller) AS sellers`.execute(db);
  const row = rows[0]!;
  return {
    available: row.available,
    listings: row.listings,
    priceQuartiles: row.low === null || row.high === null ? null : { low: row.low, high: row.high },
    sellers: row.sellers,
  };
}
