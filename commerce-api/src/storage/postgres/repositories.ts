// The async repositories on PostgreSQL (repositories.ts, docs/decisions/0076). Each rule the domain
// used to check-then-change is one statement here that only one caller can win: a unique constraint
// (usernames, one live order per puppy, event ids, favourites, one application per user) or an
// UPDATE … WHERE <the state it may change from> … RETURNING, which under READ COMMITTED re-checks
// its WHERE on the row a concurrent winner committed. Times come in as `now` (the app's clock).
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Breed, Message, OrderStatus, VerificationCode } from '../../domain/model.ts';
import { createAnnouncements } from './announcements.ts';
import { OrderForIntentExistsError, PuppyHasLiveOrderError, UsernameTakenError, type AsyncStorage, type JobLeases, type RateLimitCounters, type Repositories } from '../repositories.ts';
import { searchPublic } from './catalogue.ts';
import { postgresReadiness } from './readiness.ts';
import type { Database, Db } from './schema.ts';

const LIVE: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];
const FOREIGN_KEY_VIOLATION = '23503';
/**
 * How long a process keeps the breed list. Breeds come from the seed (no screen edits them) and every
 * catalogue answer names them: one query less per request. A breed the seed adds on another process
 * shows here within this time.
 */
const BREEDS_KEPT_MS = 60_000;

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

