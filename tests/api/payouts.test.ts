// Seller payouts (decisions 0101, 0107) on the local test-mode provider, on both stores: a seller connects
// a payout account; the handover schedules the seller's share; the buyer confirms (released at once) or
// reports a problem (held for an admin) within the window, which otherwise releases it; one transfer per
// order, also with two processes racing the release; a refund after a transfer reverses it first, and a
// reversal the seller's balance cannot cover leaves the refund pending, shown to the admin.
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNT_NUMBER, TEST_ROUTING_NUMBER, type EarningsResponse } from '#contracts/payouts.ts';
import { createPayments } from '../../commerce-api/src/payments/index.ts';
import { InsufficientBalanceError } from '../../commerce-api/src/payments/provider.ts';
import { releaseDuePayouts } from '../../commerce-api/src/domain/payouts/release.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import { signedInAgent } from '../support/api-login.ts';
import { addPuppy, localPaymentCount, marketplace, NOW } from '../support/payments.ts';
import { adminAgent, buy, connect, handOver, local, payoutOf } from '../support/payouts.ts';
import { onPostgres } from '../support/test-store.ts';
import { silentLog } from '../support/captured-log.ts';

const DAY_MS = 86_400_000;

/** a seller with a connected account, a buyer who paid $1,500 for the seller's puppy, and the handover made */
async function handedOver(env: Record<string, string> = {}) {
  const world = await marketplace({ env });
  await connect(world.seller.agent);
  const sale = await buy(world.t, world.puppy.id);
  await handOver(world.seller.agent, sale.order.reference);
  return { ...world, ...sale };
}

