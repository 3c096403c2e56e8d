// Orders after checkout (docs/product.md §6, §10) on the local test-mode provider:
// who may see an order and what of it, the seller's "handed over", the admin's cancel with a full
// refund (twice, and refused by the provider), and a capture whose puppy is gone never being kept.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { recordAuthorisedPurchase } from '../../commerce-api/src/domain/orders.ts';
import { buildOrder } from '../support/factories.ts';
import { type TestApp } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';
import { allOrders, CARDS, type Client, localPayment, marketplace, NOW, payWithCard } from '../support/payments.ts';

async function checkout(agent: Client, puppyId: number) {
  const response = await agent.post('/api/create-payment-intent').send({ puppyId, visitId: 'visit-orders-1' });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { clientSecret: string; intentId: string; amountCents: number };
}

/** a marketplace where a buyer has paid for the seller's puppy with `card` */
async function paidOrder(card: string = CARDS.visa) {
  const world = await marketplace();
  const buyer = await signedInAgent(world.t);
  const intent = await checkout(buyer.agent, world.puppy.id);
  await payWithCard(buyer.agent, intent.clientSecret, card);
  const order = (await allOrders(world.t))[0]!;
  expect(order.status).toBe('paid');
  return { ...world, buyer, intent, order };
}

async function adminAgent(t: TestApp) {
  const admin = await signedInAgent(t);
  await t.store.users.update(admin.user.id, { role: 'admin' });
  return admin.agent;
}

/** the local provider's record of a payment */
const payment = localPayment;

describe('a listing with an order cannot be deleted, and a capture whose puppy is gone is never kept', () => {
  it('the seller deletes while the capture runs: 409 naming the order, nothing changes, and the capture then completes', async () => {
    const { t, seller, puppy } = await marketplace({ payments: { localEvents: 'drop' } });
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    // Fulfilment's first step (the order recorded, the puppy reserved), paused before the capture.
    const authorised = await t.deps.payments.provider.retrievePaymentIntent(intent.intentId);
    expect(await recordAuthorisedPurchase(t.store, authorised, NOW, false)).toBe('capture');
    const order = (await allOrders(t))[0]!;
    expect(order.status).toBe('pending');

    const response = await seller.agent.delete(`/api/puppies/${puppy.id}`);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'listing_has_order',
      message: `${puppy.name} has an order whose payment is being confirmed (${order.reference}), so the listing cannot be deleted.`,
    });
    expect(await t.store.puppies.get(puppy.id)).toMatchObject({ status: 'reserved' });

    await t.deps.payments.fulfilment.syncPaymentIntent(authorised);
    expect((await t.store.orders.get(order.id))!.status).toBe('paid');
    expect((await payment(t, intent.intentId)).status).toBe('succeeded');
    expect((await seller.agent.delete(`/api/puppies/${puppy.id}`)).status).toBe(409);
  });

  it('an authorised payment whose puppy disappeared is released, never captured', async () => {
    const { t, puppy } = await marketplace({ payments: { localEvents: 'drop' } });
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    const authorised = await t.deps.payments.provider.retrievePaymentIntent(intent.intentId);
    await recordAuthorisedPurchase(t.store, authorised, NOW, false);
    await t.store.puppies.remove(puppy.id);

    const status = await buyer.agent.post(`/api/payments/${intent.intentId}/refresh`).send({});
    expect(status.body).toMatchObject({
      outcome: 'sold_out',
      message: expect.stringMatching(/listing was removed.*not charged/),
    });
    expect((await payment(t, intent.intentId)).status).toBe('canceled');
    expect((await allOrders(t))[0]!.status).toBe('canceled');
  });

  it('money taken for a puppy that disappeared is refunded in full, and the order is never paid', async () => {
    const { t, puppy } = await marketplace({ payments: { localEvents: 'drop' } });
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    const authorised = await t.deps.payments.provider.retrievePaymentIntent(intent.intentId);
    await recordAuthorisedPurchase(t.store, authorised, NOW, false);
    // The capture went through at the provider; the puppy vanished before fulfilment recorded it.
    await t.deps.payments.provider.capturePaymentIntent(intent.intentId, 'capture-test');
    await t.store.puppies.remove(puppy.id);

    const status = await buyer.agent.post(`/api/payments/${intent.intentId}/refresh`).send({});
    expect(status.body).toMatchObject({ outcome: 'sold_out', message: expect.stringMatching(/refunded in full/) });
    expect((await payment(t, intent.intentId)).refundedCents).toBe(intent.amountCents);
    expect((await allOrders(t))[0]).toMatchObject({ status: 'refunded', paidAt: null });
    expect(t.outbox.entries.filter((m) => m.subject.includes('reserved for you'))).toHaveLength(0);
  });
});

