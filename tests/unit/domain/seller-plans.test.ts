// Seller plans and the listing fee as rules over the async repositories (docs/product.md §4, §9, §10;
// docs/decisions/0088): the trial and the plan's period are read at the `now` passed in, the plan's
// listing limit feeds puppies.activateWithinLimit, and a paid fee is applied once however many callers
// apply it at the same moment. The same cases on the lowdb adapter and on PostgreSQL 15
// (tests/support/postgres-server.ts), as the storage contract suite runs.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { LISTING_FEE_CENTS } from '#contracts/plans.ts';
import { recordListingFee } from '../../../commerce-api/src/domain/listing-fees.ts';
import { listingExpiry } from '../../../commerce-api/src/domain/listing-activation.ts';
import type { SellerSubscription, User } from '../../../commerce-api/src/domain/model.ts';
import { activateWithinPlan, planCoverageOf, sellerPlanView } from '../../../commerce-api/src/domain/seller-plans.ts';
import {
  recordSetupIntent,
  recordSubscription,
  subscriptionStatusOf,
  syncUserPlan,
} from '../../../commerce-api/src/domain/subscriptions.ts';
import type {
  PaymentIntentSnapshot,
  SetupIntentSnapshot,
  SubscriptionSnapshot,
} from '../../../commerce-api/src/payments/provider.ts';
import { createMemoryStorage } from '../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../commerce-api/src/storage/lowdb/repositories.ts';
import { migrate } from '../../../commerce-api/src/storage/postgres/migrate.ts';
import { createPool } from '../../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../../commerce-api/src/storage/postgres/repositories.ts';
import type { Store } from '../../../commerce-api/src/domain/store/index.ts';
import { buildPuppy, buildUser } from '../../support/factories.ts';
import { emptyingSql } from '../../support/postgres-emptying.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres-server.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
const inDays = (days: number, from = NOW) => new Date(from.getTime() + days * DAY_MS).toISOString();

let store: Store;
let seller: User;

function listing(expiresAt: string | null, userId = seller.id) {
  return store.puppies.insert(buildPuppy({ userId, status: 'available', expiresAt }, undefined, { now: NOW }));
}

function subscribe(fields: Partial<Omit<SellerSubscription, 'id'>> = {}) {
  return store.sellerSubscriptions.createForProvider({
    userId: seller.id,
    plan: 'monthly',
    priceId: 'price_monthly',
    providerSubscriptionId: 'sub_1',
    status: 'trialing',
    trialEnd: inDays(7),
    currentPeriodEnd: inDays(7),
    createdAt: NOW.toISOString(),
    ...fields,
  });
}

