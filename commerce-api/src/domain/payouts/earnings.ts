// What a seller reads on /earnings and downloads as CSV (decision 0101), and what the order pages and
// /admin show of a payout. One row per order that is the seller's money: paid and awaiting handover,
// or with a payout (scheduled, held, released, paid, reversed or cancelled by a refund).
import { centsToDollars } from '#contracts/money.ts';
import {
  EARNING_STATUS_LABELS,
  type AdminPayoutView,
  type EarningRow,
  type EarningStatus,
  type EarningsResponse,
} from '#contracts/payouts.ts';
import type { Repositories } from '../store/index.ts';
import type { Order, Payout, PayoutAccount, User } from '../model.ts';
import { accountView, currentAccount, requireSeller, waitingReason } from './accounts.ts';
import { formatPayoutDate, shareOf, type PayoutContext } from './context.ts';

const EARNING_OF: Readonly<Record<Payout['status'], EarningStatus>> = {
  scheduled: 'on_its_way',
  releasing: 'on_its_way',
  transferring: 'on_its_way',
  held: 'held',
  paid: 'paid',
  reversing: 'reversed',
  reversed: 'reversed',
  canceled: 'refunded',
};

function rowOf(
  order: Order,
  puppyName: string,
  payout: Payout | undefined,
  account: PayoutAccount | undefined,
  feePercent: number,
): EarningRow {
  const base = {
    reference: order.reference,
    puppyName,
    orderedAt: order.paidAt ?? order.createdAt,
    puppyPriceCents: order.puppyPriceCents,
  };
  if (!payout) {
    return {
      ...base,
      ...shareOf(order.puppyPriceCents, feePercent),
      status: 'awaiting_handover',
      statusAt: null,
      note: `Mark ${puppyName} handed over on My Listings once the family has the puppy.`,
    };
  }
  const money = { feeCents: payout.feeCents, amountCents: payout.amountCents, status: EARNING_OF[payout.status] };
  switch (payout.status) {
    case 'scheduled':
      return {
        ...base,
        ...money,
        statusAt: payout.releaseAt,
        note: `Released on ${formatPayoutDate(payout.releaseAt)}, or sooner when the buyer confirms receipt.`,
      };
    case 'releasing':
    case 'transferring':
      return {
        ...base,
        ...money,
        statusAt: payout.releasedAt,
        note:
          waitingReason(account) ??
          (payout.lastError
            ? 'Released; the transfer is retried shortly.'
            : 'Released: being sent to your payout account.'),
      };
    case 'held':
      return { ...base, ...money, statusAt: payout.heldAt, note: holdNote(payout) };
    case 'paid':
      return {
        ...base,
        ...money,
        statusAt: payout.paidAt,
        note: payout.lastError
          ? 'PuppyNest must take this payout back for a refund, but your balance is short. Please contact us.'
          : null,
      };
    case 'reversing':
      return {
        ...base,
        ...money,
        statusAt: payout.paidAt,
        note: payout.lastError
          ? 'PuppyNest must take this payout back for a refund, but your balance is short. Please contact us.'
          : 'This payout is being taken back: the buyer is refunded.',
      };
    case 'reversed':
      return {
        ...base,
        ...money,
        statusAt: payout.reversedAt,
        note:
          order.status === 'charged_back'
            ? "The buyer's bank took the payment back after a dispute, and this payout was taken back."
            : 'The buyer was refunded, and this payout was taken back.',
      };
    case 'canceled':
      return { ...base, ...money, statusAt: payout.canceledAt, note: 'The buyer was refunded; nothing was paid out.' };
  }
}

function holdNote(payout: Payout): string {
  switch (payout.holdReason) {
    case 'dispute':
      return "On hold: the buyer's bank is looking into a dispute of the payment. The bank decides, usually within 75 days.";
    case 'suspended':
      return 'On hold while your account is suspended.';
    default:
      return payout.problem
        ? `The buyer reported a problem; PuppyNest decides within 2 business days: "${payout.problem}"`
        : 'On hold while PuppyNest looks into this order.';
  }
}

