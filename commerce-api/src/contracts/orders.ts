// Order contracts (docs/product.md §10 "An order's life"; docs/decisions/0055, 0056): the order as each party
// may see it, the buyer's paged list, and the order reference the server makes once
// (PN-YYYYMMDD-XXXXXXXX), which the success page, both orders pages, the mails and /admin all show.
import * as v from 'valibot';
import type { BreederLink } from './breeders.ts';
import type { OwnReviewView } from './reviews.ts';
import type { Gender, PuppyStatus } from './puppies.ts';

/**
 * An order's stored life (docs/product.md §10 "The money life"; decision 0107): refunding is the claim
 * that the buyer's money is going back (the provider is being asked, or refused and an admin decides);
 * charged_back is an order the buyer's bank took back through a lost dispute.
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'handed_over',
  'refunding',
  'canceled',
  'refunded',
  'charged_back',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** what a person reads for each status (docs/product.md §10) */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  handed_over: 'Handed over',
  refunding: 'Refund pending',
  canceled: 'Cancelled (not charged)',
  refunded: 'Cancelled and refunded',
  charged_back: 'Refunded by dispute',
};

/** orders that hold their puppy: a listing with one cannot be deleted */
export const LIVE_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];

/** orders whose life has ended: nothing moves their money any more */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['canceled', 'refunded', 'charged_back'];

/** a payment dispute (chargeback) the buyer's bank opened: the bank decides, not PuppyNest */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_LABELS: Readonly<Record<DisputeStatus, string>> = {
  open: 'Dispute open',
  won: 'Dispute won',
  lost: 'Dispute lost',
};

/** POST /api/admin/orders/:reference/cancel: an admin's cancel says why; both sides are mailed the reason */
export const CANCEL_REASON_MESSAGE = 'Say why the order is cancelled (3 to 500 characters): both sides are mailed it.';
export const AdminCancelOrderSchema = v.object({
  reason: v.pipe(
    v.optional(v.string(CANCEL_REASON_MESSAGE), ''),
    v.trim(),
    v.minLength(3, CANCEL_REASON_MESSAGE),
    v.maxLength(500, CANCEL_REASON_MESSAGE),
  ),
});
export type AdminCancelOrderInput = v.InferOutput<typeof AdminCancelOrderSchema>;

/** POST /api/admin/orders/:reference/refunded-elsewhere: how the buyer got the money back */
export const REFUND_NOTE_MESSAGE = 'Say how the buyer was refunded (3 to 500 characters).';
export const RefundedElsewhereSchema = v.object({
  note: v.pipe(
    v.optional(v.string(REFUND_NOTE_MESSAGE), ''),
    v.trim(),
    v.minLength(3, REFUND_NOTE_MESSAGE),
    v.maxLength(500, REFUND_NOTE_MESSAGE),
  ),
});

export const ORDER_REFERENCE_PATTERN = /^PN-\d{8}-[0-9A-F]{8}$/;
export const ORDER_REFERENCE_MESSAGE = 'Enter an order reference like PN-20260601-1A2B3C4D.';

/** an order reference typed by a person: spaces trimmed, case forgiven */
export const OrderReferenceSchema = v.pipe(
  v.string(ORDER_REFERENCE_MESSAGE),
  v.trim(),
  v.toUpperCase(),
  v.regex(ORDER_REFERENCE_PATTERN, ORDER_REFERENCE_MESSAGE),
);

/** GET /api/my-orders: one page of the buyer's orders, or those for one puppy (the success page) */
export const MyOrdersQuerySchema = v.object({
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Unknown page'), v.transform(Number), v.minValue(1, 'Unknown page')),
    '1',
  ),
  puppyId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Unknown puppy'), v.transform(Number))),
});

export const MY_ORDERS_PAGE_SIZE = 10;

/**
 * The seller's payout of an order (decisions 0101, 0107). Its stored life: scheduled (handed over, the
 * buyer's window runs) → releasing (released; waits for the seller's account) → transferring (the
 * transfer is claimed and being made) → paid; scheduled or releasing → held (a reported problem, a
 * dispute, a suspended seller) → back when the hold ends; → canceled (the buyer's money went back before
 * any transfer); paid → reversing (the reversal is claimed) → reversed.
 */
