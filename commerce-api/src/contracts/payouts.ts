// Seller payouts (docs/decisions/0101): the buyer's payment is captured on the platform; once the
// puppy is handed over, the seller's share (the puppy's price less PLATFORM_FEE_PERCENT) is transferred
// to the seller's connected payout account when the buyer confirms receipt, or when the buyer's window
// (PAYOUT_HOLD_DAYS) ends without a reported problem. A reported problem holds the payout for an admin.
// These are the shapes /earnings, My Orders, /admin and the local onboarding page share with the API;
// a payout's statuses and what an order's parties see of it are with the order (orders.ts).
import * as v from 'valibot';
import type { DisputeStatus, OrderParty, OrderStatus, PayoutHoldReason, PayoutStatus } from './orders.ts';

/** what a seller reads on /earnings for each order */
export const EARNING_STATUSES = ['awaiting_handover', 'held', 'on_its_way', 'paid', 'reversed', 'refunded'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];
export const EARNING_STATUS_LABELS: Readonly<Record<EarningStatus, string>> = {
  awaiting_handover: 'Awaiting handover',
  held: 'Held',
  on_its_way: 'On its way',
  paid: 'Paid',
  reversed: 'Reversed',
  refunded: 'Refunded to the buyer',
};

/** a connected payout account's state, as Stripe's dashboard words it */
export const PAYOUT_ACCOUNT_STATUSES = ['details_needed', 'pending_verification', 'payouts_enabled'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];
export const PAYOUT_ACCOUNT_LABELS: Readonly<Record<PayoutAccountStatus | 'not_connected', string>> = {
  not_connected: 'Not connected',
  details_needed: 'Details needed',
  pending_verification: 'Pending verification',
  payouts_enabled: 'Payouts enabled',
};

export interface PayoutAccountView {
  status: PayoutAccountStatus | 'not_connected';
  /** what the seller should know or do, in a sentence */
  explanation: string;
}

/** one order of the seller, as /earnings and its CSV show it */
export interface EarningRow {
  reference: string;
  puppyName: string;
  /** when the order was paid */
  orderedAt: string;
  puppyPriceCents: number;
  feeCents: number;
  /** the seller's share: the puppy's price less the fee */
  amountCents: number;
  status: EarningStatus;
  /** when the row reached its status (paid, reversed, …), or for "on its way" when it releases */
  statusAt: string | null;
  /** why it waits, or what happens next; null when there is nothing to say */
  note: string | null;
}

export interface EarningsTotals {
  paidCents: number;
  onItsWayCents: number;
  heldCents: number;
}

/** GET /api/earnings */
export interface EarningsResponse {
  account: PayoutAccountView;
  feePercent: number;
  holdDays: number;
  totals: EarningsTotals;
  /** newest order first */
  rows: EarningRow[];
}

/** POST /api/earnings/connect: where to send the seller to onboard (Stripe's hosted page, or the local one) */
export interface ConnectResponse {
  url: string;
}

export const PROBLEM_MIN = 10;
export const PROBLEM_MAX = 2000;

/** POST /api/orders/:reference/report-problem: the buyer says what went wrong */
export const ReportProblemSchema = v.object({
  problem: v.pipe(
    v.string('Tell us what went wrong.'),
    v.trim(),
    v.nonEmpty('Tell us what went wrong.'),
    v.minLength(PROBLEM_MIN, `Tell us what went wrong in at least ${PROBLEM_MIN} characters.`),
    v.maxLength(PROBLEM_MAX, `Please keep it under ${PROBLEM_MAX} characters.`),
  ),
});
export type ReportProblemInput = v.InferOutput<typeof ReportProblemSchema>;

/** GET /api/admin/payouts: the payouts an admin must decide (held), and refunds waiting on a reversal */
export interface AdminPayoutView {
  reference: string;
  puppyName: string;
  status: PayoutStatus;
  amountCents: number;
  totalCents: number;
  problem: string | null;
  heldAt: string | null;
  lastError: string | null;
  /** why it is held, while it is */
  holdReason: PayoutHoldReason | null;
  /** the dispute of the order's payment, if any */
  dispute: { status: DisputeStatus; amountCents: number } | null;
  buyer: OrderParty | null;
  seller: OrderParty | null;
}

/** why a payout is held, as /admin words it */
export const PAYOUT_HOLD_REASON_LABELS: Readonly<Record<PayoutHoldReason, string>> = {
  problem: 'The buyer reported a problem',
  dispute: "The buyer's bank disputes the payment",
  suspended: "The seller's account is suspended",
};

/** GET /api/admin/disputes: the orders whose payment the buyer's bank disputed, and refunds waiting for an admin */
export interface AdminMoneyIssue {
  reference: string;
  puppyName: string;
  orderStatus: OrderStatus;
  totalCents: number;
  dispute: { status: DisputeStatus; amountCents: number } | null;
  payoutStatus: PayoutStatus | null;
  refundError: string | null;
}

