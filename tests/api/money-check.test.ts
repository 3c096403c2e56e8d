// The money check (docs/decisions/0107), on both stores: a marketplace whose money moved only through
// PuppyNest agrees with the local provider's own objects; a record changed behind PuppyNest's back is
// reported exactly, through /api/admin/money-check, through the daily job and by `npm run reconcile`,
// and the report is kept for /admin.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { MoneyCheckResponse } from '#contracts/payouts.ts';
import { checkMoney } from '../../commerce-api/src/domain/money-check.ts';
import { moneyCheckJob } from '../../commerce-api/src/jobs/money-check.ts';
import { createStripeProvider } from '../../commerce-api/src/payments/stripe-provider.ts';
import { COLLECTION_NAMES, DB_FILE_NAME } from '../../commerce-api/src/storage/index.ts';
import { signedInAgent } from '../support/api-login.ts';
import { addPuppy, CARDS, marketplace, NOW } from '../support/payments.ts';
import { adminAgent, buy, connect, handOver, local } from '../support/payouts.ts';
import { TEST_SECRET } from '../support/test-app.ts';

/**
 * A seller with a connected account and five orders, each moved only by PuppyNest: one paid (no payout
 * yet), one handed over (its payout scheduled), one confirmed by its buyer (paid out: a transfer), one
 * cancelled by an admin after its transfer (refunded, the transfer reversed), and one whose payment the
 * buyer's bank took back by a lost dispute before the payout went (charged back, the payout stopped).
 */
async function cleanMarketplace() {
  const { t, seller, puppy } = await marketplace();
  await connect(seller.agent);
  const admin = await adminAgent(t);
  const paid = await buy(t, puppy.id);
  const scheduled = await buy(t, (await addPuppy(t, seller.user.id, { name: 'Biscuit' })).id);
  await handOver(seller.agent, scheduled.order.reference);
  const confirmed = await buy(t, (await addPuppy(t, seller.user.id, { name: 'Pepper' })).id);
  await handOver(seller.agent, confirmed.order.reference);
  expect((await confirmed.buyer.agent.post(`/api/orders/${confirmed.order.reference}/confirm-receipt`)).status).toBe(
    200,
  );
  const refunded = await buy(t, (await addPuppy(t, seller.user.id, { name: 'Mochi' })).id);
  await handOver(seller.agent, refunded.order.reference);
  expect((await refunded.buyer.agent.post(`/api/orders/${refunded.order.reference}/confirm-receipt`)).status).toBe(200);
  const cancel = await admin
    .post(`/api/admin/orders/${refunded.order.reference}/cancel`)
    .send({ reason: 'The family asked us to cancel.' });
  expect(cancel.body.order, JSON.stringify(cancel.body)).toMatchObject({
    status: 'refunded',
    payout: { status: 'reversed' },
  });
  const disputed = await buy(t, (await addPuppy(t, seller.user.id, { name: 'Pixel' })).id, undefined, CARDS.disputed);
  await handOver(seller.agent, disputed.order.reference);
  const dispute = (await t.store.localPayments.findByIdempotencyKey(`dispute:${disputed.intentId}`))!;
  await (await local(t)).closeDispute(dispute.providerId, 'lost');
  expect(await t.store.orders.get(disputed.order.id)).toMatchObject({ status: 'charged_back', disputeStatus: 'lost' });
  return {
    t,
    admin,
    orders: {
      paid: paid.order,
      scheduled: scheduled.order,
      confirmed: confirmed.order,
      refunded: refunded.order,
      disputed: disputed.order,
    },
  };
}