describe('the handover schedules the payout; the buyer confirms or the window ends', () => {
  it('handover: the share less PLATFORM_FEE_PERCENT, released after PAYOUT_HOLD_DAYS; the buyer is asked, and does not see the share', async () => {
    const { t, buyer, order, seller } = await handedOver({ PLATFORM_FEE_PERCENT: '10', PAYOUT_HOLD_DAYS: '5' });
    expect(await payoutOf(t, order.reference)).toMatchObject({
      status: 'scheduled',
      amountCents: 135_000,
      feeCents: 15_000,
      releaseAt: new Date(NOW.getTime() + 5 * DAY_MS).toISOString(),
      transferId: null,
    });
    const asked = t.outbox.entries.find(
      (m) => m.to === `${buyer.user.username}@example.com` && m.subject.startsWith('Is Daisy home with you?'),
    );
    expect(asked?.text).toContain('June 6, 2026');
    const mine = await buyer.agent.get(`/api/orders/${order.reference}`);
    expect(mine.body.payout).toEqual({
      status: 'scheduled',
      releaseAt: new Date(NOW.getTime() + 5 * DAY_MS).toISOString(),
      problem: null,
      amountCents: null,
      feeCents: null,
      lastError: null,
      holdReason: null,
    });
    const sellers = await seller.agent.get(`/api/orders/${order.reference}`);
    expect(sellers.body.payout).toMatchObject({ amountCents: 135_000, feeCents: 15_000 });
    // the seller's earnings: on its way, with the date it releases
    const earnings = (await seller.agent.get('/api/earnings')).body as EarningsResponse;
    expect(earnings).toMatchObject({
      feePercent: 10,
      holdDays: 5,
      account: { status: 'payouts_enabled' },
      totals: { paidCents: 0, onItsWayCents: 135_000, heldCents: 0 },
    });
    expect(earnings.rows).toEqual([
      expect.objectContaining({
        reference: order.reference,
        puppyName: 'Daisy',
        puppyPriceCents: 150_000,
        feeCents: 15_000,
        amountCents: 135_000,
        status: 'on_its_way',
        note: 'Released on June 6, 2026, or sooner when the buyer confirms receipt.',
      }),
    ]);
  });

  it('the buyer confirms receipt: one transfer of the share to the seller, paid at once; a second confirmation changes nothing', async () => {
    const { t, buyer, order, seller } = await handedOver();
    const confirmed = await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({
      changed: true,
      message: 'Thank you for confirming that Daisy arrived. The seller is being paid.',
      order: { payout: { status: 'paid' } },
    });
    const payout = await payoutOf(t, order.reference);
    expect(payout).toMatchObject({
      status: 'paid',
      amountCents: 150_000,
      feeCents: 0,
      confirmedAt: NOW.toISOString(),
      paidAt: NOW.toISOString(),
    });
    const transfer = await (await local(t)).retrieveTransfer(payout.transferId!);
    expect(transfer).toMatchObject({ amountCents: 150_000, transferGroup: order.reference, reversed: false });
    expect(await localPaymentCount(t, 'transfer')).toBe(1);
    expect(t.outbox.entries.some((m) => m.subject === `You were paid $1,500.00 for order ${order.reference}`)).toBe(
      true,
    );

    const again = await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    expect(again.body).toMatchObject({
      changed: false,
      message: 'The seller of Daisy has already been paid. Nothing was changed.',
    });
    expect(await localPaymentCount(t, 'transfer')).toBe(1);

    const earnings = (await seller.agent.get('/api/earnings')).body as EarningsResponse;
    expect(earnings.totals).toEqual({ paidCents: 150_000, onItsWayCents: 0, heldCents: 0 });
    expect(earnings.rows[0]).toMatchObject({ status: 'paid', statusAt: NOW.toISOString(), note: null });
    const csv = await seller.agent.get('/api/earnings.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename=puppynest-earnings-2026-06-01.csv');
    expect(csv.text.split('\r\n')).toEqual([
      '"Order","Puppy","Ordered","Price","Fee","Your share","Status","Status date","Note"',
      `"${order.reference}","Daisy","2026-06-01","1500.00","0.00","1500.00","Paid","2026-06-01",""`,
      '',
    ]);
  });

  it('no word from the buyer: the release job pays the seller once the window ended, not before', async () => {
    const { t, order } = await handedOver();
    const ctx = t.deps.payments.payouts;
    expect(await releaseDuePayouts(ctx, new Date(NOW.getTime() + 3 * DAY_MS - 1000))).toEqual({
      released: 0,
      sent: 0,
      reversed: 0,
    });
    expect((await payoutOf(t, order.reference)).status).toBe('scheduled');
    t.tick(3 * DAY_MS);
    expect(await releaseDuePayouts(ctx, t.deps.now())).toEqual({ released: 1, sent: 1, reversed: 0 });
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'paid', confirmedAt: null });
    expect(await releaseDuePayouts(ctx, t.deps.now())).toEqual({ released: 0, sent: 0, reversed: 0 });
    expect(await localPaymentCount(t, 'transfer')).toBe(1);
  });

  it('only the buyer confirms or reports; not before the handover; others are told the order does not exist', async () => {
    const world = await marketplace();
    await connect(world.seller.agent);
    const { buyer, order } = await buy(world.t, world.puppy.id);
    const early = await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({
      code: 'not_handed_over',
      message: 'The seller has not marked Daisy as handed over yet.',
    });
    await handOver(world.seller.agent, order.reference);
    expect((await world.seller.agent.post(`/api/orders/${order.reference}/confirm-receipt`)).status).toBe(403);
    const stranger = await signedInAgent(world.t);
    expect(
      (
        await stranger.agent
          .post(`/api/orders/${order.reference}/report-problem`)
          .send({ problem: 'Not my puppy at all.' })
      ).status,
    ).toBe(404);
    const bad = await buyer.agent.post(`/api/orders/${order.reference}/report-problem`).send({ problem: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ problem: 'Tell us what went wrong in at least 10 characters.' });
    expect((await payoutOf(world.t, order.reference)).status).toBe('scheduled');
  });
});