export interface AdminMoneyIssuesResponse {
  disputes: AdminMoneyIssue[];
  refunds: AdminMoneyIssue[];
}

export interface AdminPayoutsResponse {
  payouts: AdminPayoutView[];
}

// ---- the local provider's test-mode onboarding page (/earnings/onboarding) ----

/** Stripe's test bank account: the only one test mode accepts */
export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_ACCOUNT_NUMBER = '000123456789';
/** Stripe's test identity number: verifies at once; any other last four stays pending verification */
export const TEST_SSN_LAST4_VERIFIED = '0000';

/** GET /api/local-connect/:link */
export interface LocalOnboardingView {
  email: string;
  status: PayoutAccountStatus;
  /** the requirements still due (Stripe's names) */
  requirements: string[];
}

/** POST /api/local-connect/:link: the onboarding form, or "finish later" with what was typed */
export const LocalOnboardingSchema = v.object({
  legalName: v.pipe(
    v.string('Enter your legal name.'),
    v.trim(),
    v.maxLength(100, 'Please keep the name under 100 characters.'),
  ),
  routingNumber: v.pipe(
    v.string('Enter the routing number.'),
    v.trim(),
    v.regex(/^(\d{9})?$/, 'A routing number has 9 digits.'),
  ),
  accountNumber: v.pipe(
    v.string('Enter the account number.'),
    v.trim(),
    v.regex(/^(\d{4,17})?$/, 'An account number has 4 to 17 digits.'),
  ),
  ssnLast4: v.pipe(
    v.string('Enter the last 4 digits of your SSN.'),
    v.trim(),
    v.regex(/^(\d{4})?$/, 'Enter the last 4 digits of your SSN.'),
  ),
  /** "Save and finish later": keep what was typed, and leave; only what is still missing stays needed */
  finishLater: v.optional(v.boolean(), false),
});
export type LocalOnboardingInput = v.InferOutput<typeof LocalOnboardingSchema>;

/** the onboarding form's fields, as the page and a form posted without script name them */
export type LocalOnboardingField = 'legalName' | 'routingNumber' | 'accountNumber' | 'ssnLast4';

/**
 * /earnings/onboarding as the server renders it: the link's account and form, or why the link cannot be
 * used. After a form posted without script was refused: what was typed, and what is wrong under each field.
 */
export type LocalOnboardingPage =
  | {
      link: string;
      view: LocalOnboardingView;
      typed?: Record<LocalOnboardingField, string>;
      errors?: Partial<Record<LocalOnboardingField, string>>;
    }
  | { link: string | null; problem: string };

/** POST /api/local-connect/:link answers where Stripe would send the seller back */
export interface LocalOnboardingResponse {
  returnUrl: string;
  status: PayoutAccountStatus;
}

// ---- the money check (/admin "Money check", `npm run reconcile`; docs/decisions/0107) ----

/** what a mismatch is about: the buyer's payment, its refund, the seller's transfer, its reversal, a dispute */
export const MONEY_CHECK_SUBJECTS = ['payment', 'refund', 'transfer', 'reversal', 'dispute'] as const;
export type MoneyCheckSubject = (typeof MONEY_CHECK_SUBJECTS)[number];

/** one place where PuppyNest's records and the payment provider's own objects disagree */
export interface MoneyMismatch {
  reference: string;
  what: MoneyCheckSubject;
  /** what PuppyNest has (a status, an amount) */
  stored: string;
  /** what the provider has */
  provider: string;
  /** the disagreement, in a sentence an admin can act on */
  message: string;
}

/** an order the check could not compare: the provider (or the store) did not answer; the message says which */
export interface MoneyCheckFailure {
  reference: string;
  message: string;
}

/** the most mismatches (and failures) a stored report lists: its counts say how many there were */
export const MONEY_CHECK_LISTED = 200;

export interface MoneyCheckReport {
  /** when the check started */
  checkedAt: string;
  /** how long it took */
  ms: number;
  /** only orders made in the last `sinceDays` days were checked (null: every order) */
  sinceDays: number | null;
  /** orders compared */
  orders: number;
  /** how many mismatches were found (the list holds at most MONEY_CHECK_LISTED of them) */
  mismatchCount: number;
  mismatches: MoneyMismatch[];
  /** how many orders could not be compared (the list holds at most MONEY_CHECK_LISTED of them) */
  failureCount: number;
  failures: MoneyCheckFailure[];
}

/** GET and POST /api/admin/money-check: the last report (null before the first check) */
export interface MoneyCheckResponse {
  report: MoneyCheckReport | null;
}
