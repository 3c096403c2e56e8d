// The money life (docs/product.md §10 "The money life", decision 0107) on both stores: each hole the
// review of the money paths found, tried as an attacker or an unlucky moment would. Every test here
// failed on the code before the table: a cancel racing a handover or a release, a price changed during
// checkout, payouts waiting on an account filling the job's page, test money in live mode, a dispute,
// a suspended seller.
import { describe, expect, it } from 'vitest';
import { decideReport, fileReport, undoModeration } from '../../commerce-api/src/domain/moderation.ts';
import { releaseDuePayouts } from '../../commerce-api/src/domain/payouts/release.ts';
import { ORDER_STATES_REACHED, PAYOUT_STATES_REACHED } from '../../commerce-api/src/domain/money-life.ts';
import { ORDER_STATUSES, PAYOUT_STATUSES } from '#contracts/orders.ts';
import { buildOrder } from '../support/factories.ts';
import { signedInAgent } from '../support/api-login.ts';
import {
  addPuppy,
  CARDS,
  localPayment,
  localPaymentCount,
  marketplace,
  NOW,
  payWithCard,
} from '../support/payments.ts';
import { adminAgent, buy, connect, handOver, local, payoutOf } from '../support/payouts.ts';

const DAY_MS = 86_400_000;
const REASON = 'The seller cannot deliver the puppy.';
const ROUNDS = 4;

describe('one table', () => {
  it('every stored status is reachable in the table, and the table reaches nothing else', () => {
    expect([...ORDER_STATES_REACHED].sort()).toEqual([...ORDER_STATUSES].sort());
    expect([...PAYOUT_STATES_REACHED].sort()).toEqual([...PAYOUT_STATUSES].sort());
  });
});

describe('a cancel races the seller, the buyer and the job', () => {
  it('an admin cancel and "Mark handed over" at the same moment: a refunded order is never paid out', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { t, seller, puppy } = await marketplace();
      await connect(seller.agent);
      const { order } = await buy(t, puppy.id);
      const admin = await adminAgent(t);
      const [cancel, handover] = await Promise.all([
        admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON }),
        seller.agent.post(`/api/orders/${order.reference}/handed-over`),
      ]);
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      // the handover either came first (and its payout was stopped) or was told the order was cancelled
      expect([200, 409]).toContain(handover.status);
      expect((await t.store.orders.get(order.id))!.status).toBe('refunded');
      const payout = await t.store.payouts.findByOrder(order.id);
      if (payout) expect(payout.status).toBe('canceled');
      // the window ends: the job pays nobody
      await releaseDuePayouts(t.deps.payments.payouts, new Date(NOW.getTime() + 30 * DAY_MS));
      expect(await localPaymentCount(t, 'transfer')).toBe(0);
    }
  });

  it('an admin release of a held payout during a refund: the release loses, nothing is transferred', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { t, seller, puppy } = await marketplace();
      await connect(seller.agent);
      const { order, buyer } = await buy(t, puppy.id);
      await handOver(seller.agent, order.reference);
      await buyer.agent
        .post(`/api/orders/${order.reference}/report-problem`)
        .send({ problem: 'The puppy is not the one in the photos.' });
      const admin = await adminAgent(t);
      const [cancel, release] = await Promise.all([
        admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON }),
        admin.post(`/api/admin/payouts/${order.reference}/release`),
      ]);
      const after = (await t.store.orders.get(order.id))!;
      const payout = (await payoutOf(t, order.reference))!;
      if (after.status === 'refunded') {
        // the cancel won, or came after a release whose transfer it reversed
        expect(['canceled', 'reversed']).toContain(payout.status);
        const transfers = await localPaymentCount(t, 'transfer');
        if (transfers > 0)
          expect(await (await local(t)).retrieveTransfer(payout.transferId!)).toMatchObject({ reversed: true });
      } else {
        expect(cancel.status).not.toBe(200);
        expect(release.status).toBe(200);
      }
      expect(await localPaymentCount(t, 'transfer')).toBeLessThanOrEqual(1);
    }
  });

  it('confirm receipt after a cancel changes nothing; a report after a cancel is told the order was cancelled', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { order, buyer } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    const admin = await adminAgent(t);
    expect((await admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON })).status).toBe(200);
    const confirm = await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    expect(confirm.status).toBe(409);
    expect(confirm.body.error.code).toBe('order_canceled');
    const report = await buyer.agent
      .post(`/api/orders/${order.reference}/report-problem`)
      .send({ problem: 'Too late to matter.' });
    expect(report.status).toBe(409);
    expect(await localPaymentCount(t, 'transfer')).toBe(0);
  });
});