describe('a reported problem holds the payout for an admin', () => {
  it('held within the window: the job leaves it; both sides are mailed; the admin releases it to the seller', async () => {
    const { t, buyer, order, seller } = await handedOver();
    const reported = await buyer.agent
      .post(`/api/orders/${order.reference}/report-problem`)
      .send({ problem: 'The puppy has a cough the seller did not mention.' });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body).toMatchObject({
      changed: true,
      order: { payout: { status: 'held', problem: 'The puppy has a cough the seller did not mention.' } },
    });
    expect(t.outbox.entries.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `We received your report about order ${order.reference}`,
        `The payout for order ${order.reference} is on hold`,
      ]),
    );
    expect((await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`)).body.error.code).toBe(
      'payout_held',
    );

    await releaseDuePayouts(t.deps.payments.payouts, new Date(NOW.getTime() + 10 * DAY_MS));
    expect((await payoutOf(t, order.reference)).status).toBe('held');
    const earnings = (await seller.agent.get('/api/earnings')).body as EarningsResponse;
    expect(earnings.totals.heldCents).toBe(150_000);
    expect(earnings.rows[0]!.note).toBe(
      'The buyer reported a problem; PuppyNest decides within 2 business days: "The puppy has a cough the seller did not mention."',
    );

    const admin = await adminAgent(t);
    const queue = await admin.get('/api/admin/payouts');
    expect(queue.body.payouts).toEqual([
      expect.objectContaining({
        reference: order.reference,
        status: 'held',
        amountCents: 150_000,
        problem: 'The puppy has a cough the seller did not mention.',
      }),
    ]);
    const released = await admin.post(`/api/admin/payouts/${order.reference}/release`);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.message).toBe(`The payout for order ${order.reference} is released to the seller.`);
    expect((await payoutOf(t, order.reference)).status).toBe('paid');
    expect((await admin.get('/api/admin/payouts')).body.payouts).toEqual([]);
    expect((await admin.post(`/api/admin/payouts/${order.reference}/release`)).body.changed).toBe(false);
    expect((await seller.agent.get('/api/admin/payouts')).status).toBe(403);
  });

  it('after the window a report is refused and changes nothing', async () => {
    // no window at all: it ends at the handover
    const { t, buyer, order } = await handedOver({ PAYOUT_HOLD_DAYS: '0' });
    const late = await buyer.agent
      .post(`/api/orders/${order.reference}/report-problem`)
      .send({ problem: 'The puppy has a cough the seller did not mention.' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('report_window_closed');
    expect((await payoutOf(t, order.reference)).status).toBe('scheduled');
  });

  it('the admin refunds a held payout: nothing was transferred, the payout is cancelled and the buyer refunded', async () => {
    const { t, buyer, order, intentId } = await handedOver();
    await buyer.agent
      .post(`/api/orders/${order.reference}/report-problem`)
      .send({ problem: 'The puppy is not the one in the photos.' });
    const admin = await adminAgent(t);
    const refunded = await admin
      .post(`/api/admin/orders/${order.reference}/cancel`)
      .send({ reason: 'The family asked us to cancel.' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.order).toMatchObject({ status: 'refunded', payout: { status: 'canceled' } });
    expect(await localPaymentCount(t, 'transfer')).toBe(0);
    expect((await t.store.localPayments.find(intentId, 'payment_intent'))!.refundedCents).toBe(154_999);
  });
});

describe('refunds after a transfer', () => {
  it('the transfer is reversed first, then the buyer refunded; the payout shows reversed', async () => {
    const { t, buyer, order, intentId, seller } = await handedOver();
    await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    const { transferId } = await payoutOf(t, order.reference);
    const admin = await adminAgent(t);
    const refunded = await admin
      .post(`/api/admin/orders/${order.reference}/cancel`)
      .send({ reason: 'The family asked us to cancel.' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.order).toMatchObject({ status: 'refunded', payout: { status: 'reversed' } });
    expect(await (await local(t)).retrieveTransfer(transferId!)).toMatchObject({
      reversed: true,
      amountReversedCents: 150_000,
    });
    expect((await t.store.localPayments.find(intentId, 'payment_intent'))!.refundedCents).toBe(154_999);
    const earnings = (await seller.agent.get('/api/earnings')).body as EarningsResponse;
    expect(earnings.rows[0]).toMatchObject({
      status: 'reversed',
      note: 'The buyer was refunded, and this payout was taken back.',
    });
    expect(earnings.totals.paidCents).toBe(0);
  });

  it("a reversal the seller's balance cannot cover: the refund waits (pending, shown to the admin), both sides are mailed, and it is made once the balance allows", async () => {
    const { t, buyer, order, intentId, seller } = await handedOver();
    await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    const account = (await t.store.payoutAccounts.findByUser(
      (await t.store.orders.findByReference(order.reference))!.sellerId,
    ))!;
    // Stripe paid the seller's balance out to the bank: nothing is left to take back
    expect(await (await local(t)).payOutBalance(account.accountId)).toBe(150_000);
    const admin = await adminAgent(t);
    const refused = await admin
      .post(`/api/admin/orders/${order.reference}/cancel`)
      .send({ reason: 'The family asked us to cancel.' });
    // The cancel is claimed (the order says the refund is pending), and the buyer's money waits for
    // the seller's: a refunded order never leaves the seller paid (decision 0107).
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.message).toBe(
      `Order ${order.reference} is cancelled, and its refund is pending: The $1,500.00 transferred to the seller could not be taken back: the seller's balance is short. The refund waits until it is; order ${order.reference} shows the refund as pending.`,
    );
    expect(refused.body.order).toMatchObject({ status: 'refunding', payout: { status: 'reversing' } });
    expect(refused.body.order.refundError).toMatch(/could not be taken back/);
    expect((await t.store.localPayments.find(intentId, 'payment_intent'))!.refundedCents ?? 0).toBe(0);
    const payout = await payoutOf(t, order.reference);
    expect(payout).toMatchObject({ status: 'reversing' });
    expect(payout.lastError).toMatch(/^The transfer to the seller could not be reversed: /);
    const queue = (await admin.get('/api/admin/payouts')).body.payouts;
    expect(queue).toEqual([
      expect.objectContaining({ reference: order.reference, status: 'reversing', lastError: payout.lastError }),
    ]);
    expect((await admin.get('/api/admin/disputes')).body.refunds).toEqual([
      expect.objectContaining({ reference: order.reference, orderStatus: 'refunding', payoutStatus: 'reversing' }),
    ]);
    // "refunded by other means" is refused while the seller still has the money
    const elsewhere = await admin
      .post(`/api/admin/orders/${order.reference}/refunded-elsewhere`)
      .send({ note: 'Paid back by bank transfer.' });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.code).toBe('payout_not_taken_back');
    const subjects = t.outbox.entries.map((m) => m.subject);
    expect(subjects).toContain(`Action needed: the payout for order ${order.reference} must be returned`);
    expect(subjects).toContain(`Your refund for order ${order.reference} is being prepared`);
    // a second try mails nobody again
    const mails = t.outbox.entries.length;
    expect((await admin.post(`/api/admin/orders/${order.reference}/retry-refund`)).body).toMatchObject({
      changed: false,
      order: { status: 'refunding' },
    });
    expect(t.outbox.entries.length).toBe(mails);
    // the seller's balance fills again (another sale's transfer): the job takes the payout back, then refunds the buyer
    const other = await addPuppy(t, account.userId, { name: 'Max', price: 2000 });
    const second = await buy(t, other.id);
    await handOver(seller.agent, second.order.reference);
    await second.buyer.agent.post(`/api/orders/${second.order.reference}/confirm-receipt`);
    await releaseDuePayouts(t.deps.payments.payouts, t.deps.now());
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'reversed' });
    expect((await t.store.orders.findByReference(order.reference))!.status).toBe('refunded');
    expect((await t.store.localPayments.find(intentId, 'payment_intent'))!.refundedCents).toBe(154_999);
  });
});

