// npm run db:import: a lowdb database (DATA_DIR/db.json) copied into PostgreSQL, ids kept, so every
// reference between rows stays true. Idempotent: a row whose id (or unique key) is already there is
// left alone and counted as such; the identity sequences then continue after the highest id, or after
// lowdb's own sequence when that is higher (an id lowdb handed out once is never handed out again).
import type pg from 'pg';
import type { CollectionName, DbShape } from '../../domain/model.ts';
import { migrate } from './migrate.ts';
import { SYNCHRONOUS_COMMIT } from './ready-to-serve.ts';
import { placedAt, zipOfPlace } from '../../domain/zip-gazetteer.ts';

/** every collection with its table, parents before the rows that point at them */
const TABLES: ReadonlyArray<readonly [CollectionName, string]> = [
  ['users', 'users'],
  ['breeds', 'breeds'],
  ['puppies', 'puppies'],
  ['sessions', 'sessions'],
  ['contactMessages', 'contact_messages'],
  ['favorites', 'favorites'],
  ['orders', 'orders'],
  ['listingFeePayments', 'listing_fee_payments'],
  ['donations', 'donations'],
  ['sellerSubscriptions', 'seller_subscriptions'],
  ['paymentEvents', 'payment_events'],
  ['verificationCodes', 'verification_codes'],
  ['sellerApplications', 'seller_applications'],
  ['localPayments', 'local_payments'],
  ['uploads', 'uploads'],
  // conversations and moderation (decisions 0090–0092)
  ['conversations', 'conversations'],
  ['messages', 'messages'],
  ['reports', 'reports'],
  ['moderationActions', 'moderation_actions'],
  // seller payouts, decision 0101 (after orders and users, which they point at)
  ['payouts', 'payouts'],
  ['payoutAccounts', 'payout_accounts'],
  // breeder pages and earned badges, decision 0118 (after users)
  ['breederProfiles', 'breeder_profiles'],
  ['badgeRevocations', 'badge_revocations'],
  // reviews and the sellers' ratings, decision 0119 (after orders)
  ['reviews', 'reviews'],
  ['sellerRatings', 'seller_ratings'],
  // parents and their health tests, decision 0121 (after users and breeds; a listing's sire_id and dam_id
  // carry no foreign key, so the puppies before them are fine)
  ['parentDogs', 'parent_dogs'],
  ['healthTests', 'health_tests'],
  // saved searches and alerts, decision 0131 (after users and puppies)
  ['savedSearches', 'saved_searches'],
  ['alertDeliveries', 'alert_deliveries'],
  ['alertMarks', 'alert_marks'],
  // featured listings, decision 0134 (after users and puppies)
  ['listingFeatures', 'listing_features'],
  // listing insights' daily views, decision 0135 (after puppies). The day's marks and salt are not copied:
  // they are a day's dedup only, and a fresh salt starts the count again
  ['listingViewDays', 'listing_view_days'],
];

export interface ImportedCollection {
  collection: CollectionName;
  /** its table in PostgreSQL */
  table: string;
  copied: number;
  /** rows already in the database (an earlier import) */
  skipped: number;
}

/**
 * What a row written before a field existed means by its absence: jsonb_populate_recordset gives a missing
 * key NULL, not the column's default (migration 0010: an order's mode, an event applied, a hold's reason).
 */
const FILL: Partial<Record<CollectionName, (row: Record<string, unknown>) => Record<string, unknown>>> = {
  orders: (row) => ({ livemode: false, ...row }),
  paymentEvents: (row) => ({ appliedAt: row['processedAt'], ...row }),
  payouts: (row) => ({ holdReason: row['status'] === 'held' ? 'problem' : null, ...row }),
  // a listing written before parents existed names none and is not health-tested (decision 0121); one
  // from before ZIP codes gets its town's, as normaliseDb gives it (decision 0129)
  puppies: (row) => ({
    sireId: null,
    damId: null,
    healthTested: false,
    ...('zip' in row ? {} : placedAt(typeof row['location'] === 'string' ? zipOfPlace(row['location']) : undefined)),
    ...row,
  }),
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** migrates, then copies `data` in one transaction: all of it or, on an error, nothing */
export async function importLowdb(pool: pg.Pool, data: DbShape, now: Date = new Date()): Promise<ImportedCollection[]> {
  await migrate(pool, now);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // db:import runs VACUUM ANALYZE of what this wrote right after it (ready-to-serve.ts)
    await client.query(SYNCHRONOUS_COMMIT);
    const report: ImportedCollection[] = [];
    for (const [collection, table] of TABLES) {
      const rows: ReadonlyArray<object> = data[collection];
      // every column but those PostgreSQL computes (the listings' places on the sphere, migration 0025)
      const columns = (
        await client.query<{ name: string }>(
          `SELECT quote_ident(attname) AS name FROM pg_attribute
           WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          [table],
        )
      ).rows
        .map((c) => c.name)
        .join(', ');
      let copied = 0;
      for (let i = 0; i < rows.length; i += 1000) {
        const fill = FILL[collection] ?? ((row: Record<string, unknown>) => row);
        const chunk = rows
          .slice(i, i + 1000)
          .map((row) =>
            Object.fromEntries(Object.entries(fill(row as Record<string, unknown>)).map(([k, v]) => [snake(k), v])),
          );
        // the table's own row type reads the JSON: arrays become text[], objects jsonb, ISO strings timestamptz
        const result = await client.query(
          `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) ON CONFLICT DO NOTHING`,
          [JSON.stringify(chunk)],
        );
        copied += result.rowCount ?? 0;
      }
      const lowdbSequence = data.sequences[collection] ?? 0;
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, 'id'), greatest($2::int, (SELECT coalesce(max(id), 0) FROM ${table}), 1),
                greatest($2::int, (SELECT coalesce(max(id), 0) FROM ${table})) > 0)`,
        [table, lowdbSequence],
      );
      report.push({ collection, table, copied, skipped: rows.length - copied });
    }
    await client.query('UPDATE settings SET payment_mode = $1', [data.settings.paymentMode]);
    await client.query('COMMIT');
    return report;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
