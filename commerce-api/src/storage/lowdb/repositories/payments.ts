// Money: orders, payment events applied once, listing fees, seller plans, donations and the local payment double.
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import { OrderForIntentExistsError, PuppyHasLiveOrderError, type Repositories } from '../../../domain/store/index.ts';
import type { Order } from '../../../domain/model.ts';
import { countByStatus, isActiveAt, isLiveAt, LIVE, type LowdbContext } from './context.ts';

/** Stripe's statuses of an intent that holds no money yet: cancelled when its price no longer stands */
const OPEN_CHECKOUT = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function paymentRepositories({
  db,
  mutate,
  liveOrderOf,
}: LowdbContext): Pick<
  Repositories,
  'orders' | 'paymentEvents' | 'listingFees' | 'sellerSubscriptions' | 'donations' | 'localPayments'
> {
  return {
    orders: {
      get: async (id) => db.orders.get(id),
      findByIntent: async (intentId) => db.orders.find((o) => o.paymentIntentId === intentId),
      findLive: async (puppyId) => liveOrderOf(db, puppyId),
      create: (row) =>
        mutate((c) => {
          if (LIVE.includes(row.status) && liveOrderOf(c, row.puppyId)) throw new PuppyHasLiveOrderError(row.puppyId);
          if (c.orders.find((o) => o.paymentIntentId === row.paymentIntentId))
            throw new OrderForIntentExistsError(row.paymentIntentId);
          const order = c.orders.insert(row);
          return order;
        }),
      transition: (id, from, patch) =>
        mutate((c) => {
          const old = c.orders.get(id);
          if (!old || !from.includes(old.status)) return undefined;
          if (LIVE.includes(patch.status) && !LIVE.includes(old.status) && liveOrderOf(c, old.puppyId))
            throw new PuppyHasLiveOrderError(old.puppyId);
          return c.orders.update(id, patch) as Order;
        }),
      listByBuyer: async (buyerId) => db.orders.filter((o) => o.buyerId === buyerId),
      findByReference: async (reference) => db.orders.find((o) => o.reference === reference),
      listLiveBySeller: async (sellerId) => db.orders.filter((o) => o.sellerId === sellerId && LIVE.includes(o.status)),
      lock: async (id) => db.orders.get(id),
      listRefunding: async (limit) => db.orders.filter((o) => o.status === 'refunding').slice(0, limit),
      listDisputed: async (limit) =>
        db.orders
          .filter((o) => (o.disputeStatus ?? null) !== null)
          .reverse()
          .slice(0, limit),
      listAfter: async (afterId, limit) => db.orders.filter((o) => o.id > afterId).slice(0, limit),
      countByStatus: async () => countByStatus(db.orders.all()),
    },
    paymentEvents: {
      claim: (eventId, type, now, staleBefore) =>
        mutate((c) => {
          const old = c.paymentEvents.find((e) => e.eventId === eventId);
          if (!old) return c.paymentEvents.insert({ eventId, type, processedAt: now.toISOString(), appliedAt: null });
          // a claim whose process died before applying it: this delivery takes it over
          const stale =
            old.appliedAt === null && staleBefore !== undefined && Date.parse(old.processedAt) < staleBefore.getTime();
          return stale ? c.paymentEvents.update(old.id, { processedAt: now.toISOString() }) : undefined;
        }),
      markApplied: (eventId, now) =>
        mutate((c) => {
          const old = c.paymentEvents.find((e) => e.eventId === eventId);
          if (old) c.paymentEvents.update(old.id, { appliedAt: now.toISOString() });
        }),
      release: (eventId) =>
        mutate((c) => {
          const old = c.paymentEvents.find((e) => e.eventId === eventId);
          if (!old) return false;
          return c.paymentEvents.remove(old.id);
        }),
    },
    listingFees: {
      findByIntent: async (intentId) => db.listingFeePayments.find((p) => p.paymentIntentId === intentId),
      createForIntent: (row) =>
        mutate((c) => {
          const existing = c.listingFeePayments.find((p) => p.paymentIntentId === row.paymentIntentId);
          if (existing) return existing;
          const payment = c.listingFeePayments.insert(row);
          return payment;
        }),
      recentPending: async (userId, puppyId) =>
        db.listingFeePayments
          .filter((p) => p.userId === userId && p.puppyId === puppyId && p.status === 'pending')
          .slice(-3)
          .reverse(),
      markSucceeded: (intentId, now) =>
        mutate((c) => {
          const old = c.listingFeePayments.find((p) => p.paymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          return c.listingFeePayments.update(old.id, { status: 'succeeded', paidAt: now.toISOString() });
        }),
      markCanceled: (intentId) =>
        mutate((c) => {
          const old = c.listingFeePayments.find((p) => p.paymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          return c.listingFeePayments.update(old.id, { status: 'canceled' });
        }),
      pendingOfUser: async (userId, puppyId, limit) =>
        db.listingFeePayments
          .filter(
            (p) => p.userId === userId && p.status === 'pending' && (puppyId === undefined || p.puppyId === puppyId),
          )
          .slice(-limit)
          .reverse(),
    },
    sellerSubscriptions: {
      findByProviderId: async (providerId) =>
        db.sellerSubscriptions.find((s) => s.providerSubscriptionId === providerId),
      findActive: async (userId, now) => db.sellerSubscriptions.find((s) => s.userId === userId && isActiveAt(s, now)),
      createForProvider: (row) =>
        mutate((c) => {
          const existing = c.sellerSubscriptions.find((s) => s.providerSubscriptionId === row.providerSubscriptionId);
          if (existing) return existing;
          const subscription = c.sellerSubscriptions.insert(row);
          return subscription;
        }),
      transition: (providerId, from, patch) =>
        mutate((c) => {
          const old = c.sellerSubscriptions.find((s) => s.providerSubscriptionId === providerId);
          if (!old || !from.includes(old.status)) return undefined;
          return c.sellerSubscriptions.update(old.id, patch);
        }),
      markCardVerified: (providerId, now) =>
        mutate((c) => {
          const old = c.sellerSubscriptions.find((s) => s.providerSubscriptionId === providerId);
          if (!old || old.status !== 'incomplete') return undefined;
          const trialing = old.trialEnd !== null && Date.parse(old.trialEnd) > now.getTime();
          return c.sellerSubscriptions.update(old.id, { status: trialing ? 'trialing' : 'active' });
        }),
      listByUser: async (userId) => db.sellerSubscriptions.filter((s) => s.userId === userId),
      countLiveListings: async (userId, now) => db.puppies.count((p) => p.userId === userId && isLiveAt(p, now)),
    },
    donations: {
      findByIntent: async (intentId) => db.donations.find((d) => d.stripePaymentIntentId === intentId),
      createForIntent: (row) =>
        mutate((c) => {
          const existing = c.donations.find((d) => d.stripePaymentIntentId === row.stripePaymentIntentId);
          if (existing) return existing;
          const donation = c.donations.insert(row);
          return donation;
        }),
      markSucceeded: (intentId) =>
        mutate((c) => {
          const old = c.donations.find((d) => d.stripePaymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          return c.donations.update(old.id, { status: 'succeeded' });
        }),
      markCanceled: (intentId) =>
        mutate((c) => {
          const old = c.donations.find((d) => d.stripePaymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          return c.donations.update(old.id, { status: 'canceled' });
        }),
    },
    localPayments: {
      count: async (kind) => db.localPayments.count((r) => kind === undefined || r.kind === kind),
      find: async (providerId, kind) => db.localPayments.find((r) => r.providerId === providerId && r.kind === kind),
      findByClientSecret: async (secret) =>
        secret
          ? db.localPayments.find(
              (r) => r.clientSecret === secret && (r.kind === 'payment_intent' || r.kind === 'setup_intent'),
            )
          : undefined,
      findByIdempotencyKey: async (key) => db.localPayments.find((r) => r.idempotencyKey === key),
      findSetupOf: async (subscriptionId) =>
        db.localPayments.find((r) => r.kind === 'setup_intent' && r.metadata['subscription'] === subscriptionId),
      listOpenCheckouts: async (puppyId) =>
        db.localPayments.filter(
          (r) =>
            r.kind === 'payment_intent' &&
            OPEN_CHECKOUT.includes(r.status) &&
            r.metadata['purpose'] === 'puppy_purchase' &&
            r.metadata['puppyId'] === String(puppyId),
        ),
      findTransferInGroup: async (group) =>
        db.localPayments.find((r) => r.kind === 'transfer' && r.metadata['transferGroup'] === group),
      createOnce: (row) =>
        mutate((c) => {
          const existing =
            row.idempotencyKey === null
              ? undefined
              : c.localPayments.find((r) => r.idempotencyKey === row.idempotencyKey);
          if (existing) return { row: existing, created: false };
          const created = c.localPayments.insert(row);
          return { row: created, created: true };
        }),
      transition: (id, from, patch) =>
        mutate((c) => {
          const old = c.localPayments.get(id);
          if (!old || !from.includes(old.status)) return undefined;
          return c.localPayments.update(id, patch);
        }),
      refund: (id, now) =>
        mutate((c) => {
          const old = c.localPayments.get(id);
          if (!old || old.status !== 'succeeded' || (old.refundedCents ?? 0) >= old.amountCents) return undefined;
          return c.localPayments.update(id, { refundedCents: old.amountCents, updatedAt: now.toISOString() });
        }),
      // a transfer's refundedCents is what was reversed of it
      balanceCents: async (accountId) => {
        let cents = 0;
        for (const r of db.localPayments.all()) {
          const net = r.amountCents - (r.refundedCents ?? 0);
          if (accountId === undefined) {
            if (r.kind === 'payment_intent' && r.status === 'succeeded') cents += net;
            else if (r.kind === 'transfer') cents -= net;
            else if (r.kind === 'dispute' && r.status === 'lost') cents -= r.amountCents;
          } else if (r.kind === 'transfer' && r.metadata['destination'] === accountId) cents += net;
          else if (r.kind === 'account' && r.providerId === accountId) cents -= r.amountCents;
        }
        return cents;
      },
      // lowdb runs one transaction at a time in its one process: nothing else to hold
      lockBalances: async () => {},
    },
  };
}