describe('a payout waits for what it needs', () => {
  it('the seller has no account: released but waiting, with why; once onboarding enables payouts, it is sent', async () => {
    const { t, seller, puppy } = await marketplace();
    const { buyer, order } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'releasing', transferId: null });
    let earnings = (await seller.agent.get('/api/earnings')).body as EarningsResponse;
    expect(earnings.account.status).toBe('not_connected');
    expect(earnings.rows[0]).toMatchObject({
      status: 'on_its_way',
      note: 'Waiting for your payout account: connect it above to receive this payment.',
    });

    // the onboarding page: a wrong bank account is refused; "finish later" leaves details needed
    const link = new URL((await seller.agent.post('/api/earnings/connect')).body.url).searchParams.get('link')!;
    expect((await seller.agent.get(`/api/local-connect/${link}`)).body).toEqual({
      email: `${seller.user.username}@example.com`,
      status: 'details_needed',
      requirements: ['individual.first_name', 'external_account', 'individual.ssn_last_4'],
    });
    const wrong = await seller.agent
      .post(`/api/local-connect/${link}`)
      .send({ legalName: 'Dana', routingNumber: '110000000', accountNumber: '000111111116', ssnLast4: '0000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      accountNumber: `Test mode accepts only Stripe's test bank account: routing ${TEST_ROUTING_NUMBER}, account ${TEST_ACCOUNT_NUMBER}.`,
    });
    const later = await seller.agent
      .post(`/api/local-connect/${link}`)
      .send({ legalName: 'Dana Breeder', routingNumber: '', accountNumber: '', ssnLast4: '', finishLater: true });
    expect(later.body).toEqual({
      returnUrl: 'http://localhost:4321/earnings?onboarding=done',
      status: 'details_needed',
    });
    expect((await seller.agent.get(`/api/local-connect/${link}`)).status).toBe(404);
    earnings = (await seller.agent.get('/api/earnings')).body as EarningsResponse;
    expect(earnings.account.status).toBe('details_needed');
    expect(earnings.rows[0]!.note).toBe('Waiting for your payout account (details needed).');

    // a last four other than 0000 stays pending verification; 0000 enables payouts and sends the payout
    expect((await connect(seller.agent, '1234')).status).toBe('pending_verification');
    expect((await payoutOf(t, order.reference)).status).toBe('releasing');
    expect((await connect(seller.agent, '0000')).status).toBe('payouts_enabled');
    expect((await payoutOf(t, order.reference)).status).toBe('paid');
    expect(await localPaymentCount(t, 'account')).toBe(1);
  });

  it('the onboarding link and its return address follow PORT when PUBLIC_SITE_URL is unset', async () => {
    const { seller } = await marketplace({ env: { PORT: '4599' } });
    const started = await seller.agent.post('/api/earnings/connect');
    expect(started.body.url).toMatch(/^http:\/\/localhost:4599\//);
    const link = new URL(started.body.url as string).searchParams.get('link')!;
    const later = await seller.agent
      .post(`/api/local-connect/${link}`)
      .send({ legalName: 'Dana Breeder', routingNumber: '', accountNumber: '', ssnLast4: '', finishLater: true });
    expect(later.body.returnUrl).toBe('http://localhost:4599/earnings?onboarding=done');
  });

  it("the platform's balance cannot cover the transfer: refused as Stripe does, kept as lastError, sent by the job once it can", async () => {
    const { t, order, intentId, buyer, seller } = await handedOver();
    // the buyer's payment refunded out of band: the platform holds nothing to transfer
    await (await local(t)).refundPaymentIntent(intentId, 'test-refund');
    await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    const waiting = await payoutOf(t, order.reference);
    expect(waiting).toMatchObject({ status: 'releasing', transferId: null });
    expect(waiting.lastError).toMatch(/insufficient available funds/);
    expect((await seller.agent.get('/api/earnings')).body.rows[0].note).toBe(
      'Released; the transfer is retried shortly.',
    );
    // another sale brings money in; the job sends the waiting payout
    const other = await addPuppy(t, (await t.store.orders.findByReference(order.reference))!.sellerId, {
      name: 'Max',
      price: 2000,
    });
    await buy(t, other.id);
    // a refused transfer is tried again ten minutes later, not at every run; the admin sees it meanwhile
    expect(await releaseDuePayouts(t.deps.payments.payouts, t.deps.now())).toEqual({
      released: 0,
      sent: 0,
      reversed: 0,
    });
    const admin = await adminAgent(t);
    expect((await admin.get('/api/admin/payouts')).body.payouts).toEqual([
      expect.objectContaining({ reference: order.reference, status: 'releasing', lastError: waiting.lastError }),
    ]);
    expect(await releaseDuePayouts(t.deps.payments.payouts, new Date(t.deps.now().getTime() + 11 * 60_000))).toEqual({
      released: 0,
      sent: 1,
      reversed: 0,
    });
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'paid', lastError: null });
    expect((await admin.get('/api/admin/payouts')).body.payouts).toEqual([]);
  });

  it('each row names its own puppy; a listing removed since the sale still shows its row, named as gone', async () => {
    const { t, seller, order } = await handedOver();
    const max = await addPuppy(t, seller.user.id, { name: 'Max', price: 2000 });
    const second = await buy(t, max.id);
    const names = async () =>
      Object.fromEntries(
        ((await seller.agent.get('/api/earnings')).body as EarningsResponse).rows.map((row) => [
          row.reference,
          row.puppyName,
        ]),
      );
    expect(await names()).toEqual({ [order.reference]: 'Daisy', [second.order.reference]: 'Max' });
    expect(await t.store.puppies.remove(max.id)).toBe(true);
    expect(await names()).toEqual({ [order.reference]: 'Daisy', [second.order.reference]: 'A puppy no longer listed' });
  });

  it("an admin sends a refused transfer again at once, once the platform's balance allows it", async () => {
    const { t, order, intentId, buyer, seller } = await handedOver();
    await (await local(t)).refundPaymentIntent(intentId, 'test-refund');
    await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`);
    const admin = await adminAgent(t);
    const early = await admin.post(`/api/admin/payouts/${order.reference}/retry`);
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body).toMatchObject({ changed: false, order: { payout: { status: 'releasing' } } });
    const other = await addPuppy(t, seller.user.id, { name: 'Max', price: 2000 });
    await buy(t, other.id);
    const sent = await admin.post(`/api/admin/payouts/${order.reference}/retry`);
    expect(sent.body).toMatchObject({
      changed: true,
      message: `The payout for order ${order.reference} was sent to the seller.`,
    });
    expect(await localPaymentCount(t, 'transfer')).toBe(1);
    expect((await admin.post(`/api/admin/payouts/${order.reference}/retry`)).status).toBe(409);
  });

  it('earnings are for sellers only', async () => {
    const { t } = await marketplace();
    const buyer = await signedInAgent(t);
    const response = await buyer.agent.get('/api/earnings');
    expect(response.status).toBe(403);
    expect((await buyer.agent.post('/api/earnings/connect')).status).toBe(403);
    expect((await buyer.agent.get('/api/earnings.csv')).status).toBe(403);
  });
});