async function rowsOf(ctx: PayoutContext, user: User, account: PayoutAccount | undefined): Promise<EarningRow[]> {
  const { store } = ctx;
  // the seller's listings in one read for the puppies' names, not one read per row
  const [payouts, live, listings] = await Promise.all([
    store.payouts.listBySeller(user.id),
    store.orders.listLiveBySeller(user.id),
    store.puppies.listBySeller(user.id),
  ]);
  const names = new Map(listings.map((puppy) => [puppy.id, puppy.name]));
  const byOrder = new Map(payouts.map((p) => [p.orderId, p]));
  const orders = new Map<number, Order>();
  for (const order of live) if (order.status === 'paid' || byOrder.has(order.id)) orders.set(order.id, order);
  for (const payout of payouts) {
    if (!orders.has(payout.orderId)) {
      const order = await store.orders.get(payout.orderId);
      if (order) orders.set(order.id, order);
    }
  }
  const rows = [...orders.values()].map((order) =>
    rowOf(
      order,
      names.get(order.puppyId) ?? 'A puppy no longer listed',
      byOrder.get(order.id),
      account,
      ctx.feePercent,
    ),
  );
  return rows.sort((a, b) => b.orderedAt.localeCompare(a.orderedAt) || b.reference.localeCompare(a.reference));
}

/** GET /api/earnings: the page re-reads an unfinished account from the provider (its seller may be back from onboarding) */
export async function earnings(ctx: PayoutContext, user: User): Promise<EarningsResponse> {
  requireSeller(user);
  return earningsWith(ctx, user, await currentAccount(ctx, user.id));
}

async function earningsWith(
  ctx: PayoutContext,
  user: User,
  account: PayoutAccount | undefined,
): Promise<EarningsResponse> {
  const rows = await rowsOf(ctx, user, account);
  const sum = (status: EarningStatus) =>
    rows.filter((row) => row.status === status).reduce((total, row) => total + row.amountCents, 0);
  return {
    account: accountView(account),
    feePercent: ctx.feePercent,
    holdDays: ctx.holdDays,
    totals: { paidCents: sum('paid'), onItsWayCents: sum('on_its_way'), heldCents: sum('held') },
    rows,
  };
}

const CSV_HEADER = ['Order', 'Puppy', 'Ordered', 'Price', 'Fee', 'Your share', 'Status', 'Status date', 'Note'];

/** a CSV field: quoted, and never read as a formula by a spreadsheet (a name may start with = + - @) */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** GET /api/earnings.csv: the same rows, amounts in dollars, dates as ISO days */
export async function earningsCsv(ctx: PayoutContext, user: User): Promise<string> {
  requireSeller(user);
  // the rows as the page last showed them: the account as stored, no second call to the provider
  const { rows } = await earningsWith(ctx, user, await ctx.store.payoutAccounts.findByUser(user.id));
  const dollars = (cents: number) => centsToDollars(cents).toFixed(2);
  const lines = rows.map((row) =>
    [
      row.reference,
      row.puppyName,
      row.orderedAt.slice(0, 10),
      dollars(row.puppyPriceCents),
      dollars(row.feeCents),
      dollars(row.amountCents),
      EARNING_STATUS_LABELS[row.status],
      row.statusAt?.slice(0, 10) ?? '',
      row.note ?? '',
    ]
      .map(field)
      .join(','),
  );
  return [CSV_HEADER.map(field).join(','), ...lines].join('\r\n') + '\r\n';
}

/** GET /api/admin/payouts */
export async function adminPayouts(store: Repositories): Promise<AdminPayoutView[]> {
  const payouts = await store.payouts.listForAdmin();
  return Promise.all(
    payouts.map(async (payout) => {
      const order = await store.orders.get(payout.orderId);
      const [puppy, buyer, seller] = await Promise.all([
        order ? store.puppies.get(order.puppyId) : undefined,
        order ? store.users.get(order.buyerId) : undefined,
        store.users.get(payout.sellerId),
      ]);
      return {
        reference: order?.reference ?? '',
        puppyName: puppy?.name ?? 'A puppy no longer listed',
        status: payout.status,
        amountCents: payout.amountCents,
        totalCents: order?.totalCents ?? 0,
        problem: payout.problem,
        heldAt: payout.heldAt,
        lastError: payout.lastError,
        holdReason: payout.status === 'held' ? (payout.holdReason ?? 'problem') : null,
        dispute: order?.disputeStatus
          ? { status: order.disputeStatus, amountCents: order.disputeAmountCents ?? order.totalCents }
          : null,
        buyer: buyer ? { name: buyer.username, email: buyer.email } : null,
        seller: seller ? { name: seller.username, email: seller.email } : null,
      };
    }),
  );
}
