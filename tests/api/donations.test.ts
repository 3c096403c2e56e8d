// Donations (docs/product.md §2 Donate, §5, §7): anyone may give the amount they choose within the server's bounds;
// recorded pending, succeeded once the money arrives; a thank-you mail.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAX_DONATION } from '../../commerce-api/src/contracts/plans.ts';
import { createTestApp } from '../support/test-app.ts';
import { CARDS, localPayment, localPaymentCount, NOW, payWithCard } from '../support/payments.ts';

const gift = {
  donorName: 'Alex Morgan',
  donorEmail: 'alex@example.com',
  amount: 50,
  message: 'For the puppies',
  isAnonymous: true,
  visitId: 'visit-gift-1',
};

describe('POST /api/create-donation-intent', () => {
  it("records a pending donation of the donor's amount; paying it makes it succeeded and thanks the donor", async () => {
    const t = await createTestApp({ now: NOW });
    const created = await request(t.app).post('/api/create-donation-intent').send(gift);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.amountCents).toBe(5000);
    expect(await t.store.donations.findByIntent(created.body.intentId)).toEqual(
      expect.objectContaining({
        donorName: 'Alex Morgan',
        donorEmail: 'alex@example.com',
        amountCents: 5000,
        message: 'For the puppies',
        isAnonymous: true,
        status: 'pending',
        stripePaymentIntentId: created.body.intentId,
      }),
    );
    const intent = await localPayment(t, created.body.intentId);
    expect(intent).toMatchObject({ amountCents: 5000, captureMethod: 'automatic', currency: 'usd' });

    await payWithCard(request(t.app), created.body.clientSecret, CARDS.visa);
    expect((await t.store.donations.findByIntent(created.body.intentId))!.status).toBe('succeeded');
    expect(t.outbox.entries).toEqual([
      expect.objectContaining({ to: 'alex@example.com', subject: 'Thank you for your donation to PuppyNest rescue' }),
    ]);
    expect(t.outbox.entries[0]!.text).toContain('$50.00');
  });

  it('takes custom amounts with cents, and refuses amounts outside the bounds', async () => {
    const t = await createTestApp({ now: NOW });
    const custom = await request(t.app)
      .post('/api/create-donation-intent')
      .send({ ...gift, amount: '37.5' });
    expect(custom.body.amountCents).toBe(3750);
    for (const amount of [0, 0.5, -5, MAX_DONATION + 1, 12.345, 'abc', null]) {
      const response = await request(t.app)
        .post('/api/create-donation-intent')
        .send({ ...gift, amount });
      expect(response.status, String(amount)).toBe(400);
      expect(response.body.error.fields.amount, String(amount)).toBeTruthy();
    }
    // only the valid one was recorded: one local intent, and its donation
    expect(await localPaymentCount(t, 'payment_intent')).toBe(1);
    expect(await t.store.donations.findByIntent(custom.body.intentId)).toMatchObject({
      amountCents: 3750,
      status: 'pending',
    });
  });

  it('needs a name and a valid email', async () => {
    const t = await createTestApp({ now: NOW });
    const response = await request(t.app)
      .post('/api/create-donation-intent')
      .send({ ...gift, donorName: ' ', donorEmail: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({
      donorName: 'Name is required',
      donorEmail: 'Invalid email address',
    });
    expect(await localPaymentCount(t)).toBe(0);
  });

  it("a declined card leaves the donation pending; the page's re-check tells the donor why", async () => {
    const t = await createTestApp({ now: NOW });
    const created = await request(t.app).post('/api/create-donation-intent').send(gift);
    await payWithCard(request(t.app), created.body.clientSecret, CARDS.declined);
    expect((await t.store.donations.findByIntent(created.body.intentId))!.status).toBe('pending');
    const status = await request(t.app)
      .post(`/api/payments/${created.body.intentId}/refresh`)
      .send({ clientSecret: created.body.clientSecret });
    expect(status.body).toMatchObject({ purpose: 'donation', outcome: 'failed', message: 'Your card was declined.' });
    expect(t.outbox.entries).toHaveLength(0);
  });

  it('a donation whose event never arrived succeeds on the re-check, once', async () => {
    const t = await createTestApp({ now: NOW, payments: { localEvents: 'drop' } });
    const created = await request(t.app).post('/api/create-donation-intent').send(gift);
    await payWithCard(request(t.app), created.body.clientSecret, CARDS.visa);
    expect((await t.store.donations.findByIntent(created.body.intentId))!.status).toBe('pending');
    for (let i = 0; i < 2; i++) {
      const status = await request(t.app)
        .post(`/api/payments/${created.body.intentId}/refresh`)
        .send({ clientSecret: created.body.clientSecret });
      expect(status.body).toMatchObject({ outcome: 'succeeded', message: 'Thank you for your donation!' });
    }
    expect((await t.store.donations.findByIntent(created.body.intentId))!.status).toBe('succeeded');
    expect(t.outbox.entries).toHaveLength(1);
  });
});

describe('card testing through the donation form', () => {
  it('limits donation intents per client', async () => {
    const t = await createTestApp({ now: NOW });
    const statuses: number[] = [];
    const intents: string[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await request(t.app)
        .post('/api/create-donation-intent')
        .send({ ...gift, visitId: `visit-limit-${i}` });
      statuses.push(response.status);
      if (response.status === 200) intents.push(response.body.intentId);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(new Set(intents).size).toBe(20);
    for (const intentId of intents) expect(await t.store.donations.findByIntent(intentId)).toBeDefined();
    expect(await localPaymentCount(t, 'payment_intent')).toBe(20);
  });
});