describe('who may see an order', () => {
  it("the buyer sees their order with the seller's name and email; the seller sees only the buyer's name and email; an admin sees both", async () => {
    const { t, seller, buyer, order, puppy } = await paidOrder();
    const asBuyer = await buyer.agent.get(`/api/orders/${order.reference}`);
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.body).toMatchObject({
      reference: order.reference,
      status: 'paid',
      totalCents: order.totalCents,
      puppy: { id: puppy.id, name: puppy.name },
      buyer: null,
    });
    expect(asBuyer.body.seller).toEqual({ name: seller.user.username, email: `${seller.user.username}@example.com` });

    const asSeller = await seller.agent.get(`/api/orders/${order.reference}`);
    expect(asSeller.status).toBe(200);
    expect(asSeller.body.buyer).toEqual({ name: buyer.user.username, email: `${buyer.user.username}@example.com` });
    expect(asSeller.body.seller).toBeNull();
    expect(JSON.stringify(asSeller.body)).not.toMatch(/pi_local|paymentIntent|buyerId/);

    const admin = await adminAgent(t);
    const asAdmin = await admin.get(`/api/orders/${order.reference.toLowerCase()}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({
      buyer: { name: buyer.user.username },
      seller: { name: seller.user.username },
    });
  });

  it('anyone else gets the same 404 as for an order that does not exist; logged out is 401', async () => {
    const { t, order } = await paidOrder();
    const stranger = await signedInAgent(t);
    const otherSeller = await signedInAgent(t, { accountType: 'seller' });
    const unknown = await stranger.agent.get('/api/orders/PN-20260601-00000000');
    expect(unknown.status).toBe(404);
    for (const agent of [stranger.agent, otherSeller.agent]) {
      const response = await agent.get(`/api/orders/${order.reference}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unknown.body);
      expect((await agent.post(`/api/orders/${order.reference}/handed-over`)).status).toBe(404);
    }
    expect((await stranger.agent.get('/api/orders/not-a-reference')).status).toBe(404);
    expect((await request(t.app).get(`/api/orders/${order.reference}`)).status).toBe(401);
    expect((await request(t.app).get('/api/my-orders')).status).toBe(401);
    expect((await stranger.agent.get('/api/my-orders')).body).toEqual({ orders: [], page: 1, pageCount: 1, total: 0 });
    expect((await stranger.agent.get('/api/seller-orders')).body).toEqual([]);
    expect((await otherSeller.agent.get('/api/seller-orders')).body).toEqual([]);
  });

  it("the seller's orders list holds the orders on their own listings, with the buyer's name and email only", async () => {
    const { seller, buyer, order, puppy } = await paidOrder();
    const response = await seller.agent.get('/api/seller-orders');
    expect(response.body).toEqual([
      expect.objectContaining({
        reference: order.reference,
        puppyId: puppy.id,
        status: 'paid',
        buyer: { name: buyer.user.username, email: `${buyer.user.username}@example.com` },
        seller: null,
      }),
    ]);
    expect((await buyer.agent.get('/api/seller-orders')).body).toEqual([]);
  });

  it("My Orders pages the buyer's orders, newest first, ten at a time", async () => {
    const { t, buyer, seller, order } = await paidOrder();
    for (let i = 0; i < 11; i++) {
      await t.store.orders.create(
        buildOrder(
          {
            buyerId: buyer.user.id,
            sellerId: seller.user.id,
            puppyId: 1,
            status: 'refunded',
            reference: `PN-20260601-0000000${i.toString(16).toUpperCase()}`,
            paymentIntentId: `pi_refunded_${i}`,
          },
          NOW,
        ),
      );
    }
    const first = await buyer.agent.get('/api/my-orders');
    expect(first.body).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.body.orders).toHaveLength(10);
    expect(first.body.orders[0].reference).toBe('PN-20260601-0000000A');
    const second = await buyer.agent.get('/api/my-orders?page=2');
    expect(second.body.orders.map((o: { reference: string }) => o.reference)).toEqual([
      'PN-20260601-00000000',
      order.reference,
    ]);
    expect((await buyer.agent.get('/api/my-orders?page=0')).status).toBe(400);
    expect((await buyer.agent.get('/api/my-orders?page=abc')).body.error.code).toBe('validation_failed');
  });
});

