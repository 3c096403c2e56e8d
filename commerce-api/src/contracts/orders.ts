// Order contracts (docs/product.md §10 "An order's life"; docs/decisions/0055, 0056): the order as each party
// may see it, the buyer's paged list, and the order reference the server makes once
// (PN-YYYYMMDD-XXXXXXXX), which the success page, both orders pages, the mails and /admin all show.
import * as v from 'valibot';
import type { Gender, PuppyStatus } from './puppies.ts';

export const ORDER_STATUSES = ['pending', 'paid', 'handed_over', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** what a person reads for each status (docs/product.md §10: pending, paid, handed over, cancelled and refunded) */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  handed_over: 'Handed over',
  canceled: 'Cancelled (not charged)',
  refunded: 'Cancelled and refunded',
};

/** orders that hold their puppy: a listing with one cannot be deleted */
export const LIVE_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];

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
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Unknown page'), v.transform(Number), v.minValue(1, 'Unknown page')), '1'),
  puppyId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Unknown puppy'), v.transform(Number))),
});

export const MY_ORDERS_PAGE_SIZE = 10;

/**
 * issue 18 (decision 0101): the seller's payout of an order. Its stored life: scheduled (handed over,
 * the buyer's window runs) → releasing (released: the transfer is being made, or waits for the seller's
 * account) → paid (transferred); scheduled → held (the buyer reported a problem) → releasing (an admin
 * released it) or canceled (an admin refunded the buyer before any transfer); paid → reversed
 * (refunded after the transfer, which was reversed first).
 */
export const PAYOUT_STATUSES = ['scheduled', 'held', 'releasing', 'paid', 'reversed', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** a payout's status as /admin's order lookup words it (the seller reads /earnings' words) */
export const PAYOUT_STATUS_LABELS: Readonly<Record<PayoutStatus, string>> = {
  scheduled: 'Scheduled',
  held: 'Held',
  releasing: 'Being sent',
  paid: 'Paid',
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
  /** issue 18: the seller's payout, once the puppy is handed over (null before, and for older orders) */
  payout: OrderPayoutView | null;
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
