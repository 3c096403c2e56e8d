// My Orders' forms posted before any script runs (docs/decisions/0125): the API answers 303 back to
// /my-orders with the order's reference and a code in the address, and the page shows that code's text
// from these tables, inside the order's card. Like the reply and report forms (decision 0108), an address
// anyone can craft never puts its own words on our page: only a code these tables know shows anything.
import { PROBLEM_MAX, PROBLEM_MIN } from './payouts.ts';
import { ORDER_REFERENCE_PATTERN } from './orders.ts';
import { REVIEW_EDIT_DAYS, REVIEW_REFUSALS, REVIEW_SCAM_ADVICE, REVIEW_WINDOW_MONTHS } from './reviews.ts';

/** what a form post did, said as the JSON path's toasts say it */
export const ORDER_FORM_DONE = {
  receipt_confirmed: 'Thank you for confirming that your puppy arrived. The seller is being paid.',
  problem_reported:
    'Your report was sent. Our team will contact you and decide within 2 business days. The seller is not paid until then.',
  already_reported: 'You have already reported a problem with this order. Our team will contact you.',
  already_confirmed: 'You have already confirmed receipt, and the seller has been paid. Nothing was changed.',
  review_posted: 'Thank you for your review. It shows on the breeder\u2019s listings as a verified purchase.',
  review_updated: 'Your review was updated. It shows on the breeder\u2019s listings as a verified purchase.',
} as const;

/** why a form post changed nothing; the texts the schemas and the domain use are the same words */
export const ORDER_FORM_REFUSALS = {
  problem_empty: 'Tell us what went wrong.',
  problem_short: `Tell us what went wrong in at least ${PROBLEM_MIN} characters.`,
  problem_long: `Please keep it under ${PROBLEM_MAX} characters.`,
  review_rating: REVIEW_REFUSALS.rating,
  review_short: REVIEW_REFUSALS.too_short,
  review_long: REVIEW_REFUSALS.too_long,
  review_off_platform: REVIEW_SCAM_ADVICE,
  order_not_found: 'This order is not yours, or it no longer exists. Nothing was changed.',
  order_canceled: 'This order was cancelled. Nothing was changed.',
  not_handed_over: 'The seller has not marked this puppy as handed over yet. Nothing was changed.',
  payout_held:
    'The seller\u2019s payment for this order is on hold: you reported a problem, or our team is looking into the order. Nothing was changed.',
  report_window_closed:
    'The time to report a problem with this order has ended. Please write to us on the contact page.',
  already_reviewed: `You have already reviewed this order. You can edit your review within ${REVIEW_EDIT_DAYS} days of writing it.`,
  order_not_reviewable: 'This order was cancelled or refunded, so it cannot be reviewed.',
  review_window_closed: `Reviews can be written until ${REVIEW_WINDOW_MONTHS} months after the handover, and that time has passed.`,
  review_hidden: 'This review was hidden by our team, so it cannot be edited.',
  review_edit_closed: `A review can be edited for ${REVIEW_EDIT_DAYS} days after it was written, and that time has passed.`,
  refused: 'Nothing was changed. Please reload the page to see where this order stands, and try again.',
  failed: 'Something went wrong on our side. Nothing was changed. Please try again.',
} as const;

export type OrderFormDone = keyof typeof ORDER_FORM_DONE;
export type OrderFormRefusal = keyof typeof ORDER_FORM_REFUSALS;

/** the form a refusal belongs to, so the page opens it again under its message */
export type OrderForm = 'problem' | 'review' | null;

export function isOrderFormRefusal(code: unknown): code is OrderFormRefusal {
  return typeof code === 'string' && Object.hasOwn(ORDER_FORM_REFUSALS, code);
}

/** a field's refusal when its message is none of the table's (a field missing from the form altogether) */
export const ORDER_FIELD_REFUSALS: Record<string, OrderFormRefusal> = {
  problem: 'problem_empty',
  rating: 'review_rating',
  body: 'review_short',
};

/** the code of the first of `messages` that is a refusal's text, else undefined */
export function orderRefusalOf(messages: readonly string[]): OrderFormRefusal | undefined {
  const codes = Object.keys(ORDER_FORM_REFUSALS) as OrderFormRefusal[];
  for (const message of messages) {
    const found = codes.find((code) => ORDER_FORM_REFUSALS[code] === message);
    if (found) return found;
  }
  return undefined;
}

/** what /my-orders shows in one order's card after a form post, read from its address */
export interface OrderFormOutcome {
  /** the order's card shows it; null (or an order not on this page) shows it above the list */
  reference: string | null;
  kind: 'done' | 'refused';
  text: string;
  /** the form to open again (a refusal of what was typed) */
  form: OrderForm;
}

/** `?order=…&done=…` or `?order=…&error=…` → the outcome; nothing for a code it does not know */
export function orderFormOutcome(params: URLSearchParams): OrderFormOutcome | null {
  const named = params.get('order') ?? '';
  const reference = ORDER_REFERENCE_PATTERN.test(named) ? named : null;
  const done = params.get('done');
  if (done && Object.hasOwn(ORDER_FORM_DONE, done))
    return { reference, kind: 'done', text: ORDER_FORM_DONE[done as OrderFormDone], form: null };
  const error = params.get('error');
  if (!isOrderFormRefusal(error)) return null;
  const form: OrderForm = /^problem_/.test(error)
    ? 'problem'
    : /^review_(?:rating|short|long|off_platform)$/.test(error)
      ? 'review'
      : null;
  return { reference, kind: 'refused', text: ORDER_FORM_REFUSALS[error], form };
}

/** where a form post goes back to: the page it was on, the order named so its card shows the outcome */
export function myOrdersAddress(
  reference: string | null,
  page: number,
  outcome: { done: OrderFormDone } | { error: OrderFormRefusal },
): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (reference) query.set('order', reference);
  if ('done' in outcome) query.set('done', outcome.done);
  else query.set('error', outcome.error);
  return `/my-orders?${query.toString()}${reference ? `#order-${reference}` : ''}`;
}
