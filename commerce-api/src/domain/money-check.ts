// The money check (reconciliation; /admin "Money check", `npm run reconcile`, a daily job). PuppyNest's
// records say where every order's money is (docs/product.md §10 "The money life", decision 0107); the
// payment provider holds the money itself. Each movement is claimed, made, then settled, so the two can
// part: a settle that never ran, a row changed by hand, a webhook applied to the wrong order, a refund
// or transfer made in the provider's dashboard. The check reads every order with its payout and asks
// the provider for the order's own objects (its payment, the payout's transfer, the dispute), at most
// four calls an order, and reports each place where they disagree. It changes nothing: what to do about
// a mismatch is an admin's decision.
import { FINAL_ORDER_STATUSES } from '#contracts/orders.ts';
import { formatCents } from '#contracts/money.ts';
import {
  MONEY_CHECK_LISTED,
  type MoneyCheckFailure,
  type MoneyCheckSubject,
  type MoneyMismatch,
} from '#contracts/payouts.ts';
import {
  PaymentObjectMissingError,
  type PaymentIntentStatus,
  type PaymentProvider,
  type TransferSnapshot,
} from '../payments/provider.ts';
import type { Repositories } from './store/index.ts';
import { disputeStatusOf } from './disputes.ts';
import type { MoneyCheckReport, Order, OrderStatus, Payout } from './model.ts';
import type { Log } from '../logging/log.ts';

export interface MoneyCheckContext {
  store: Pick<Repositories, 'orders' | 'payouts' | 'settings'>;
  provider: Pick<
    PaymentProvider,
    'retrievePaymentIntent' | 'refundedCents' | 'retrieveTransfer' | 'findTransfer' | 'retrieveDispute'
  >;
  now: () => Date;
  log: Log;
}

export interface MoneyCheckOptions {
  /** only orders made in the last so many days (absent: every order) */
  sinceDays?: number;
}

const DAY_MS = 86_400_000;
/** orders read a page at a time, so a large history never sits in memory whole */
const PAGE = 100;
/** orders compared at once: the provider's calls overlap, without a burst its rate limit would refuse */
const AT_ONCE = 4;

/**
 * The intent statuses each order status agrees with. A claim not yet settled agrees with either side:
 * a refunding order's payment may be held, taken or already given back.
 */
const INTENT_STATUSES: Readonly<Record<OrderStatus, readonly PaymentIntentStatus[]>> = {
  pending: ['requires_capture'],
  paid: ['succeeded'],
  handed_over: ['succeeded'],
  refunding: ['requires_capture', 'succeeded', 'canceled'],
  canceled: ['canceled'],
  refunded: ['succeeded'],
  charged_back: ['succeeded'],
};

/** payouts for which nothing may have been sent: the provider must have no transfer in the order's group */
const UNSENT: readonly Payout['status'][] = ['scheduled', 'held', 'releasing', 'canceled'];

/** compares every order (made in the last `sinceDays` days, when given) with the provider's objects */
export async function checkMoney(ctx: MoneyCheckContext, options: MoneyCheckOptions = {}): Promise<MoneyCheckReport> {
  const started = ctx.now();
  const since =
    options.sinceDays === undefined ? null : new Date(started.getTime() - options.sinceDays * DAY_MS).toISOString();
  const mismatches: MoneyMismatch[] = [];
  const failures: MoneyCheckFailure[] = [];
  let orders = 0;
  let afterId = 0;
  for (;;) {
    const page = await ctx.store.orders.listAfter(afterId, PAGE);
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    const due = since === null ? page : page.filter((order) => order.createdAt >= since);
    orders += due.length;
    const results = await inTurns(
      due,
      AT_ONCE,
      async (order): Promise<{ found: MoneyMismatch[] } | { failure: MoneyCheckFailure }> => {
        try {
          return { found: await checkOrder(ctx, order) };
        } catch (error) {
          // an outage (the provider's or the store's) is not a mismatch, but a check that could not look must not read as clean
          return {
            failure: { reference: order.reference, message: error instanceof Error ? error.message : String(error) },
          };
        }
      },
    );
    for (const result of results) {
      if ('failure' in result) failures.push(result.failure);
      else mismatches.push(...result.found);
    }
    if (page.length < PAGE) break;
  }
  return {
    checkedAt: started.toISOString(),
    ms: Math.max(0, ctx.now().getTime() - started.getTime()),
    sinceDays: options.sinceDays ?? null,
    orders,
    mismatchCount: mismatches.length,
    mismatches,
    failureCount: failures.length,
    failures,
  };
}

/** keeps `report` as the last one, for /admin (its lists cut to MONEY_CHECK_LISTED: the counts stay whole) */
export async function keepMoneyCheck(
  store: MoneyCheckContext['store'],
  report: MoneyCheckReport,
): Promise<MoneyCheckReport> {
  const kept: MoneyCheckReport = {
    ...report,
    mismatches: report.mismatches.slice(0, MONEY_CHECK_LISTED),
    failures: report.failures.slice(0, MONEY_CHECK_LISTED),
  };
  await store.settings.setMoneyCheck(kept);
  return kept;
}