describe('the money check', () => {
  it('finds nothing wrong when every movement went through PuppyNest; the report is kept for /admin; admins only', async () => {
    const { t, admin } = await cleanMarketplace();
    const before = await admin.get('/api/admin/money-check');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ report: null } satisfies MoneyCheckResponse);

    const checked = await admin.post('/api/admin/money-check');
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const report = (checked.body as MoneyCheckResponse).report!;
    expect(report).toMatchObject({
      checkedAt: NOW.toISOString(),
      sinceDays: null,
      orders: 5,
      mismatchCount: 0,
      mismatches: [],
      failureCount: 0,
      failures: [],
    });
    expect(t.logs).toContain('money check: 5 orders, 0 mismatches');
    expect((await admin.get('/api/admin/money-check')).body).toEqual({ report });

    const buyer = await signedInAgent(t);
    expect((await buyer.agent.get('/api/admin/money-check')).status).toBe(403);
    expect((await buyer.agent.post('/api/admin/money-check')).status).toBe(403);
  });

  it('an order marked refunded while the provider kept the money: exactly that mismatch, through the API', async () => {
    const { t, admin, orders } = await cleanMarketplace();
    // behind PuppyNest's back: no refund was asked of the provider
    expect(await t.store.orders.transition(orders.paid.id, ['paid'], { status: 'refunded' })).toBeDefined();
    const report = ((await admin.post('/api/admin/money-check')).body as MoneyCheckResponse).report!;
    expect(report).toMatchObject({ orders: 5, mismatchCount: 1, failureCount: 0 });
    expect(report.mismatches).toEqual([
      {
        reference: orders.paid.reference,
        what: 'refund',
        stored: 'refunded',
        provider: '$0.00 of $1,549.99 refunded',
        message: "The order is refunded, but the provider's payment was not refunded in full.",
      },
    ]);
    expect((await admin.get('/api/admin/money-check')).body).toEqual({ report });
    expect(t.logs).toContain('money check: 5 orders, 1 mismatch');
  });

  it('a payout marked paid with no transfer at the provider: exactly that mismatch, through the daily job', async () => {
    const { t, admin, orders } = await cleanMarketplace();
    const payout = (await t.store.payouts.findByOrder(orders.scheduled.id))!;
    expect(
      await t.store.payouts.transition(payout.id, ['scheduled'], { status: 'paid', paidAt: NOW.toISOString() }),
    ).toBeDefined();
    const job = moneyCheckJob(t.deps.payments.payouts);
    // it ticks hourly and checks when no report is a day old
    expect(job).toMatchObject({ name: 'money-check', everyMs: 3_600_000 });
    await job.run(t.deps.now());
    const mismatch = {
      reference: orders.scheduled.reference,
      what: 'transfer',
      stored: 'payout paid, $1,500.00, no transfer recorded',
      provider: 'no transfer',
      message: 'The payout is paid, but the provider has no transfer for it.',
    };
    const { report } = (await admin.get('/api/admin/money-check')).body as MoneyCheckResponse;
    expect(report).toMatchObject({ orders: 5, mismatchCount: 1, mismatches: [mismatch] });
    expect(t.logs).toContain('money check: 5 orders, 1 mismatch');
    expect(t.logs).toContain(
      `money check: ${orders.scheduled.reference} transfer: ${mismatch.message} (PuppyNest: ${mismatch.stored}; provider: ${mismatch.provider})`,
    );
    // an hour later the report is fresh: the tick checks nothing; a day later it checks again
    const checks = () => t.logs.filter((line) => line.startsWith('money check: 5 orders')).length;
    await job.run(new Date(t.deps.now().getTime() + 3_600_000));
    expect(checks()).toBe(1);
    t.tick(86_400_000);
    await job.run(t.deps.now());
    expect(checks()).toBe(2);
  });

  it('a payout marked reversed while its transfer stands, and a scheduled payout whose transfer was made: each reported', async () => {
    const { t, orders } = await cleanMarketplace();
    const paidOut = (await t.store.payouts.findByOrder(orders.confirmed.id))!;
    await t.store.payouts.transition(paidOut.id, ['paid'], { status: 'reversed' });
    // the confirmed order's transfer, recorded against another order's payout that never sent one
    const scheduled = (await t.store.payouts.findByOrder(orders.scheduled.id))!;
    const moved = await t.store.payouts.transition(scheduled.id, ['scheduled'], {
      status: 'paid',
      transferId: paidOut.transferId,
    });
    expect(moved).toBeDefined();
    const report = await checkMoney(t.deps.payments.payouts);
    expect(report.mismatches.map((m) => [m.reference, m.what])).toEqual([
      [orders.scheduled.reference, 'transfer'],
      [orders.confirmed.reference, 'reversal'],
    ]);
    expect(report.mismatches[0]!.message).toBe("The payout's transfer belongs to another order's group.");
    expect(report.mismatches[1]!.message).toBe(
      'The payout is reversed, but the provider has not reversed its transfer.',
    );
  });

  it('an order whose dispute is recorded as won while the provider says lost: exactly that mismatch', async () => {
    const { t, orders } = await cleanMarketplace();
    await t.store.orders.transition(orders.disputed.id, ['charged_back'], {
      status: 'charged_back',
      disputeStatus: 'won',
    });
    const report = await checkMoney(t.deps.payments.payouts);
    expect(report.mismatches).toEqual([
      {
        reference: orders.disputed.reference,
        what: 'dispute',
        stored: 'charged_back, dispute won',
        provider: 'dispute lost (lost)',
        message: 'The order records the dispute as won, but the provider says lost.',
      },
    ]);
  });

  it('sinceDays leaves out older orders', async () => {
    const { t } = await cleanMarketplace();
    t.tick(10 * 86_400_000);
    expect(await checkMoney(t.deps.payments.payouts, { sinceDays: 5 })).toMatchObject({ orders: 0, sinceDays: 5 });
    expect(await checkMoney(t.deps.payments.payouts, { sinceDays: 11 })).toMatchObject({ orders: 5, mismatchCount: 0 });
  });
});

