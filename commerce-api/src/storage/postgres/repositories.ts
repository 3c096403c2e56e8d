// The async repositories on PostgreSQL (repositories.ts, docs/decisions/0076). Each rule the domain
// used to check-then-change is one statement here that only one caller can win: a unique constraint
// (usernames, one live order per puppy, event ids, favourites, one application per user) or an
// UPDATE … WHERE <the state it may change from> … RETURNING, which under READ COMMITTED re-checks
// its WHERE on the row a concurrent winner committed. Times come in as `now` (the app's clock).
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { OrderStatus, VerificationCode } from '../../domain/model.ts';
import { PuppyHasLiveOrderError, UsernameTakenError, type AsyncStorage, type Repositories } from '../repositories.ts';
import { searchPublic } from './catalogue.ts';
import { postgresReadiness } from './readiness.ts';
import type { Database, Db } from './schema.ts';

const LIVE: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];

function uniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === constraint;
}

/** the model leaves `client` out on old rows; the table says null */
function code(row: Omit<VerificationCode, 'client'> & { client: string | null }): VerificationCode {
  const { client, ...rest } = row;
  return client === null ? rest : { ...rest, client };
}

/** whether a patch changes anything: keys set to undefined are left as they were (as on lowdb) */
function changesSomething(patch: object): boolean {
  return Object.values(patch).some((value) => value !== undefined);
}