describe('one transfer per order, also when two processes release at the same moment', () => {
  it('two release jobs racing over the same due payouts make one transfer each', async () => {
    const { t, seller } = await marketplace();
    await connect(seller.agent);
    const references: string[] = [];
    for (let i = 0; i < 4; i++) {
      const puppy = await addPuppy(t, seller.user.id, { name: `Pup ${i}` });
      const { order } = await buy(t, puppy.id);
      await handOver(seller.agent, order.reference);
      references.push(order.reference);
    }
    t.tick(3 * DAY_MS);
    // a second process: its own pool and payments on the same database (on lowdb: a second caller in this one)
    const pool = onPostgres ? createPool({ connectionString: t.databaseUrl!, max: 4 }) : undefined;
    try {
      const store = pool ? createPostgresRepositories(pool) : t.store;
      const other = createPayments({
        config: t.deps.config,
        store,
        mailer: t.deps.mailer,
        now: t.deps.now,
        log: silentLog,
      });
      const results = await Promise.all([
        releaseDuePayouts(t.deps.payments.payouts, t.deps.now()),
        releaseDuePayouts(other.payouts, t.deps.now()),
      ]);
      expect(results[0].released + results[1].released).toBe(4);
      for (const reference of references) expect((await payoutOf(t, reference)).status).toBe('paid');
      expect(await localPaymentCount(t, 'transfer')).toBe(4);
      expect(await t.store.localPayments.balanceCents()).toBe(4 * 4999);
    } finally {
      await pool?.end();
    }
  });
});

