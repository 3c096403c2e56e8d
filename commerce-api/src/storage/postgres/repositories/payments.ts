// Money: orders, payment events applied once, listing fees, seller plans, donations and the local payment double.
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql, type Transaction } from 'kysely';
import { OrderForIntentExistsError, PuppyHasLiveOrderError, type Repositories } from '../../../domain/store/index.ts';
import type { Database, Db } from '../schema.ts';
import { changesSomething, LIVE, lockKey, uniqueViolation } from './shared.ts';

export function paymentRepositories(
  db: Db,
): Pick<
  Repositories,
  'orders' | 'paymentEvents' | 'listingFees' | 'sellerSubscriptions' | 'donations' | 'localPayments'
> {
  return {
    orders: {
      get: (id) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),
      findByIntent: (intentId) =>
        db.selectFrom('orders').selectAll().where('paymentIntentId', '=', intentId).executeTakeFirst(),
      findLive: (puppyId) =>
        db
          .selectFrom('orders')
          .selectAll()
          .where('puppyId', '=', puppyId)
          .where('status', 'in', LIVE)
          .executeTakeFirst(),
      create: async (row) => {
        try {
          return await db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
        } catch (error) {
          if (uniqueViolation(error, 'orders_one_live_per_puppy')) throw new PuppyHasLiveOrderError(row.puppyId);
          if (uniqueViolation(error, 'orders_payment_intent_id_key'))
            throw new OrderForIntentExistsError(row.paymentIntentId);
          throw error;
        }
      },
      transition: async (id, from, patch) => {
        try {
          return await db
            .updateTable('orders')
            .set(patch)
            .where('id', '=', id)
            .where('status', 'in', from)
            .returningAll()
            .executeTakeFirst();
        } catch (error) {
          if (uniqueViolation(error, 'orders_one_live_per_puppy')) {
            const order = await db.selectFrom('orders').select('puppyId').where('id', '=', id).executeTakeFirst();
            throw new PuppyHasLiveOrderError(order?.puppyId ?? 0);
          }
          throw error;
        }
      },
      listByBuyer: (buyerId) =>
        db.selectFrom('orders').selectAll().where('buyerId', '=', buyerId).orderBy('id').execute(),
      findByReference: (reference) =>
        db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst(),
      listLiveBySeller: (sellerId) =>
        db
          .selectFrom('orders')
          .selectAll()
          .where('sellerId', '=', sellerId)
          .where('status', 'in', LIVE)
          .orderBy('id')
          .execute(),
      lock: (id) => db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
      listRefunding: (limit) =>
        db.selectFrom('orders').selectAll().where('status', '=', 'refunding').orderBy('id').limit(limit).execute(),
      listDisputed: (limit) =>
        db
          .selectFrom('orders')
          .selectAll()
          .where('disputeStatus', 'is not', null)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
      listAfter: (afterId, limit) =>
        db.selectFrom('orders').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute(),
      countByStatus: async () => {
        const rows = await db
          .selectFrom('orders')
          .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
          .groupBy('status')
          .execute();
        return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
      },
    },
    paymentEvents: {
      // One statement: a new claim, or the take-over of a claim whose process died before applying it.
      claim: (eventId, type, now, staleBefore) =>
        db
          .insertInto('paymentEvents')
          .values({ eventId, type, processedAt: now.toISOString(), appliedAt: null })
          .onConflict((oc) =>
            oc
              .column('eventId')
              .doUpdateSet({ processedAt: now.toISOString() })
              .where('paymentEvents.appliedAt', 'is', null)
              .where('paymentEvents.processedAt', '<', (staleBefore ?? new Date(0)).toISOString()),
          )
          .returningAll()
          .executeTakeFirst(),
      markApplied: async (eventId, now) => {
        await db
          .updateTable('paymentEvents')
          .set({ appliedAt: now.toISOString() })
          .where('eventId', '=', eventId)
          .execute();
      },
      release: async (eventId) => {
        const result = await db.deleteFrom('paymentEvents').where('eventId', '=', eventId).executeTakeFirst();
        return result.numDeletedRows > 0n;
      },
    },
    listingFees: {
      findByIntent: (intentId) =>
        db.selectFrom('listingFeePayments').selectAll().where('paymentIntentId', '=', intentId).executeTakeFirst(),
      createForIntent: async (row) => {
        const created = await db
          .insertInto('listingFeePayments')
          .values(row)
          .onConflict((oc) => oc.column('paymentIntentId').doNothing())
          .returningAll()
          .executeTakeFirst();
        return (
          created ??
          db
            .selectFrom('listingFeePayments')
            .selectAll()
            .where('paymentIntentId', '=', row.paymentIntentId)
            .executeTakeFirstOrThrow()
        );
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
        let query = db
          .selectFrom('listingFeePayments')
          .selectAll()
          .where('userId', '=', userId)
          .where('status', '=', 'pending');
        if (puppyId !== undefined) query = query.where('puppyId', '=', puppyId);
        return query.orderBy('id', 'desc').limit(limit).execute();
      },
    },
    sellerSubscriptions: {
      findByProviderId: (providerId) =>
        db
          .selectFrom('sellerSubscriptions')
          .selectAll()
          .where('providerSubscriptionId', '=', providerId)
          .executeTakeFirst(),
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
        return (
          created ??
          db
            .selectFrom('sellerSubscriptions')
            .selectAll()
            .where('providerSubscriptionId', '=', row.providerSubscriptionId)
            .executeTakeFirstOrThrow()
        );
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
          .set({
            status: sql`CASE WHEN trial_end > ${now.toISOString()}::timestamptz THEN 'trialing' ELSE 'active' END`,
          })
          .where('providerSubscriptionId', '=', providerId)
          .where('status', '=', 'incomplete')
          .returningAll()
          .executeTakeFirst(),
      listByUser: (userId) =>
        db.selectFrom('sellerSubscriptions').selectAll().where('userId', '=', userId).orderBy('id').execute(),
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
    donations: {
      findByIntent: (intentId) =>
        db.selectFrom('donations').selectAll().where('stripePaymentIntentId', '=', intentId).executeTakeFirst(),
      createForIntent: async (row) => {
        const created = await db
          .insertInto('donations')
          .values(row)
          .onConflict((oc) => oc.column('stripePaymentIntentId').doNothing())
          .returningAll()
          .executeTakeFirst();
        return (
          created ??
          db
            .selectFrom('donations')
            .selectAll()
            .where('stripePaymentIntentId', '=', row.stripePaymentIntentId)
            .executeTakeFirstOrThrow()
        );
      },
      markSucceeded: (intentId) =>
        db
          .updateTable('donations')
          .set({ status: 'succeeded' })
          .where('stripePaymentIntentId', '=', intentId)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst(),
      markCanceled: (intentId) =>
        db
          .updateTable('donations')
          .set({ status: 'canceled' })
          .where('stripePaymentIntentId', '=', intentId)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst(),
    },
    localPayments: {
      count: async (kind) => {
        let query = db.selectFrom('localPayments').select((eb) => eb.fn.countAll<number>().as('n'));
        if (kind) query = query.where('kind', '=', kind);
        return Number((await query.executeTakeFirstOrThrow()).n);
      },
      find: (providerId, kind) =>
        db
          .selectFrom('localPayments')
          .selectAll()
          .where('providerId', '=', providerId)
          .where('kind', '=', kind)
          .executeTakeFirst(),
      findByClientSecret: (secret) =>
        secret
          ? db
              .selectFrom('localPayments')
              .selectAll()
              .where('clientSecret', '=', secret)
              .where('kind', 'in', ['payment_intent', 'setup_intent'])
              .executeTakeFirst()
          : Promise.resolve(undefined),
      findByIdempotencyKey: (key) =>
        db.selectFrom('localPayments').selectAll().where('idempotencyKey', '=', key).executeTakeFirst(),
      findSetupOf: (subscriptionId) =>
        db
          .selectFrom('localPayments')
          .selectAll()
          .where('kind', '=', 'setup_intent')
          .where(sql<string>`metadata->>'subscription'`, '=', subscriptionId)
          .executeTakeFirst(),
      listOpenCheckouts: (puppyId) =>
        db
          .selectFrom('localPayments')
          .selectAll()
          .where('kind', '=', 'payment_intent')
          .where('status', 'in', ['requires_payment_method', 'requires_confirmation', 'requires_action'])
          .where(sql<string>`metadata->>'purpose'`, '=', 'puppy_purchase')
          .where(sql<string>`metadata->>'puppyId'`, '=', String(puppyId))
          .orderBy('id')
          .execute(),
      findTransferInGroup: (group) =>
        db
          .selectFrom('localPayments')
          .selectAll()
          .where('kind', '=', 'transfer')
          .where(sql<string>`metadata->>'transferGroup'`, '=', group)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
      createOnce: async (row) => {
        const created = await db
          .insertInto('localPayments')
          .values({ ...row, metadata: JSON.stringify(row.metadata) as unknown as Record<string, string> })
          .onConflict((oc) => oc.column('idempotencyKey').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (created) return { row: created, created: true };
        return {
          row: await db
            .selectFrom('localPayments')
            .selectAll()
            .where('idempotencyKey', '=', row.idempotencyKey)
            .executeTakeFirstOrThrow(),
          created: false,
        };
      },
      transition: (id, from, patch) => {
        const { metadata, ...rest } = patch;
        const values =
          metadata === undefined
            ? rest
            : { ...rest, metadata: JSON.stringify(metadata) as unknown as Record<string, string> };
        return db
          .updateTable('localPayments')
          .set(values)
          .where('id', '=', id)
          .where('status', 'in', from)
          .returningAll()
          .executeTakeFirst();
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
      // one sum (a transfer's refunded_cents is what was reversed of it)
      balanceCents: async (accountId) => {
        const net = sql<number>`amount_cents - coalesce(refunded_cents, 0)`;
        const query =
          accountId === undefined
            ? db
                .selectFrom('localPayments')
                .select(
                  sql<number>`coalesce(sum(CASE WHEN kind IN ('transfer', 'dispute') THEN -(${net}) ELSE ${net} END), 0)`.as(
                    'cents',
                  ),
                )
                // a lost dispute took its amount back from the platform
                .where((eb) =>
                  eb.or([
                    eb.and([eb('kind', '=', 'payment_intent'), eb('status', '=', 'succeeded')]),
                    eb('kind', '=', 'transfer'),
                    eb.and([eb('kind', '=', 'dispute'), eb('status', '=', 'lost')]),
                  ]),
                )
            : db
                .selectFrom('localPayments')
                .select(
                  sql<number>`coalesce(sum(CASE WHEN kind = 'transfer' THEN ${net} ELSE -amount_cents END), 0)`.as(
                    'cents',
                  ),
                )
                .where((eb) =>
                  eb.or([
                    eb.and([eb('kind', '=', 'transfer'), eb(sql<string>`metadata->>'destination'`, '=', accountId)]),
                    eb.and([eb('kind', '=', 'account'), eb('providerId', '=', accountId)]),
                  ]),
                );
        return Number((await query.executeTakeFirstOrThrow()).cents);
      },
      lockBalances: async () => {
        // outside a transaction there is no step to hold together
        if (db.isTransaction) await lockKey(db as Transaction<Database>, 'local-payments:balances');
      },
    },
  };
}