export const PAYOUT_STATUSES = [
  'scheduled',
  'held',
  'releasing',
  'transferring',
  'paid',
  'reversing',
  'reversed',
  'canceled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** why a payout is held: the buyer's report, a payment dispute, or its seller's suspension */
export const PAYOUT_HOLD_REASONS = ['problem', 'dispute', 'suspended'] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];

/** a payout's status as /admin's order lookup words it (the seller reads /earnings' words) */
export const PAYOUT_STATUS_LABELS: Readonly<Record<PayoutStatus, string>> = {
  scheduled: 'Scheduled',
  held: 'Held',
  releasing: 'Released',
  transferring: 'Being sent',
  paid: 'Paid',
  reversing: 'Being taken back',
  reversed: 'Reversed',
  canceled: 'Cancelled',
};

/** the payout of an order as the order's parties see it (OrderView.payout); amounts are null for the buyer */
export interface OrderPayoutView {
  status: PayoutStatus;
  /** when the buyer's window ends and the payout releases by itself */
  releaseAt: string;
  /** the buyer's reported problem, while held or after */
  problem: string | null;
  amountCents: number | null;
  feeCents: number | null;
  /** the last refusal: a transfer the platform's balance could not cover, a reversal the seller's could not */
  lastError: string | null;
  /** why it is held, while it is */
  holdReason: PayoutHoldReason | null;
}

/** a person on the other side of an order: what each party may see of the other */
export interface OrderParty {
  name: string;
  email: string;
}

export interface OrderView {
  reference: string;
  status: OrderStatus;
  puppyId: number;
  puppyPriceCents: number;
  carePackageCents: number;
  totalCents: number;
  createdAt: string;
  paidAt: string | null;
  handedOverAt: string | null;
  canceledAt: string | null;
  /** the puppy as it was sold (null once a listing is gone) */
  puppy: {
    id: number;
    name: string;
    breed: string | null;
    gender: Gender;
    age: number;
    price: number;
    location: string;
    imageUrl: string;
    status: PuppyStatus;
  } | null;
  /** shown to the buyer and the admin: who to contact about the puppy */
  seller: OrderParty | null;
  /** shown to the seller and the admin: the buyer's name and email, nothing more */
  buyer: OrderParty | null;
  /** the seller's breeder page (decision 0118), null without one or while the seller is suspended */
  breeder: BreederLink | null;
  /** the seller's payout, once the puppy is handed over (null before, and for older orders) */
  payout: OrderPayoutView | null;
  /** the admin's reason, when an admin cancelled the order */
  cancelReason: string | null;
  /** a refund the provider refused: the order waits for an admin (shown to the admin only) */
  refundError: string | null;
  /** the buyer's bank's dispute of the payment, if any */
  dispute: { status: DisputeStatus; amountCents: number } | null;
  /** the buyer's review of the seller (decision 0119), as its buyer and seller see it */
  review: OwnReviewView | null;
  /** the buyer may write a review now: handed over, not refunded, within 12 months, none yet */
  canReview: boolean;
}

/**
 * The one badge an order shows wherever it is listed (My Orders, My Listings, /admin): the order's
 * state, and after the handover the buyer's answer as its payout records it.
 */
export function orderBadge(order: Pick<OrderView, 'status' | 'payout' | 'dispute'>): string {
  if (order.dispute?.status === 'open') return DISPUTE_STATUS_LABELS.open;
  if (order.status !== 'handed_over' || !order.payout) return ORDER_STATUS_LABELS[order.status];
  switch (order.payout.status) {
    case 'held':
      return order.payout.holdReason === 'problem' ? 'Problem reported' : 'Handed over (payout on hold)';
    case 'releasing':
    case 'transferring':
    case 'paid':
      return 'Received';
    default:
      return ORDER_STATUS_LABELS.handed_over;
  }
}

/** GET /api/my-orders */
export interface MyOrdersResponse {
  orders: OrderView[];
  page: number;
  pageCount: number;
  total: number;
}

/** POST /api/admin/orders/:reference/cancel, POST /api/orders/:reference/handed-over, confirm-receipt, report-problem, POST /api/admin/payouts/:reference/release */
export interface OrderChangeResponse {
  order: OrderView;
  /** false when the order already was in that state (a second cancel changes nothing) */
  changed: boolean;
  message: string;
}