/** the check, then its report kept for /admin and its summary logged (the job's and /admin's "Check now") */
export async function runMoneyCheck(
  ctx: MoneyCheckContext,
  options: MoneyCheckOptions = {},
): Promise<MoneyCheckReport> {
  const report = await checkMoney(ctx, options);
  const kept = await keepMoneyCheck(ctx.store, report);
  // the log is where an alert looks, a disagreement at level error; /admin lists the first
  // MONEY_CHECK_LISTED, `npm run reconcile` all
  const agrees = report.mismatchCount === 0 && report.failureCount === 0;
  if (agrees) ctx.log.info(summaryLine(report));
  else ctx.log.error(summaryLine(report));
  for (const mismatch of report.mismatches.slice(0, 20)) ctx.log.error(`money check: ${mismatchLine(mismatch)}`);
  if (report.mismatches.length > 20)
    ctx.log.error(`money check: … and ${report.mismatches.length - 20} more mismatches (see /admin)`);
  return kept;
}

/** `money check: 42 orders, 0 mismatches` (and the orders that could not be compared, if any) */
export function summaryLine(report: Pick<MoneyCheckReport, 'orders' | 'mismatchCount' | 'failureCount'>): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 'es'}`;
  const unchecked = report.failureCount > 0 ? `, ${report.failureCount} not checked (no answer)` : '';
  return `money check: ${report.orders} ${report.orders === 1 ? 'order' : 'orders'}, ${plural(report.mismatchCount, 'mismatch')}${unchecked}`;
}

export function mismatchLine(m: MoneyMismatch): string {
  return `${m.reference} ${m.what}: ${m.message} (PuppyNest: ${m.stored}; provider: ${m.provider})`;
}

/** the mismatches of one order; throws when the provider did not answer (an object it does not have is a mismatch) */
async function checkOrder(ctx: MoneyCheckContext, order: Order): Promise<MoneyMismatch[]> {
  const found: MoneyMismatch[] = [];
  const add = (what: MoneyCheckSubject, stored: string, provider: string, message: string) =>
    found.push({ reference: order.reference, what, stored, provider, message });
  const payout = await ctx.store.payouts.findByOrder(order.id);
  await checkPayment(ctx, order, add);
  if (order.disputeId || order.status === 'charged_back') await checkDispute(ctx, order, add);
  if (payout) await checkTransfer(ctx, order, payout, add);
  return found;
}

type Add = (what: MoneyCheckSubject, stored: string, provider: string, message: string) => void;

/** undefined when the provider has no such object (a mismatch the caller words); other errors are outages */
async function unlessMissing<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof PaymentObjectMissingError) return undefined;
    throw error;
  }
}

async function checkPayment(ctx: MoneyCheckContext, order: Order, add: Add): Promise<void> {
  const intent = await unlessMissing(() => ctx.provider.retrievePaymentIntent(order.paymentIntentId));
  const stored = `${order.status}, ${formatCents(order.totalCents)}`;
  if (!intent) {
    add(
      'payment',
      stored,
      `no payment ${order.paymentIntentId}`,
      `The provider has no payment ${order.paymentIntentId} for this order.`,
    );
    return;
  }
  const provider = `${intent.status}, ${formatCents(intent.amountCents)}`;
  if (intent.amountCents !== order.totalCents) {
    add(
      'payment',
      stored,
      provider,
      `The order's total is ${formatCents(order.totalCents)}, but the provider's payment is for ${formatCents(intent.amountCents)}.`,
    );
  }
  if ((order.livemode ?? false) !== intent.livemode) {
    add(
      'payment',
      `${order.livemode ? 'live' : 'test'} mode`,
      `${intent.livemode ? 'live' : 'test'} mode`,
      "The order and the provider's payment are of different payment modes.",
    );
  }
  if (!INTENT_STATUSES[order.status].includes(intent.status)) {
    add('payment', stored, provider, `The order is ${order.status}, but the provider's payment is ${intent.status}.`);
    return;
  }
  // A refunded payment stays succeeded at the provider: only the refunds tell it from a taken one.
  if (intent.status !== 'succeeded' || order.status === 'refunding') return;
  const refunded = await ctx.provider.refundedCents(order.paymentIntentId);
  const given = `${formatCents(refunded)} of ${formatCents(intent.amountCents)} refunded`;
  if (order.status === 'refunded') {
    // An admin who gave the money back by other means leaves the reason in refundError (the provider's
    // own refund clears it): the provider then must not have refunded it as well.
    const elsewhere = order.refundError != null;
    if (elsewhere && refunded > 0)
      add(
        'refund',
        'refunded by other means',
        given,
        'The buyer was refunded by other means and by the provider: refunded twice.',
      );
    if (!elsewhere && refunded < intent.amountCents)
      add('refund', 'refunded', given, "The order is refunded, but the provider's payment was not refunded in full.");
  } else if (refunded > 0) {
    const why =
      order.status === 'charged_back'
        ? "The buyer's bank took the payment back, and the provider also refunded it."
        : `The order is ${order.status}, but the provider refunded its payment.`;
    add('refund', `${order.status}, nothing refunded`, given, why);
  }
}