const RECONCILE = path.resolve(import.meta.dirname, '../../commerce-api/scripts/reconcile.ts');

/** `npm run reconcile` without npm (this is already the Node npm runs): its exit code and output */
function reconcile(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [RECONCILE],
      { env: { ...inherited, NODE_ENV: 'test', SESSION_SECRET: TEST_SECRET, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 2) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run reconcile', () => {
  it("checks DATA_DIR's database or DATABASE_URL's: exits 0 when all agree, 1 printing each mismatch", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pn-reconcile-'));
    try {
      const { t, orders } = await cleanMarketplace();
      // PostgreSQL: the test's database; lowdb: the test's rows, written to DATA_DIR/db.json
      const file = path.join(dataDir, DB_FILE_NAME);
      if (t.lowdb)
        await writeFile(
          file,
          JSON.stringify({
            settings: t.lowdb.settings.get(),
            ...Object.fromEntries(COLLECTION_NAMES.map((name) => [name, t.lowdb!.db[name].all()])),
          }),
        );
      const env: Record<string, string> = t.databaseUrl
        ? { DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl }
        : { DATA_DIR: dataDir };

      const clean = await reconcile(env);
      expect(clean, clean.stderr).toMatchObject({ code: 0, stdout: 'money check: 5 orders, 0 mismatches\n' });

      // behind PuppyNest's back, as in the API test: the order says refunded, the provider kept the money
      if (t.databaseUrl) {
        expect(await t.store.orders.transition(orders.paid.id, ['paid'], { status: 'refunded' })).toBeDefined();
      } else {
        const db = JSON.parse(await readFile(file, 'utf8')) as {
          orders: Array<{ id: number; status: string }>;
          settings: { moneyCheck?: unknown };
        };
        // the clean run's report was kept for /admin beside the payment mode
        expect(db.settings.moneyCheck).toMatchObject({ orders: 5, mismatchCount: 0 });
        db.orders.find((o) => o.id === orders.paid.id)!.status = 'refunded';
        await writeFile(file, JSON.stringify(db));
      }
      const found = await reconcile(env);
      expect(found, found.stderr).toMatchObject({
        code: 1,
        stdout: [
          `${orders.paid.reference} refund: The order is refunded, but the provider's payment was not refunded in full. (PuppyNest: refunded; provider: $0.00 of $1,549.99 refunded)`,
          'money check: 5 orders, 1 mismatch',
          '',
        ].join('\n'),
      });
      if (t.databaseUrl) expect(await t.store.settings.moneyCheck()).toMatchObject({ orders: 5, mismatchCount: 1 });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** Stripe's answers to the refunds list, a page at a time, and the paths the SDK asked */
class RefundPages extends Stripe.HttpClient {
  readonly paths: string[] = [];
  override getClientName() {
    return 'refund-pages';
  }
  override makeRequest(_host: string, _port: string, path: string) {
    this.paths.push(path);
    const refund = (id: string, amount: number, status: string) => ({
      id,
      object: 'refund',
      amount,
      status,
      payment_intent: 'pi_3Paid',
    });
    const first = !path.includes('starting_after');
    const body = first
      ? {
          object: 'list',
          url: '/v1/refunds',
          has_more: true,
          data: [refund('re_1', 10_000, 'succeeded'), refund('re_2', 5_000, 'failed')],
        }
      : {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: [refund('re_3', 2_500, 'pending'), refund('re_4', 1_000, 'canceled')],
        };
    const response = new (class extends Stripe.HttpClientResponse {
      override getRawResponse() {
        return body;
      }
      override toStream(done: () => void) {
        done();
        return body;
      }
      override toJSON() {
        return Promise.resolve(body);
      }
    })(200, { 'request-id': 'req_test' });
    return Promise.resolve(response);
  }
}

describe("the money check's refunds on Stripe", () => {
  it("sums the refunds made or on their way, over every page of the payment's refunds", async () => {
    const client = new RefundPages();
    const stripe = createStripeProvider({ secretKey: 'sk_test_money_check', httpClient: client, maxNetworkRetries: 0 });
    expect(await stripe.refundedCents('pi_3Paid')).toBe(12_500);
    expect(client.paths).toEqual([
      '/v1/refunds?payment_intent=pi_3Paid&limit=100',
      '/v1/refunds?payment_intent=pi_3Paid&limit=100&starting_after=re_2',
    ]);
  });
});