async function usedBytes(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('uploads').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('bytes'), sql<string>`0`).as('n')).where('userId', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** runs fn in the caller's transaction, or in a new one when the caller has none */
function atomically<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

/** a transaction-scoped advisory lock on a text key (the same key in every process) */
async function lockKey(trx: Transaction<Database>, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

function repositories(db: Db): Repositories {
  return {
    users: {
      get: (id) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
      findByUsername: (username) => db.selectFrom('users').selectAll().where('usernameKey', '=', username.toLowerCase()).executeTakeFirst(),
      create: async (row) => {
        try {
          return await db.insertInto('users').values({ ...row, usernameKey: row.username.toLowerCase() }).returningAll().executeTakeFirstOrThrow();
        } catch (error) {
          if (uniqueViolation(error, 'users_username_key')) throw new UsernameTakenError(row.username);
          throw error;
        }
      },
      update: (id, patch) =>
        changesSomething(patch)
          ? db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst()
          : db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
      lock: (id) => db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    },
    breeds: {
      list: () => db.selectFrom('breeds').selectAll().orderBy('id').execute(),
      insert: (row) => db.insertInto('breeds').values(row).returningAll().executeTakeFirstOrThrow(),
    },
    sessions: {
      get: (id) => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
      create: (row) => db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow(),
      extend: (id, expiresAt) => db.updateTable('sessions').set({ expiresAt }).where('id', '=', id).returningAll().executeTakeFirst(),
      revoke: (id, now) =>
        db
          .updateTable('sessions')
          .set({ revokedAt: sql<string>`coalesce(revoked_at, ${now.toISOString()}::timestamptz)` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
    },
    puppies: {
      get: (id) => db.selectFrom('puppies').selectAll().where('id', '=', id).executeTakeFirst(),
      insert: (row) => db.insertInto('puppies').values(row).returningAll().executeTakeFirstOrThrow(),
      update: (id, patch) =>
        changesSomething(patch)
          ? db.updateTable('puppies').set(patch).where('id', '=', id).returningAll().executeTakeFirst()
          : db.selectFrom('puppies').selectAll().where('id', '=', id).executeTakeFirst(),
      remove: async (id) => (await db.deleteFrom('puppies').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
      lock: (id) => db.selectFrom('puppies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
      reserve: (id, now) =>
        db
          .updateTable('puppies')
          .set({ status: 'reserved', updatedAt: now.toISOString() })
          .where('id', '=', id)
          .where('status', '=', 'available')
          .where('expiresAt', '>', now.toISOString())
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('orders').select('orders.id').whereRef('orders.puppyId', '=', 'puppies.id').where('orders.status', 'in', LIVE))),
          )
          .returningAll()
          .executeTakeFirst(),
      activateWithinLimit: (id, sellerId, limit, expiresAt, now) =>
        atomically(db, async (trx) => {
          // the seller's row is the lock that serialises their activations across processes
          if (!(await trx.selectFrom('users').select('id').where('id', '=', sellerId).forUpdate().executeTakeFirst())) return undefined;
          if (limit !== null) {
            const live = await trx
              .selectFrom('puppies')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('userId', '=', sellerId)
              .where('id', '<>', id)
              .where('expiresAt', '>', now.toISOString())
              .executeTakeFirstOrThrow();
            if (Number(live.n) >= limit) return undefined;
          }
          return trx
            .updateTable('puppies')
            .set({ expiresAt, updatedAt: now.toISOString() })
            .where('id', '=', id)
            .where('userId', '=', sellerId)
            .returningAll()
            .executeTakeFirst();
        }),
      searchPublic: (query, now) => searchPublic(db, query, now),
    },
    orders: {
      get: (id) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),
      findByIntent: (intentId) => db.selectFrom('orders').selectAll().where('paymentIntentId', '=', intentId).executeTakeFirst(),
      findLive: (puppyId) => db.selectFrom('orders').selectAll().where('puppyId', '=', puppyId).where('status', 'in', LIVE).executeTakeFirst(),
      create: async (row) => {
        try {
          return await db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
        } catch (error) {
          if (uniqueViolation(error, 'orders_one_live_per_puppy')) throw new PuppyHasLiveOrderError(row.puppyId);
          throw error;
        }
      },
      transition: async (id, from, patch) => {
        try {
          return await db.updateTable('orders').set(patch).where('id', '=', id).where('status', 'in', from).returningAll().executeTakeFirst();
        } catch (error) {
          if (uniqueViolation(error, 'orders_one_live_per_puppy')) {
            const order = await db.selectFrom('orders').select('puppyId').where('id', '=', id).executeTakeFirst();
            throw new PuppyHasLiveOrderError(order?.puppyId ?? 0);
          }
          throw error;
        }
      },
      listByBuyer: (buyerId) => db.selectFrom('orders').selectAll().where('buyerId', '=', buyerId).orderBy('id').execute(),
    },
    paymentEvents: {
      claim: (eventId, type, now) =>
        db
          .insertInto('paymentEvents')
          .values({ eventId, type, processedAt: now.toISOString() })
          .onConflict((oc) => oc.column('eventId').doNothing())
          .returningAll()
          .executeTakeFirst(),
    },
    listingFees: {
      findByIntent: (intentId) => db.selectFrom('listingFeePayments').selectAll().where('paymentIntentId', '=', intentId).executeTakeFirst(),
      createForIntent: async (row) => {
        const created = await db
          .insertInto('listingFeePayments')
          .values(row)
          .onConflict((oc) => oc.column('paymentIntentId').doNothing())
          .returningAll()
          .executeTakeFirst();
        return created ?? db.selectFrom('listingFeePayments').selectAll().where('paymentIntentId', '=', row.paymentIntentId).executeTakeFirstOrThrow();
      },
      recentPending: (userId, puppyId) =>
        db
          .selectFrom('listingFeePayments')
          .selectAll()
          .where('userId', '=', userId)
          .where('puppyId', '=', puppyId)
          .where('status', '=', 'pending')
          .orderBy('id', 'desc')
          .limit(3)
          .execute(),
      markSucceeded: (intentId, now) =>
        db
          .updateTable('listingFeePayments')
          .set({ status: 'succeeded', paidAt: now.toISOString() })
          .where('paymentIntentId', '=', intentId)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst(),
      markCanceled: (intentId) =>
        db
          .updateTable('listingFeePayments')
          .set({ status: 'canceled' })
          .where('paymentIntentId', '=', intentId)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst(),
    },
    verificationCodes: {
      get: async (id) => {
        const row = await db.selectFrom('verificationCodes').selectAll().where('id', '=', id).executeTakeFirst();
        return row && code(row);
      },
      issue: (row, sentSince) =>
        atomically(db, async (trx) => {
          // The resend limit is check-then-insert over several rows: serialise it per owner and per
          // client across processes (in a fixed order, so two issuers never wait on each other).
          const keys = [`verify-owner:${row.owner}`, ...(row.client !== undefined ? [`verify-client:${row.client}`] : [])].sort();
          for (const key of keys) await lockKey(trx, key);
          const recent = await trx
            .selectFrom('verificationCodes')
            .select('id')
            .where('sentAt', '>', sentSince.toISOString())
            .where((eb) => (row.client !== undefined ? eb.or([eb('owner', '=', row.owner), eb('client', '=', row.client)]) : eb('owner', '=', row.owner)))
            .executeTakeFirst();
          if (recent) return undefined;
          await trx
            .deleteFrom('verificationCodes')
            .where('owner', '=', row.owner)
            .where('channel', '=', row.channel)
            .where('target', '=', row.target)
            .where('verifiedAt', 'is', null)
            .execute();
          return code(await trx.insertInto('verificationCodes').values({ ...row, client: row.client ?? null }).returningAll().executeTakeFirstOrThrow());
        }),
      findPending: async (owner, channel, target) => {
        const row = await db
          .selectFrom('verificationCodes')
          .selectAll()
          .where('owner', '=', owner)
          .where('channel', '=', channel)
          .where('target', '=', target)
          .where('verifiedAt', 'is', null)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        return row && code(row);
      },
      countAttempt: async (id, maxAttempts, now) => {
        const row = await db
          .updateTable('verificationCodes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('verifiedAt', 'is', null)
          .where('attempts', '<', maxAttempts)
          .where('expiresAt', '>', now.toISOString())
          .returningAll()
          .executeTakeFirst();
        return row && code(row);
      },
      markVerified: async (id, now) => {
        const row = await db
          .updateTable('verificationCodes')
          .set({ verifiedAt: now.toISOString() })
          .where('id', '=', id)
          .where('verifiedAt', 'is', null)
          .returningAll()
          .executeTakeFirst();
        return row && code(row);
      },
      remove: async (id) => (await db.deleteFrom('verificationCodes').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
      removeSentBefore: async (sentBefore) =>
        Number((await db.deleteFrom('verificationCodes').where('sentAt', '<', sentBefore.toISOString()).executeTakeFirst()).numDeletedRows),
    },
    favorites: {
      add: async (userId, puppyId, now) => {
        const created = await db
          .insertInto('favorites')
          .values({ userId, puppyId, createdAt: now.toISOString() })
          .onConflict((oc) => oc.columns(['userId', 'puppyId']).doNothing())
          .returningAll()
          .executeTakeFirst();
        return created ?? db.selectFrom('favorites').selectAll().where('userId', '=', userId).where('puppyId', '=', puppyId).executeTakeFirstOrThrow();
      },
      remove: async (userId, puppyId) =>
        (await db.deleteFrom('favorites').where('userId', '=', userId).where('puppyId', '=', puppyId).executeTakeFirst()).numDeletedRows > 0n,
      listByUser: (userId) => db.selectFrom('favorites').selectAll().where('userId', '=', userId).orderBy('id').execute(),
    },
    sellerApplications: {
      findByUser: (userId) => db.selectFrom('sellerApplications').selectAll().where('userId', '=', userId).executeTakeFirst(),
      upsert: (row) => {
        const { userId: _userId, ...fields } = row;
        return db
          .insertInto('sellerApplications')
          .values(row)
          .onConflict((oc) => oc.column('userId').doUpdateSet(fields))
          .returningAll()
          .executeTakeFirstOrThrow();
      },
    },
    donations: {
      findByIntent: (intentId) => db.selectFrom('donations').selectAll().where('stripePaymentIntentId', '=', intentId).executeTakeFirst(),
      createForIntent: async (row) => {
        const created = await db
          .insertInto('donations')
          .values(row)
          .onConflict((oc) => oc.column('stripePaymentIntentId').doNothing())
          .returningAll()
          .executeTakeFirst();
        return created ?? db.selectFrom('donations').selectAll().where('stripePaymentIntentId', '=', row.stripePaymentIntentId).executeTakeFirstOrThrow();
      },
      markSucceeded: (intentId) =>
        db.updateTable('donations').set({ status: 'succeeded' }).where('stripePaymentIntentId', '=', intentId).where('status', '=', 'pending').returningAll().executeTakeFirst(),
      markCanceled: (intentId) =>
        db.updateTable('donations').set({ status: 'canceled' }).where('stripePaymentIntentId', '=', intentId).where('status', '=', 'pending').returningAll().executeTakeFirst(),
    },
    contacts: {
      get: (id) => db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst(),
      insert: (row) => db.insertInto('contactMessages').values(row).returningAll().executeTakeFirstOrThrow(),
    },
    uploads: {
      usedBytes: (userId) => usedBytes(db, userId),
      record: (row, quotaBytes) =>
        atomically(db, async (trx) => {
          // the user's row serialises their uploads across processes while the quota is checked
          await trx.selectFrom('users').select('id').where('id', '=', row.userId).forUpdate().executeTakeFirst();
          if ((await usedBytes(trx, row.userId)) + row.bytes > quotaBytes) return undefined;
          return trx.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
        }),
      forgetUnused: (cutoff) =>
        db
          .deleteFrom('uploads')
          .where('createdAt', '<=', cutoff.toISOString())
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('puppies')
                  .select('puppies.id')
                  .where(sql<boolean>`puppies.image_url = uploads.url OR uploads.url = ANY(puppies.image_urls) OR puppies.video_url = uploads.url`),
              ),
            ),
          )
          .returningAll()
          .execute()
          .then((rows) => rows.sort((x, y) => x.id - y.id)),
    },
    settings: {
      get: () => db.selectFrom('settings').select('paymentMode').executeTakeFirstOrThrow(),
      set: (patch) =>
        changesSomething(patch)
          ? db.updateTable('settings').set(patch).returning('paymentMode').executeTakeFirstOrThrow()
          : db.selectFrom('settings').select('paymentMode').executeTakeFirstOrThrow(),
    },
  };
}

export function createKysely(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

/** the repositories on a pool (pool.ts); close() ends the pool */
export function createPostgresRepositories(pool: pg.Pool): AsyncStorage {
  const db = createKysely(pool);
  return {
    ...repositories(db),
    transaction: (fn) => db.transaction().execute((trx) => fn(repositories(trx))),
    ready: () => postgresReadiness(pool),
    close: async () => {
      await db.destroy();
      // Kysely ends the pool only if it ever ran a query through it
      if (!pool.ended) await pool.end();
    },
  };
}