describe('handed over', () => {
  it('only the seller marks a paid order handed over; the puppy becomes adopted; again changes nothing', async () => {
    const { t, seller, buyer, order, puppy } = await paidOrder();
    const byBuyer = await buyer.agent.post(`/api/orders/${order.reference}/handed-over`);
    expect(byBuyer.status).toBe(403);
    expect((await t.store.orders.get(order.id))!.status).toBe('paid');

    const done = await seller.agent.post(`/api/orders/${order.reference}/handed-over`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      changed: true,
      order: { status: 'handed_over', handedOverAt: NOW.toISOString() },
    });
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('adopted');

    const again = await seller.agent.post(`/api/orders/${order.reference}/handed-over`);
    expect(again.body).toMatchObject({ changed: false });
    expect((await seller.agent.delete(`/api/puppies/${puppy.id}`)).status).toBe(409);
  });

  it('a pending order cannot be handed over yet', async () => {
    const { t, seller, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const pending = await t.store.orders.create(
      buildOrder(
        { puppyId: puppy.id, buyerId: buyer.user.id, sellerId: seller.user.id, reference: 'PN-20260601-ABCDEF01' },
        NOW,
      ),
    );
    const response = await seller.agent.post(`/api/orders/${pending.reference}/handed-over`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('order_pending');
  });
});

const REASON = 'The seller can no longer deliver the puppy.';

describe('an admin cancels an order with a full refund', () => {
  it('refunds in full through the provider, puts the puppy back on sale, mails buyer and seller; a second cancel changes nothing', async () => {
    const { t, seller, buyer, order, puppy, intent } = await paidOrder();
    expect((await buyer.agent.post(`/api/admin/orders/${order.reference}/cancel`)).status).toBe(403);
    expect((await request(t.app).post(`/api/admin/orders/${order.reference}/cancel`)).status).toBe(401);
    const admin = await adminAgent(t);
    const before = t.outbox.entries.length;
    const cancellations = () => t.outbox.entries.filter((m) => m.subject.includes('was cancelled'));

    const response = await admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      changed: true,
      order: { reference: order.reference, status: 'refunded', canceledAt: NOW.toISOString() },
    });
    expect(response.body.message).toBe(
      `Order ${order.reference} is cancelled: the buyer was refunded in full, and the puppy is available again.`,
    );
    expect((await payment(t, intent.intentId)).refundedCents).toBe(order.totalCents);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
    const mails = cancellations();
    expect(mails.map((m) => m.to).sort()).toEqual(
      [`${buyer.user.username}@example.com`, `${seller.user.username}@example.com`].sort(),
    );
    expect(mails.every((m) => m.subject.includes(order.reference) && m.text.includes('Total: $1,549.99'))).toBe(true);
    expect(mails.find((m) => m.to.startsWith(buyer.user.username))!.text).toContain(
      'The full amount has been refunded to your card.',
    );
    expect(mails.every((m) => m.text.includes(`The reason PuppyNest gave: "${REASON}"`))).toBe(true);
    expect(response.body.order.cancelReason).toBe(REASON);

    const second = await admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      changed: false,
      order: { status: 'refunded' },
      message: `Order ${order.reference} was already cancelled. Nothing was changed.`,
    });
    expect(t.outbox.entries.length).toBe(before + 2);
    expect((await payment(t, intent.intentId)).refundedCents).toBe(order.totalCents);

    const told = await buyer.agent.post(`/api/payments/${intent.intentId}/refresh`).send({});
    expect(told.body).toMatchObject({
      outcome: 'canceled',
      message: 'This order was cancelled by PuppyNest. Your payment has been refunded in full.',
    });
    // The puppy can be bought again.
    const next = await signedInAgent(t);
    expect(
      (await next.agent.post('/api/create-payment-intent').send({ puppyId: puppy.id, visitId: 'visit-again-1' }))
        .status,
    ).toBe(200);
  });

  it('a cancel without a reason is refused and changes nothing', async () => {
    const { t, order } = await paidOrder();
    const admin = await adminAgent(t);
    for (const body of [{}, { reason: '' }, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const response = await admin.post(`/api/admin/orders/${order.reference}/cancel`).send(body);
      expect(response.status).toBe(400);
      expect(response.body.error.fields.reason).toBe(
        'Say why the order is cancelled (3 to 500 characters): both sides are mailed it.',
      );
    }
    expect((await t.store.orders.get(order.id))!.status).toBe('paid');
  });

  it('two cancels at once refund once: one changes the order, the other is told a cancel is under way or already done', async () => {
    const { t, order, intent } = await paidOrder();
    const admin = await adminAgent(t);
    const before = t.outbox.entries.length;
    const answers = await Promise.all([
      admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON }),
      admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON }),
    ]);
    expect(answers.filter((r) => r.status === 200 && r.body.changed === true)).toHaveLength(1);
    const other = answers.find((r) => !(r.status === 200 && r.body.changed === true))!;
    expect(other.status).toBe(200);
    expect(other.body.changed).toBe(false);
    expect((await payment(t, intent.intentId)).refundedCents).toBe(order.totalCents);
    expect(t.outbox.entries.length).toBe(before + 2);
    // the claim is given back: a later cancel is told the order is already cancelled
    expect(
      (await admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON })).body,
    ).toMatchObject({ changed: false });
  });

  it('a disputed payment (card 0259) is not refunded by an admin while the bank decides: the order, the puppy and the outbox stay as they were', async () => {
    const { t, order, puppy, intent } = await paidOrder('4000 0000 0000 0259');
    const admin = await adminAgent(t);
    const before = t.outbox.entries.length;
    const disputed = (await t.store.orders.get(order.id))!;
    expect(disputed).toMatchObject({ status: 'paid', disputeStatus: 'open', disputeAmountCents: order.totalCents });
    const response = await admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'order_disputed',
      message: `The buyer's bank is deciding a dispute of the payment for order ${order.reference}: it cannot be refunded until the dispute closes. Nothing was changed.`,
    });
    expect(await t.store.orders.get(order.id)).toEqual(disputed);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('reserved');
    expect((await payment(t, intent.intentId)).refundedCents).toBe(0);
    expect(t.outbox.entries.length).toBe(before);
  });

  it('cancelling an order whose payment is still held releases the hold instead of charging', async () => {
    const { t, puppy } = await marketplace({ payments: { localEvents: 'drop' } });
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    const authorised = await t.deps.payments.provider.retrievePaymentIntent(intent.intentId);
    await recordAuthorisedPurchase(t.store, authorised, NOW, false);
    const order = (await allOrders(t))[0]!;
    expect(order.status).toBe('pending');

    const admin = await adminAgent(t);
    const response = await admin.post(`/api/admin/orders/${order.reference}/cancel`).send({ reason: REASON });
    expect(response.body).toMatchObject({ changed: true, order: { status: 'canceled' } });
    expect(response.body.message).toMatch(/hold on the buyer's card was released/);
    expect(await payment(t, intent.intentId)).toMatchObject({ status: 'canceled', refundedCents: 0 });
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
  });

  it('an unknown reference is 404', async () => {
    const { t } = await paidOrder();
    const admin = await adminAgent(t);
    expect((await admin.post('/api/admin/orders/PN-20260601-00000000/cancel').send({ reason: REASON })).status).toBe(
      404,
    );
    expect((await admin.post('/api/admin/orders/nonsense/cancel').send({ reason: REASON })).status).toBe(404);
  });
});

describe('a puppy an order holds stays off sale', () => {
  it('its seller cannot set it available again while the order stands, by the status call or the edit form', async () => {
    const { t, seller, order, puppy } = await paidOrder();
    const byStatus = await seller.agent.put(`/api/puppies/${puppy.id}/status`).send({ status: 'available' });
    expect(byStatus.status).toBe(409);
    expect(byStatus.body.error.message).toBe(
      `${puppy.name} has an order (${order.reference}), so it cannot be offered as available again. Contact us to cancel the order.`,
    );
    const byEdit = await seller.agent.put(`/api/puppies/${puppy.id}`).send({ status: 'available', price: 10 });
    expect(byEdit.status).toBe(409);
    expect(await t.store.puppies.get(puppy.id)).toMatchObject({ status: 'reserved', price: puppy.price });
    expect((await seller.agent.put(`/api/puppies/${puppy.id}/status`).send({ status: 'adopted' })).status).toBe(200);
  });
});