describe('the local double spends the platform balance once, also from two processes at once', () => {
  it('of two transfers that together exceed the balance, one is made and the other refused for the funds', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    await buy(t, puppy.id);
    const account = (await t.store.payoutAccounts.findByUser(seller.user.id))!;
    const pool = onPostgres ? createPool({ connectionString: t.databaseUrl!, max: 4 }) : undefined;
    try {
      const store = pool ? createPostgresRepositories(pool) : t.store;
      const other = createPayments({
        config: t.deps.config,
        store,
        mailer: t.deps.mailer,
        now: t.deps.now,
        log: silentLog,
      });
      for (let round = 0; round < 5; round++) {
        const balance = await t.store.localPayments.balanceCents();
        // each alone fits; both together do not
        const amountCents = Math.floor(balance * 0.6);
        const transfer = (provider: typeof other.provider, side: string) =>
          provider.createTransfer({
            amountCents,
            destination: account.accountId,
            transferGroup: `race-${round}-${side}`,
            metadata: {},
            idempotencyKey: `race:${round}:${side}`,
          });
        const results = await Promise.allSettled([
          transfer(t.deps.payments.provider, 'a'),
          transfer(other.provider, 'b'),
        ]);
        expect(
          results.filter((r) => r.status === 'fulfilled'),
          `round ${round}`,
        ).toHaveLength(1);
        const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
        expect(refused.reason).toBeInstanceOf(InsufficientBalanceError);
        expect(await t.store.localPayments.balanceCents()).toBe(balance - amountCents);
      }
    } finally {
      await pool?.end();
    }
  });
});