async function checkDispute(ctx: MoneyCheckContext, order: Order, add: Add): Promise<void> {
  const stored = order.disputeId
    ? `${order.status}, dispute ${order.disputeStatus ?? 'unknown'}`
    : `${order.status}, no dispute`;
  if (!order.disputeId) {
    add(
      'dispute',
      stored,
      'not looked up (no dispute id)',
      'The order is charged back, but no dispute of its payment is recorded.',
    );
    return;
  }
  const dispute = await unlessMissing(() => ctx.provider.retrieveDispute(order.disputeId!));
  if (!dispute) {
    add('dispute', stored, `no dispute ${order.disputeId}`, `The provider has no dispute ${order.disputeId}.`);
    return;
  }
  const status = disputeStatusOf(dispute.status);
  const provider = `dispute ${status} (${dispute.status})`;
  if (dispute.paymentIntentId && dispute.paymentIntentId !== order.paymentIntentId) {
    add(
      'dispute',
      stored,
      `dispute of ${dispute.paymentIntentId}`,
      "The recorded dispute is about another payment than the order's.",
    );
  } else if (status !== order.disputeStatus) {
    add(
      'dispute',
      stored,
      provider,
      `The order records the dispute as ${order.disputeStatus ?? 'unknown'}, but the provider says ${status}.`,
    );
  } else if (order.status === 'charged_back' && status !== 'lost') {
    add('dispute', stored, provider, `The order is charged back, but the provider's dispute is ${status}.`);
  }
}

async function checkTransfer(ctx: MoneyCheckContext, order: Order, payout: Payout, add: Add): Promise<void> {
  const stored = `payout ${payout.status}, ${formatCents(payout.amountCents)}`;
  const described = (t: TransferSnapshot) =>
    `transfer ${t.id} of ${formatCents(t.amountCents)}${t.reversed ? ', reversed' : ''}`;

  if (UNSENT.includes(payout.status)) {
    const transfer = await ctx.provider.findTransfer(order.reference);
    if (transfer)
      add(
        'transfer',
        stored,
        described(transfer),
        `Nothing was sent for this payout (${payout.status}), but the provider has a transfer in the order's group.`,
      );
    return;
  }

  // transferring, paid, reversing, reversed: a transfer was claimed, and (but while transferring) made
  const transfer = payout.transferId
    ? await unlessMissing(() => ctx.provider.retrieveTransfer(payout.transferId!))
    : await ctx.provider.findTransfer(order.reference);
  if (!transfer) {
    if (payout.status === 'transferring' && !payout.transferId) return; // claimed, maybe not made yet: the job settles it
    const provider = payout.transferId ? `no transfer ${payout.transferId}` : 'no transfer';
    add(
      'transfer',
      payout.transferId ? stored : `${stored}, no transfer recorded`,
      provider,
      `The payout is ${payout.status}, but the provider has no transfer for it.`,
    );
    return;
  }
  if (!payout.transferId && payout.status !== 'transferring') {
    add(
      'transfer',
      `${stored}, no transfer recorded`,
      described(transfer),
      `The payout is ${payout.status} without a transfer recorded; the provider's is ${transfer.id}.`,
    );
  }
  if (transfer.amountCents !== payout.amountCents) {
    add(
      'transfer',
      stored,
      described(transfer),
      `The seller's share is ${formatCents(payout.amountCents)}, but the provider transferred ${formatCents(transfer.amountCents)}.`,
    );
  }
  if (transfer.transferGroup !== null && transfer.transferGroup !== order.reference) {
    add(
      'transfer',
      stored,
      `${described(transfer)} in group ${transfer.transferGroup}`,
      "The payout's transfer belongs to another order's group.",
    );
  }
  // reversing is a claimed reversal: the provider may have made it already
  if ((payout.status === 'paid' || payout.status === 'transferring') && transfer.reversed) {
    add(
      'reversal',
      stored,
      described(transfer),
      `The payout is ${payout.status}, but the provider reversed its transfer.`,
    );
  }
  if (payout.status === 'reversed' && !transfer.reversed) {
    add(
      'reversal',
      stored,
      described(transfer),
      'The payout is reversed, but the provider has not reversed its transfer.',
    );
  }
  // a refund never overtakes the seller's money (decision 0107): an order whose money went back keeps no paid payout
  if (payout.status === 'paid' && !transfer.reversed && FINAL_ORDER_STATUSES.includes(order.status)) {
    add(
      'reversal',
      `order ${order.status}, ${stored}`,
      described(transfer),
      `The order is ${order.status}, but the seller's transfer was not taken back.`,
    );
  }
}

/** `fn` over `items`, at most `width` at a time, results in the items' order */
async function inTurns<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