describe('the price the buyer pays is the price the listing asks', () => {
  it('a checkout begun before the seller raised the price is released, never taken at the old price', async () => {
    const { t, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const intent = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-old-price' });
    expect(intent.status).toBe(200);
    await t.store.puppies.update(puppy.id, { price: puppy.price + 300 });
    await payWithCard(buyer.agent, intent.body.clientSecret, CARDS.visa);
    expect(await localPayment(t, intent.body.intentId)).toMatchObject({ status: 'canceled', refundedCents: 0 });
    const order = (await t.store.orders.findByIntent(intent.body.intentId))!;
    expect(order.status).toBe('canceled');
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
    // a new checkout asks the new price
    const again = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-new-price' });
    expect(again.body.puppyPriceCents).toBe((puppy.price + 300) * 100);
  });

  it("the seller's price change cancels the checkouts not yet paid: the family starts again at the new price", async () => {
    const { t, seller, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const intent = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-open' });
    const same = await seller.agent.put(`/api/puppies/${puppy.id}`).send({ name: 'Still Daisy' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await localPayment(t, intent.body.intentId)).status).toBe('requires_payment_method');
    const raised = await seller.agent.put(`/api/puppies/${puppy.id}`).send({ price: puppy.price + 250 });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect((await localPayment(t, intent.body.intentId)).status).toBe('canceled');
    const refused = await buyer.agent
      .post('/api/local-payments/confirm')
      .send({ clientSecret: intent.body.clientSecret, paymentMethodId: 'pm_card_visa' });
    expect(refused.status).toBe(400);
    expect(await t.store.orders.findByIntent(intent.body.intentId)).toBeUndefined();
    const again = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-open' });
    expect(again.body.intentId).not.toBe(intent.body.intentId);
    expect(again.body.puppyPriceCents).toBe((puppy.price + 250) * 100);
  });

  it('a checkout intent older than two hours is never captured', async () => {
    const { t, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const intent = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-stale' });
    t.tick(3 * 60 * 60_000);
    await payWithCard(buyer.agent, intent.body.clientSecret, CARDS.visa);
    expect((await localPayment(t, intent.body.intentId)).status).toBe('canceled');
    expect((await t.store.orders.findByIntent(intent.body.intentId))!.status).toBe('canceled');
  });
});

describe('an outage is not a refusal', () => {
  it('the provider does not answer when the buyer confirms: the buyer is told the seller is being paid, and the job sends the claimed transfer once', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { order, buyer } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    const provider = await local(t);
    const findTransfer = provider.findTransfer;
    provider.findTransfer = async () => {
      throw new Error('connect ETIMEDOUT');
    };
    const confirmed = await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.changed).toBe(true);
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'transferring', transferId: null });
    provider.findTransfer = findTransfer;
    await releaseDuePayouts(t.deps.payments.payouts, NOW);
    await releaseDuePayouts(t.deps.payments.payouts, NOW);
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'paid' });
    expect(await localPaymentCount(t, 'transfer')).toBe(1);
  });
});

describe('payouts waiting on an account never hold up due ones', () => {
  it('100 released payouts of a seller who never connects, and one due payout of a connected seller: the job pays the due one', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { order } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    const absent = await signedInAgent(t);
    await t.store.users.update(absent.user.id, { accountType: 'seller' });
    // released payouts that wait for an account, all older than the due one
    const due = (await payoutOf(t, order.reference))!;
    for (let i = 0; i < 101; i++) {
      const waiting = await t.store.orders.create(
        buildOrder(
          {
            buyerId: absent.user.id,
            sellerId: absent.user.id,
            puppyId: 900_000 + i,
            status: 'handed_over',
            reference: `PN-20260601-${(0xa0000000 + i).toString(16).toUpperCase()}`,
            paymentIntentId: `pi_waiting_${i}`,
          },
          NOW,
        ),
      );
      await t.store.payouts.createForOrder({
        ...due,
        id: undefined,
        orderId: waiting.id,
        sellerId: absent.user.id,
        status: 'releasing',
        releasedAt: NOW.toISOString(),
      } as never);
    }
    const result = await releaseDuePayouts(t.deps.payments.payouts, new Date(NOW.getTime() + 4 * DAY_MS));
    expect(result).toMatchObject({ released: 1, sent: 1 });
    expect((await payoutOf(t, order.reference))!.status).toBe('paid');
  });
});

describe('test money never becomes live money', () => {
  it('a payout whose order and account were made in test mode waits, saying why, after the switch to live', async () => {
    const { t, seller, puppy } = await marketplace({
      env: {
        STRIPE_LIVE_SECRET_KEY: 'sk_live_not_a_real_key_0000',
        STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_not_a_real_key_0000',
      },
    });
    await connect(seller.agent);
    const { order, buyer } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    const admin = await adminAgent(t);
    expect((await admin.post('/api/admin/enable-live-keys')).status).toBe(200);
    // Stripe live is not reachable here; the routed provider says live mode, and the payout waits
    const confirmed = await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const payout = (await payoutOf(t, order.reference))!;
    expect(payout.status).toBe('releasing');
    expect(payout.lastError).toMatch(/made in test mode, and payments are now in live mode/);
    expect(await localPaymentCount(t, 'transfer')).toBe(0);
    await admin.post('/api/admin/disable-live-keys');
  });
});