/** issue 15: a message into a conversation, which moves its last message (inside the caller's transaction) */
async function addMessage(trx: Transaction<Database>, conversationId: number, message: Pick<Message, 'senderId' | 'body' | 'flags'>, at: string) {
  const conversation = await trx
    .updateTable('conversations')
    .set({
      lastMessageAt: at,
      lastSenderId: message.senderId,
      buyerReadAt: sql<string>`CASE WHEN buyer_id = ${message.senderId} THEN ${at}::timestamptz ELSE buyer_read_at END`,
      sellerReadAt: sql<string>`CASE WHEN seller_id = ${message.senderId} THEN ${at}::timestamptz ELSE seller_read_at END`,
    })
    .where('id', '=', conversationId)
    .returningAll()
    .executeTakeFirst();
  if (!conversation) return undefined;
  const saved = await trx
    .insertInto('messages')
    .values({ conversationId, senderId: message.senderId, body: message.body, flags: [...message.flags], createdAt: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { conversation, message: saved };
}

/** what one store (one pool) keeps between calls */
interface Kept {
  breeds?: { rows: Breed[]; until: number };
}

function repositories(db: Db, kept: Kept): Repositories {
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
      list: async () => {
        if (kept.breeds && kept.breeds.until > Date.now()) return kept.breeds.rows;
        const rows = await db.selectFrom('breeds').selectAll().orderBy('id').execute();
        kept.breeds = { rows, until: Date.now() + BREEDS_KEPT_MS };
        return rows;
      },
      insert: async (row) => {
        delete kept.breeds;
        return db.insertInto('breeds').values(row).returningAll().executeTakeFirstOrThrow();
      },
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
          .where('hiddenAt', 'is', null) // issue 15: a hidden listing is not for sale
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
      // ---- issue 13, listings area ----
      listBySeller: (userId) => db.selectFrom('puppies').selectAll().where('userId', '=', userId).orderBy('id', 'desc').execute(),
      listPublicStamps: (now) =>
        db
          .selectFrom('puppies')
          .select(['id', 'updatedAt'])
          .where('expiresAt', '>', now.toISOString())
          .where('hiddenAt', 'is', null)
          .orderBy('id', 'desc')
          .execute(),
      mediaInUse: async (urls, exceptId) => {
        const used = new Set<string>();
        if (urls.length === 0) return used;
        const list = [...urls];
        const rows = await db
          .selectFrom('puppies')
          .select(['imageUrl', 'imageUrls', 'videoUrl'])
          .where('id', '<>', exceptId)
          .where(sql<boolean>`(image_url = ANY(${list}::text[]) OR image_urls && ${list}::text[] OR video_url = ANY(${list}::text[]))`)
          .execute();
        const wanted = new Set(list);
        for (const row of rows) for (const url of [row.imageUrl, ...row.imageUrls, ...(row.videoUrl ? [row.videoUrl] : [])]) if (wanted.has(url)) used.add(url);
        return used;
      },
      // ---- end listings area ----
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
          if (uniqueViolation(error, 'orders_payment_intent_id_key')) throw new OrderForIntentExistsError(row.paymentIntentId);
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
      findByReference: (reference) => db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst(),
      listLiveBySeller: (sellerId) => db.selectFrom('orders').selectAll().where('sellerId', '=', sellerId).where('status', 'in', LIVE).orderBy('id').execute(),
      lock: (id) => db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    },
    paymentEvents: {
      claim: (eventId, type, now) =>
        db
          .insertInto('paymentEvents')
          .values({ eventId, type, processedAt: now.toISOString() })
          .onConflict((oc) => oc.column('eventId').doNothing())
          .returningAll()
          .executeTakeFirst(),
      release: async (eventId) => {
        const result = await db.deleteFrom('paymentEvents').where('eventId', '=', eventId).executeTakeFirst();
        return result.numDeletedRows > 0n;
      },
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
      pendingOfUser: (userId, puppyId, limit) => {
        let query = db.selectFrom('listingFeePayments').selectAll().where('userId', '=', userId).where('status', '=', 'pending');
        if (puppyId !== undefined) query = query.where('puppyId', '=', puppyId);
        return query.orderBy('id', 'desc').limit(limit).execute();
      },
    },
    sellerSubscriptions: {
      findByProviderId: (providerId) => db.selectFrom('sellerSubscriptions').selectAll().where('providerSubscriptionId', '=', providerId).executeTakeFirst(),
      findActive: (userId, now) =>
        db
          .selectFrom('sellerSubscriptions')
          .selectAll()
          .where('userId', '=', userId)
          .where('status', 'in', ['trialing', 'active'])
          .where((eb) => eb.or([eb('currentPeriodEnd', 'is', null), eb('currentPeriodEnd', '>', now.toISOString())]))
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
      createForProvider: async (row) => {
        const created = await db
          .insertInto('sellerSubscriptions')
          .values(row)
          .onConflict((oc) => oc.column('providerSubscriptionId').doNothing())
          .returningAll()
          .executeTakeFirst();
        return created ?? db.selectFrom('sellerSubscriptions').selectAll().where('providerSubscriptionId', '=', row.providerSubscriptionId).executeTakeFirstOrThrow();
      },
      transition: (providerId, from, patch) =>
        from.length === 0
          ? Promise.resolve(undefined)
          : db
              .updateTable('sellerSubscriptions')
              // an empty patch still answers the row when it is in one of `from`
              .set(changesSomething(patch) ? patch : { status: sql`status` })
              .where('providerSubscriptionId', '=', providerId)
              .where('status', 'in', from)
              .returningAll()
              .executeTakeFirst(),
      markCardVerified: (providerId, now) =>
        db
          .updateTable('sellerSubscriptions')
          .set({ status: sql`CASE WHEN trial_end > ${now.toISOString()}::timestamptz THEN 'trialing' ELSE 'active' END` })
          .where('providerSubscriptionId', '=', providerId)
          .where('status', '=', 'incomplete')
          .returningAll()
          .executeTakeFirst(),
      listByUser: (userId) => db.selectFrom('sellerSubscriptions').selectAll().where('userId', '=', userId).orderBy('id').execute(),
      countLiveListings: async (userId, now) => {
        const row = await db
          .selectFrom('puppies')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('userId', '=', userId)
          .where('expiresAt', '>', now.toISOString())
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
    },
    verificationCodes: {
      get: async (id) => {
        const row = await db.selectFrom('verificationCodes').selectAll().where('id', '=', id).executeTakeFirst();
        return row && code(row);
      },
      issue: (row, sentSince) =>
        atomically(db, async (trx) => {
          // The resend limit is check-then-insert over the rows of one channel and target (every row
          // it reads, deletes or adds has them): serialise it per target across processes. One lock
          // per call, so two issuers never wait on each other in a cycle.
          await lockKey(trx, `verify-target:${row.channel}:${row.target}`);
          const recent = await trx
            .selectFrom('verificationCodes')
            .select('id')
            .where('channel', '=', row.channel)
            .where('target', '=', row.target)
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
      listVerified: async (owners, verifiedSince) => {
        if (owners.length === 0) return [];
        const rows = await db
          .selectFrom('verificationCodes')
          .selectAll()
          .where('owner', 'in', owners)
          .where('verifiedAt', '>', verifiedSince.toISOString())
          .orderBy('id')
          .execute();
        return rows.map(code);
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
        try {
          const created = await db
            .insertInto('favorites')
            .values({ userId, puppyId, createdAt: now.toISOString() })
            .onConflict((oc) => oc.columns(['userId', 'puppyId']).doNothing())
            .returningAll()
            .executeTakeFirst();
          return created ?? (await db.selectFrom('favorites').selectAll().where('userId', '=', userId).where('puppyId', '=', puppyId).executeTakeFirst());
        } catch (error) {
          // the puppy's row is gone (favorites_puppy_id_fkey): the foreign key decided, as lowdb's check does
          if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return undefined;
          throw error;
        }
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
    localPayments: {
      count: async (kind) => {
        let query = db.selectFrom('localPayments').select((eb) => eb.fn.countAll<number>().as('n'));
        if (kind) query = query.where('kind', '=', kind);
        return Number((await query.executeTakeFirstOrThrow()).n);
      },
      find: (providerId, kind) => db.selectFrom('localPayments').selectAll().where('providerId', '=', providerId).where('kind', '=', kind).executeTakeFirst(),
      findByClientSecret: (secret) =>
        secret
          ? db.selectFrom('localPayments').selectAll().where('clientSecret', '=', secret).where('kind', 'in', ['payment_intent', 'setup_intent']).executeTakeFirst()
          : Promise.resolve(undefined),
      findByIdempotencyKey: (key) => db.selectFrom('localPayments').selectAll().where('idempotencyKey', '=', key).executeTakeFirst(),
      findSetupOf: (subscriptionId) =>
        db.selectFrom('localPayments').selectAll().where('kind', '=', 'setup_intent').where(sql<string>`metadata->>'subscription'`, '=', subscriptionId).executeTakeFirst(),
      createOnce: async (row) => {
        const created = await db
          .insertInto('localPayments')
          .values({ ...row, metadata: JSON.stringify(row.metadata) as unknown as Record<string, string> })
          .onConflict((oc) => oc.column('idempotencyKey').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (created) return { row: created, created: true };
        return { row: await db.selectFrom('localPayments').selectAll().where('idempotencyKey', '=', row.idempotencyKey).executeTakeFirstOrThrow(), created: false };
      },
      transition: (id, from, patch) => {
        const { metadata, ...rest } = patch;
        const values = metadata === undefined ? rest : { ...rest, metadata: JSON.stringify(metadata) as unknown as Record<string, string> };
        return db.updateTable('localPayments').set(values).where('id', '=', id).where('status', 'in', from).returningAll().executeTakeFirst();
      },
      refund: (id, now) =>
        db
          .updateTable('localPayments')
          .set((eb) => ({ refundedCents: eb.ref('amountCents'), updatedAt: now.toISOString() }))
          .where('id', '=', id)
          .where('status', '=', 'succeeded')
          .where(sql<boolean>`coalesce(refunded_cents, 0) < amount_cents`)
          .returningAll()
          .executeTakeFirst(),
    },
    contacts: {
      get: (id) => db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst(),
      insert: (row) => db.insertInto('contactMessages').values(row).returningAll().executeTakeFirstOrThrow(),
    },
    uploads: {
      usedBytes: (userId) => usedBytes(db, userId),
      listByUser: (userId) => db.selectFrom('uploads').selectAll().where('userId', '=', userId).orderBy('id').execute(),
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
    // ---- issue 15: conversations, reports, moderation ----
    conversations: {
      get: (id) => db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst(),
      findByPuppyAndBuyer: (puppyId, buyerId) =>
        db.selectFrom('conversations').selectAll().where('puppyId', '=', puppyId).where('buyerId', '=', buyerId).executeTakeFirst(),
      startOrContinue: (row, message, now) =>
        atomically(db, async (trx) => {
          const at = now.toISOString();
          // one per puppy and buyer: the unique index decides between two first inquiries at once
          await trx
            .insertInto('conversations')
            .values({
              ...row,
              createdAt: at,
              lastMessageAt: at,
              lastSenderId: message.senderId,
              buyerReadAt: null,
              sellerReadAt: null,
              buyerMailedAt: null,
              sellerMailedAt: null,
            })
            .onConflict((oc) => oc.columns(['puppyId', 'buyerId']).doNothing())
            .execute();
          const conversation = await trx
            .selectFrom('conversations')
            .select('id')
            .where('puppyId', '=', row.puppyId)
            .where('buyerId', '=', row.buyerId)
            .executeTakeFirstOrThrow();
          return (await addMessage(trx, conversation.id, message, at))!;
        }),
      addMessage: (conversationId, message, now) => atomically(db, (trx) => addMessage(trx, conversationId, message, now.toISOString())),
      listByUser: (userId) =>
        db
          .selectFrom('conversations')
          .selectAll()
          .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)]))
          .orderBy('lastMessageAt', 'desc')
          .orderBy('id', 'desc')
          .execute(),
      countUnread: async (userId) => {
        const row = await db
          .selectFrom('conversations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('lastSenderId', '<>', userId)
          .where((eb) =>
            eb.or([
              eb.and([eb('buyerId', '=', userId), eb.or([eb('buyerReadAt', 'is', null), eb('buyerReadAt', '<', eb.ref('lastMessageAt'))])]),
              eb.and([eb('sellerId', '=', userId), eb.or([eb('sellerReadAt', 'is', null), eb('sellerReadAt', '<', eb.ref('lastMessageAt'))])]),
            ]),
          )
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
      countByPuppies: async (puppyIds) => {
        if (puppyIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('conversations')
          .select((eb) => ['puppyId', eb.fn.countAll<string>().as('n')])
          .where('puppyId', 'in', [...puppyIds])
          .groupBy('puppyId')
          .execute();
        return new Map(rows.map((r) => [r.puppyId, Number(r.n)]));
      },
      markRead: async (id, userId, now) => {
        const at = now.toISOString();
        return db
          .updateTable('conversations')
          .set({
            buyerReadAt: sql<string>`CASE WHEN buyer_id = ${userId} THEN ${at}::timestamptz ELSE buyer_read_at END`,
            sellerReadAt: sql<string>`CASE WHEN seller_id = ${userId} THEN ${at}::timestamptz ELSE seller_read_at END`,
          })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)]))
          .returningAll()
          .executeTakeFirst();
      },
      claimMail: async (id, recipientId, now, mailedBefore) => {
        const at = now.toISOString();
        const before = mailedBefore.toISOString();
        // one conditional UPDATE: two senders at once cannot both claim the recipient's mail
        const row = await db
          .updateTable('conversations')
          .set({
            buyerMailedAt: sql<string>`CASE WHEN buyer_id = ${recipientId} THEN ${at}::timestamptz ELSE buyer_mailed_at END`,
            sellerMailedAt: sql<string>`CASE WHEN seller_id = ${recipientId} THEN ${at}::timestamptz ELSE seller_mailed_at END`,
          })
          .where('id', '=', id)
          .where(
            sql<boolean>`CASE WHEN buyer_id = ${recipientId}
              THEN buyer_mailed_at IS NULL OR buyer_mailed_at <= ${before}::timestamptz OR buyer_read_at >= buyer_mailed_at
              WHEN seller_id = ${recipientId}
              THEN seller_mailed_at IS NULL OR seller_mailed_at <= ${before}::timestamptz OR seller_read_at >= seller_mailed_at
              ELSE false END`,
          )
          .returning('id')
          .executeTakeFirst();
        return row !== undefined;
      },
    },
    messages: {
      get: (id) => db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst(),
      listByConversation: (conversationId) => db.selectFrom('messages').selectAll().where('conversationId', '=', conversationId).orderBy('id').execute(),
      lastOf: async (conversationIds) => {
        if (conversationIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('messages')
          .selectAll()
          .distinctOn('conversationId')
          .where('conversationId', 'in', [...conversationIds])
          .orderBy('conversationId')
          .orderBy('id', 'desc')
          .execute();
        return new Map(rows.map((m) => [m.conversationId, m]));
      },
    },
    reports: {
      get: (id) => db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst(),
      create: (row) => db.insertInto('reports').values({ ...row, status: 'open', resolvedAt: null, resolvedBy: null }).returningAll().executeTakeFirstOrThrow(),
      listOpen: () => db.selectFrom('reports').selectAll().where('status', '=', 'open').orderBy('id').execute(),
      resolve: (id, adminId, now) =>
        db
          .updateTable('reports')
          .set({ status: 'resolved', resolvedAt: now.toISOString(), resolvedBy: adminId })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirst(),
    },
    moderation: {
      record: (row) => db.insertInto('moderationActions').values(row).returningAll().executeTakeFirstOrThrow(),
      listActions: (limit) => db.selectFrom('moderationActions').selectAll().orderBy('id', 'desc').limit(limit).execute(),
      hideListing: (puppyId, reason, now) =>
        db.updateTable('puppies').set({ hiddenAt: now.toISOString(), hiddenReason: reason }).where('id', '=', puppyId).returningAll().executeTakeFirst(),
      unhideListing: (puppyId) => db.updateTable('puppies').set({ hiddenAt: null, hiddenReason: null }).where('id', '=', puppyId).returningAll().executeTakeFirst(),
      suspendUser: (userId, reason, now) =>
        atomically(db, async (trx) => {
          const at = now.toISOString();
          const user = await trx
            .updateTable('users')
            .set({ suspendedAt: sql<string>`coalesce(suspended_at, ${at}::timestamptz)` })
            .where('id', '=', userId)
            .returningAll()
            .executeTakeFirst();
          if (!user) return undefined;
          await trx.updateTable('puppies').set({ hiddenAt: at, hiddenReason: reason }).where('userId', '=', userId).where('hiddenAt', 'is', null).execute();
          return user;
        }),
      unsuspendUser: (userId, reason) =>
        atomically(db, async (trx) => {
          const user = await trx.updateTable('users').set({ suspendedAt: null }).where('id', '=', userId).returningAll().executeTakeFirst();
          if (!user) return undefined;
          await trx.updateTable('puppies').set({ hiddenAt: null, hiddenReason: null }).where('userId', '=', userId).where('hiddenReason', '=', reason).execute();
          return user;
        }),
      listHidden: () => db.selectFrom('puppies').selectAll().where('hiddenAt', 'is not', null).orderBy('id').execute(),
      listSuspended: () => db.selectFrom('users').selectAll().where('suspendedAt', 'is not', null).orderBy('id').execute(),
    },
    // ---- end issue 15 ----
    settings: {
      get: () => db.selectFrom('settings').select('paymentMode').executeTakeFirstOrThrow(),
      set: (patch) =>
        changesSomething(patch)
          ? db.updateTable('settings').set(patch).returning('paymentMode').executeTakeFirstOrThrow()
          : db.selectFrom('settings').select('paymentMode').executeTakeFirstOrThrow(),
    },
  };
}

/** issue 14: one statement per hit, so two processes counting one key at once both count */
function rateLimitCounters(db: Kysely<Database>): RateLimitCounters {
  return {
    hit: async (key, windowMs, now) => {
      const at = now.toISOString();
      const ends = new Date(now.getTime() + windowMs).toISOString();
      const row = await db
        .insertInto('rateLimitHits')
        .values({ key, windowEndsAt: ends, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limit_hits.window_ends_at <= ${at} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
            windowEndsAt: sql<string>`CASE WHEN rate_limit_hits.window_ends_at <= ${at} THEN ${ends}::timestamptz ELSE rate_limit_hits.window_ends_at END`,
          }),
        )
        .returning(['hits', 'windowEndsAt'])
        .executeTakeFirstOrThrow();
      return { hits: row.hits, windowEndsAt: new Date(row.windowEndsAt) };
    },
    unhit: async (key) => {
      await db.updateTable('rateLimitHits').set({ hits: sql<number>`greatest(hits - 1, 0)` }).where('key', '=', key).execute();
    },
    reset: async (key) => {
      await db.deleteFrom('rateLimitHits').where('key', '=', key).execute();
    },
    sweep: async (before) => Number((await db.deleteFrom('rateLimitHits').where('windowEndsAt', '<', before.toISOString()).executeTakeFirst()).numDeletedRows),
  };
}

function jobLeases(db: Kysely<Database>): JobLeases {
  return {
    // One statement decides: the upsert only touches the row when the last run is old enough, and
    // RETURNING says whether this caller's write happened. Row locks order concurrent claims.
    claim: async (name, minGapMs, now) => {
      const at = now.toISOString();
      const due = new Date(now.getTime() - minGapMs).toISOString();
      const row = await db
        .insertInto('jobLeases')
        .values({ name, startedAt: at })
        .onConflict((oc) => oc.column('name').doUpdateSet({ startedAt: at }).where('jobLeases.startedAt', '<=', due))
        .returning('name')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export function createKysely(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

/** the repositories on a pool (pool.ts); close() ends the pool */
export function createPostgresRepositories(pool: pg.Pool): AsyncStorage {
  const db = createKysely(pool);
  const kept: Kept = {};
  const announcements = createAnnouncements(pool);
  let closed = false;
  return {
    ...repositories(db, kept),
    transaction: (fn) => db.transaction().execute((trx) => fn(repositories(trx, kept))),
    rateLimits: rateLimitCounters(db),
    jobLeases: jobLeases(db),
    announcements,
    // closed: the process is stopping, whatever the database would say (as on lowdb)
    ready: () => (closed ? Promise.resolve({ ok: false as const, reason: 'store closed' }) : postgresReadiness(pool)),
    close: async () => {
      closed = true;
      // the LISTEN connection first: the pool ends only once every connection is back
      await announcements.close();
      await db.destroy();
      // Kysely ends the pool only if it ever ran a query through it
      if (!pool.ended) await pool.end();
    },
  };
}