/** the rules on one store; `open` gives it with no rows (called before each test) */
function describePlanRules(name: string, open: () => Promise<Store>): void {
  describe(`plan and fee rules: ${name}`, () => {
    beforeEach(async () => {
      store = await open();
      const { usernameKey: _key, ...row } = buildUser({ accountType: 'seller' }, NOW);
      seller = await store.users.create(row);
    });

    describe('subscription statuses', () => {
      it("keeps Stripe's statuses in the five the app knows", () => {
        expect(
          ['trialing', 'active', 'past_due', 'incomplete', 'unpaid', 'canceled', 'incomplete_expired', 'paused'].map(
            subscriptionStatusOf,
          ),
        ).toEqual(['trialing', 'active', 'past_due', 'incomplete', 'past_due', 'canceled', 'canceled', 'canceled']);
      });
    });

    describe('listing expiry', () => {
      it('is 30 days from now for a draft or an expired listing, and 30 days from its end for an active one', async () => {
        expect(listingExpiry(await listing(null), NOW)).toBe(inDays(30));
        expect(listingExpiry(await listing(inDays(-2)), NOW)).toBe(inDays(30));
        expect(listingExpiry(await listing(inDays(5)), NOW)).toBe(inDays(35));
      });
    });

    describe('the plan covers listings up to its limit', () => {
      it('no plan, an unverified card or a plan past its period: no slot', async () => {
        const draft = await listing(null);
        expect(await activateWithinPlan(store, seller.id, draft.id, NOW)).toBeUndefined();
        await subscribe({ status: 'incomplete' });
        expect(await activateWithinPlan(store, seller.id, draft.id, NOW)).toBeUndefined();
        await store.sellerSubscriptions.transition('sub_1', ['incomplete'], { status: 'trialing' });
        // the trial's period ends in 7 days: read at that moment, the plan no longer counts
        expect(await activateWithinPlan(store, seller.id, draft.id, new Date(inDays(7)))).toBeUndefined();
        expect(await activateWithinPlan(store, seller.id, draft.id, NOW)).toMatchObject({
          id: draft.id,
          expiresAt: inDays(30),
        });
      });

      it('the monthly plan keeps 10 listings live; the 11th is refused; the view counts them', async () => {
        await subscribe();
        for (let i = 0; i < 10; i++) await listing(inDays(3));
        await listing(inDays(-1));
        await listing(inDays(3), (await store.users.create({ ...withoutKey(buildUser({}, NOW)) })).id);
        const eleventh = await listing(null);
        expect(await activateWithinPlan(store, seller.id, eleventh.id, NOW)).toBeUndefined();
        expect(await planCoverageOf(store, seller.id, NOW)).toMatchObject({
          liveListings: 10,
          hasRoom: false,
          plan: { listingLimit: 10 },
        });
        expect(await sellerPlanView(store, seller.id, NOW)).toEqual({
          plan: 'monthly',
          status: 'trialing',
          trialEnd: inDays(7),
          currentPeriodEnd: inDays(7),
          listingLimit: 10,
          liveListings: 10,
        });
        // three days on, those ten have ended: the slot is free again
        const later = new Date(inDays(4));
        expect(await activateWithinPlan(store, seller.id, eleventh.id, later)).toMatchObject({
          expiresAt: inDays(30, later),
        });
      });

      it('the annual plan has no limit; a seller without a plan has no plan view', async () => {
        await subscribe({ plan: 'annual', priceId: 'price_annual' });
        for (let i = 0; i < 25; i++) await listing(inDays(3));
        expect(await activateWithinPlan(store, seller.id, (await listing(null)).id, NOW)).toBeDefined();
        const other = await store.users.create(withoutKey(buildUser({}, NOW)));
        expect(await sellerPlanView(store, other.id, NOW)).toBeNull();
      });

      it('two listings at once cannot both take the last slot', async () => {
        await subscribe();
        for (let i = 0; i < 9; i++) await listing(inDays(3));
        const [a, b] = [await listing(null), await listing(null)];
        const results = await Promise.all([
          activateWithinPlan(store, seller.id, a.id, NOW),
          activateWithinPlan(store, seller.id, b.id, NOW),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await store.sellerSubscriptions.countLiveListings(seller.id, NOW)).toBe(10);
      });
    });

    function withoutKey(user: ReturnType<typeof buildUser>) {
      const { usernameKey: _key, ...row } = user;
      return row;
    }

    function setupIntent(status: SetupIntentSnapshot['status'], subscription = 'sub_1'): SetupIntentSnapshot {
      return {
        object: 'setup_intent',
        id: 'seti_1',
        status,
        clientSecret: 'seti_1_secret',
        metadata: { purpose: 'subscription_setup', subscription },
        lastError: null,
        paymentMethodId: 'pm_1',
        livemode: false,
      };
    }

    function subscriptionEvent(fields: Partial<SubscriptionSnapshot>): SubscriptionSnapshot {
      return {
        object: 'subscription',
        id: 'sub_1',
        status: 'active',
        priceId: 'price_monthly',
        trialEnd: inDays(7),
        currentPeriodEnd: inDays(37),
        metadata: {},
        livemode: false,
        ...fields,
      };
    }

    describe("the card check and the provider's subscription events", () => {
      it("a verified card starts the trial once, while it runs at `now`; the user's plan fields follow", async () => {
        await subscribe({ status: 'incomplete' });
        expect(await recordSetupIntent(store, setupIntent('requires_action'), NOW)).toBeUndefined();
        expect(await recordSetupIntent(store, setupIntent('succeeded'), NOW)).toMatchObject({ status: 'trialing' });
        expect(await recordSetupIntent(store, setupIntent('succeeded'), NOW)).toBeUndefined();
        expect(await store.users.get(seller.id)).toMatchObject({
          hasActiveListingPlan: true,
          listingPlanExpiresAt: inDays(7),
        });
      });

      it('a card verified after the trial ended makes the plan active', async () => {
        await subscribe({ status: 'incomplete', currentPeriodEnd: inDays(37) });
        expect(await recordSetupIntent(store, setupIntent('succeeded'), new Date(inDays(8)))).toMatchObject({
          status: 'active',
        });
      });

      it('an unverified card keeps the plan from counting whatever the event says; only an end overrides it', async () => {
        await subscribe({ status: 'incomplete' });
        await recordSubscription(store, subscriptionEvent({ status: 'trialing' }), NOW);
        expect(await store.sellerSubscriptions.findByProviderId('sub_1')).toMatchObject({ status: 'incomplete' });
        await recordSubscription(store, subscriptionEvent({ status: 'incomplete_expired' }), NOW);
        expect(await store.sellerSubscriptions.findByProviderId('sub_1')).toMatchObject({ status: 'canceled' });
        expect(await store.users.get(seller.id)).toMatchObject({
          hasActiveListingPlan: false,
          listingPlanExpiresAt: null,
        });
      });

      it('keeps status, period and plan current; an event without a period keeps the stored one', async () => {
        await subscribe();
        await recordSubscription(store, subscriptionEvent({ status: 'active', priceId: 'price_annual' }), NOW);
        expect(await store.sellerSubscriptions.findByProviderId('sub_1')).toMatchObject({
          status: 'active',
          plan: 'annual',
          priceId: 'price_annual',
          currentPeriodEnd: inDays(37),
        });
        await recordSubscription(
          store,
          subscriptionEvent({ status: 'past_due', priceId: null, currentPeriodEnd: null }),
          NOW,
        );
        expect(await store.sellerSubscriptions.findByProviderId('sub_1')).toMatchObject({
          status: 'past_due',
          plan: 'annual',
          currentPeriodEnd: inDays(37),
        });
        expect(await store.users.get(seller.id)).toMatchObject({ hasActiveListingPlan: false });
        // an event for a subscription this server never made changes nothing
        await recordSubscription(store, subscriptionEvent({ id: 'sub_unknown' }), NOW);
        expect(await store.sellerSubscriptions.listByUser(seller.id)).toHaveLength(1);
      });

      it("the user's plan fields are read at `now`: a plan past its period no longer counts", async () => {
        await subscribe({ status: 'active', currentPeriodEnd: inDays(30) });
        expect(await syncUserPlan(store, seller.id, NOW)).toMatchObject({
          hasActiveListingPlan: true,
          listingPlanExpiresAt: inDays(30),
        });
        expect(await syncUserPlan(store, seller.id, new Date(inDays(30)))).toMatchObject({
          hasActiveListingPlan: false,
          listingPlanExpiresAt: null,
        });
      });
    });

    function feeIntent(
      id: string,
      puppyId: number,
      fields: Partial<PaymentIntentSnapshot> = {},
    ): PaymentIntentSnapshot {
      return {
        object: 'payment_intent',
        id,
        status: 'succeeded',
        amountCents: LISTING_FEE_CENTS,
        amountCapturableCents: 0,
        amountReceivedCents: LISTING_FEE_CENTS,
        currency: 'usd',
        captureMethod: 'automatic',
        clientSecret: `${id}_secret`,
        metadata: { purpose: 'listing_fee', puppyId: String(puppyId), userId: String(seller.id) },
        lastError: null,
        livemode: false,
        createdAt: new Date().toISOString(),
        ...fields,
      };
    }

    describe('a paid listing fee', () => {
      it('is applied once when several callers apply it at the same moment (webhook, return page, re-check)', async () => {
        const draft = await listing(null);
        const intent = feeIntent('pi_fee_1', draft.id);
        const results = await Promise.all([
          recordListingFee(store, intent, NOW),
          recordListingFee(store, intent, NOW),
          recordListingFee(store, intent, NOW),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect((await store.puppies.get(draft.id))?.expiresAt).toBe(inDays(30));
        expect(await store.listingFees.findByIntent('pi_fee_1')).toMatchObject({
          status: 'succeeded',
          paidAt: NOW.toISOString(),
        });
      });

      it('two different fees paid at once for one listing both count: 60 days', async () => {
        const draft = await listing(null);
        await Promise.all([
          recordListingFee(store, feeIntent('pi_a', draft.id), NOW),
          recordListingFee(store, feeIntent('pi_b', draft.id), NOW),
        ]);
        expect((await store.puppies.get(draft.id))?.expiresAt).toBe(inDays(60));
      });

      it('less than the fee, a payment still in progress or a canceled one activates nothing', async () => {
        const draft = await listing(null);
        expect(
          await recordListingFee(
            store,
            feeIntent('pi_short', draft.id, { amountReceivedCents: LISTING_FEE_CENTS - 1 }),
            NOW,
          ),
        ).toBeUndefined();
        expect(
          await recordListingFee(
            store,
            feeIntent('pi_wait', draft.id, { status: 'processing', amountReceivedCents: 0 }),
            NOW,
          ),
        ).toBeUndefined();
        expect(
          await recordListingFee(
            store,
            feeIntent('pi_gone', draft.id, { status: 'canceled', amountReceivedCents: 0 }),
            NOW,
          ),
        ).toBeUndefined();
        expect(await store.listingFees.findByIntent('pi_gone')).toMatchObject({ status: 'canceled' });
        // a canceled payment never succeeds afterwards
        expect(await recordListingFee(store, feeIntent('pi_gone', draft.id), NOW)).toBeUndefined();
        expect((await store.puppies.get(draft.id))?.expiresAt).toBeNull();
        expect(
          await recordListingFee(
            store,
            feeIntent('pi_bad', draft.id, { metadata: { purpose: 'listing_fee', puppyId: 'x' } }),
            NOW,
          ),
        ).toBeUndefined();
        expect(await store.listingFees.findByIntent('pi_bad')).toBeUndefined();
      });
    });
  });
}

describePlanRules('lowdb', async () => createLowdbRepositories(createMemoryStorage()));

describe('on PostgreSQL', () => {
  let server: TestPostgres;
  let pool: pg.Pool;
  let pgStore: Store;
  let emptying = '';
  beforeAll(async () => {
    server = startPostgres();
    server.psql('CREATE DATABASE plans');
    pool = createPool({ connectionString: server.url('plans') });
    await migrate(pool, NOW);
    pgStore = createPostgresRepositories(pool);
    emptying = await emptyingSql(pool);
  });
  afterAll(async () => {
    await pgStore?.close();
    server?.stop();
  });

  describePlanRules('PostgreSQL', async () => {
    await pool.query(emptying);
    return pgStore;
  });
});