describe('a transfer whose sender stopped before recording it', () => {
  it('is found by its transfer group and recorded, never made twice (also after the idempotency key expired)', async () => {
    const { t, seller, puppy } = await marketplace();
    await connect(seller.agent);
    const { buyer, order } = await buy(t, puppy.id);
    await handOver(seller.agent, order.reference);
    // released, then a process made the transfer (with a key long expired) and died before writing it;
    // its transfer.created event was lost too
    await t.store.payouts.transition((await payoutOf(t, order.reference)).id, ['scheduled'], {
      status: 'releasing',
      releasedAt: NOW.toISOString(),
    });
    const silent = createPayments({
      config: t.deps.config,
      store: t.store,
      mailer: t.deps.mailer,
      now: t.deps.now,
      log: silentLog,
      localEvents: 'drop',
    });
    const account = (await t.store.payoutAccounts.findByUser(seller.user.id))!;
    const made = await silent.provider.createTransfer({
      amountCents: 150_000,
      destination: account.accountId,
      transferGroup: order.reference,
      metadata: {},
      idempotencyKey: 'an-expired-key',
    });
    expect((await payoutOf(t, order.reference)).status).toBe('releasing');

    expect(await releaseDuePayouts(t.deps.payments.payouts, t.deps.now())).toEqual({
      released: 0,
      sent: 1,
      reversed: 0,
    });
    expect(await payoutOf(t, order.reference)).toMatchObject({ status: 'paid', transferId: made.id });
    expect(await localPaymentCount(t, 'transfer')).toBe(1);
    expect((await buyer.agent.post(`/api/orders/${order.reference}/confirm-receipt`)).body.changed).toBe(false);
  });
});

describe('the Connect webhook endpoint', () => {
  it('refuses a delivery when its own secret is not configured, naming the variable', async () => {
    const { t } = await marketplace();
    const response = await (
      await import('supertest')
    )
      .default(t.app)
      .post('/api/webhooks/stripe-connect')
      .set('Stripe-Signature', 't=1,v1=abc')
      .send('{}');
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('STRIPE_CONNECT_WEBHOOK_SECRET');
  });
});