describe('disputes', () => {
  it('card 0259 opens a dispute: the payout is held, an admin cannot refund; lost: the order is charged back and nothing is paid out', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { order, buyer, intentId } = await buy(t, puppy.id, undefined, CARDS.disputed);
    expect((await t.store.orders.get(order.id))!).toMatchObject({ status: 'paid', disputeStatus: 'open' });
    await handOver(seller.agent, order.reference);
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'held', holdReason: 'dispute' });
    // the buyer cannot release it, nor can the job or an admin
    expect((await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`)).status).toBe(409);
    await releaseDuePayouts(t.deps.payments.payouts, new Date(NOW.getTime() + 30 * DAY_MS));
    const admin = await adminAgent(t);
    expect((await admin.post(`/api/admin/payouts/${order.reference}/release`)).body.error.code).toBe('payout_blocked');
    expect(await localPaymentCount(t, 'transfer')).toBe(0);
    const listed = (await admin.get('/api/admin/disputes')).body.disputes;
    expect(listed).toEqual([
      expect.objectContaining({
        reference: order.reference,
        dispute: { status: 'open', amountCents: order.totalCents },
        payoutStatus: 'held',
      }),
    ]);
    // the bank decides for the buyer
    const dispute = (await t.store.localPayments.findByIdempotencyKey(`dispute:${intentId}`))!;
    await (await local(t)).closeDispute(dispute.providerId, 'lost');
    expect((await t.store.orders.get(order.id))!).toMatchObject({ status: 'charged_back', disputeStatus: 'lost' });
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'canceled' });
    expect((await buyer.agent.get(`/api/orders/${order.reference}`)).body).toMatchObject({
      status: 'charged_back',
      dispute: { status: 'lost' },
    });
  });

  it('won: the payout held for the dispute goes on and is paid', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { order, buyer, intentId } = await buy(t, puppy.id, undefined, CARDS.disputed);
    await handOver(seller.agent, order.reference);
    const dispute = (await t.store.localPayments.findByIdempotencyKey(`dispute:${intentId}`))!;
    await (await local(t)).closeDispute(dispute.providerId, 'won');
    expect((await t.store.orders.get(order.id))!).toMatchObject({ status: 'handed_over', disputeStatus: 'won' });
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'scheduled', holdReason: null });
    expect((await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`)).status).toBe(200);
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'paid' });
  });

  it('a dispute lost after the seller was paid: the transfer is taken back, once', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { order, buyer, intentId } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    const provider = await local(t);
    // a dispute opened later (the double opens one on request like Stripe's dashboard would)
    const row = await t.store.localPayments.createOnce({
      providerId: 'dp_local_late',
      kind: 'dispute',
      status: 'needs_response',
      amountCents: order.totalCents,
      currency: 'usd',
      captureMethod: 'automatic',
      clientSecret: '',
      metadata: { paymentIntent: intentId },
      lastError: null,
      lastErrorCode: null,
      idempotencyKey: null,
      paymentMethodId: null,
      trialEnd: null,
      refundedCents: 0,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    await t.deps.payments.fulfilment.handleEvent({
      id: 'evt_dispute_late',
      type: 'charge.dispute.created',
      object: await provider.retrieveDispute(row.row.providerId),
    });
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'paid' });
    await provider.closeDispute('dp_local_late', 'lost');
    expect((await t.store.orders.get(order.id))!.status).toBe('charged_back');
    const payout = (await payoutOf(t, order.reference))!;
    expect(payout.status).toBe('reversed');
    expect(await provider.retrieveTransfer(payout.transferId!)).toMatchObject({ reversed: true });
  });
});

describe('a suspended seller is not paid', () => {
  it('suspension holds the unsent payouts; the job pays nothing; reinstatement lets them go on', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { order, buyer } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    const admin = await signedInAgent(t);
    await t.store.users.update(admin.user.id, { role: 'admin' });
    const adminUser = (await t.store.users.get(admin.user.id))!;
    const report = await fileReport(
      t.store,
      (await t.store.users.get(buyer.user.id))!,
      { puppyId: puppy.id, reason: 'scam', comment: 'Asked to pay outside PuppyNest.' },
      NOW,
    );
    await decideReport(t.store, adminUser, report.id, 'suspend_user', NOW);
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'held', holdReason: 'suspended' });
    expect((await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`)).status).toBe(409);
    await releaseDuePayouts(t.deps.payments.payouts, new Date(NOW.getTime() + 30 * DAY_MS));
    expect(await localPaymentCount(t, 'transfer')).toBe(0);
    await undoModeration(t.store, adminUser, 'unsuspend_user', seller.user.id, NOW);
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'scheduled', holdReason: null });
    await releaseDuePayouts(t.deps.payments.payouts, new Date(NOW.getTime() + 30 * DAY_MS));
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'paid' });
    expect(await addPuppy(t, seller.user.id)).toBeDefined();
  });
});
