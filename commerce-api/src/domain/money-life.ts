// The money life of an order and its payout: one transition table (docs/product.md §10 "The money
// life", decision 0107). Every change of an order's or a payout's state goes through `moveOrder` or
// `movePayout` with an event of these tables, which takes its `from` states from here: a state or a
// step that is not in the table cannot be reached. Each money movement (capture, release, refund,
// transfer, reversal) is claimed by an event whose `claims` names it, in a conditional transition on
// the store, before the provider is called; a second event settles it after the provider answered.
import type { Order, OrderStatus, Payout, PayoutStatus } from './model.ts';
import type { Patch, Repositories } from './store/index.ts';

export type MoneyMovement = 'capture' | 'release' | 'refund' | 'transfer' | 'reversal';

interface Step<S extends string> {
  from: readonly S[];
  to: S;
  /** the movement this step claims: the provider is called only by the caller whose step won */
  claims?: MoneyMovement;
  /** what the step means, as the table in docs/product.md says it */
  means: string;
}

/** an order's life: created pending (the capture claimed) or paid, then by these events */
export const ORDER_LIFE = {
  /** the capture of the authorised card settled */
  pay: { from: ['pending'], to: 'paid', means: 'the capture was settled' },
  /** the seller handed the puppy over: its payout is scheduled in the same transaction */
  handOver: { from: ['paid'], to: 'handed_over', means: 'the puppy went home; the payout is scheduled' },
  /** an admin's cancel, or money taken for a puppy that went to another family: the refund or release is claimed */
  cancel: {
    from: ['pending', 'paid', 'handed_over'],
    to: 'refunding',
    claims: 'refund',
    means: "the buyer's money is going back",
  },
  /** the provider released the authorisation: nothing was charged */
  released: { from: ['pending', 'refunding'], to: 'canceled', means: 'the hold on the card was released' },
  /** the provider refunded the buyer (after the payout was stopped or reversed) */
  refunded: { from: ['refunding', 'canceled'], to: 'refunded', means: 'the buyer was refunded' },
  /** the provider refused the refund: the order stays refunding with the refusal, for an admin */
  refundRefused: { from: ['refunding'], to: 'refunding', means: 'the refund waits for an admin' },
  /** the admin gave the money back outside the provider (a cheque, a bank transfer) */
  refundedElsewhere: { from: ['refunding'], to: 'refunded', means: 'the buyer was refunded by other means' },
  /** the buyer's bank opened, won or lost a dispute of the payment: recorded on the order */
  disputeChanged: {
    from: ['pending', 'paid', 'handed_over', 'refunding', 'canceled', 'refunded', 'charged_back'],
    to: 'same',
    means: 'the dispute is recorded',
  },
  /** the bank gave the buyer the money back: the order ends, its payout is stopped or reversed */
  disputeLost: {
    from: ['paid', 'handed_over', 'refunding'],
    to: 'charged_back',
    means: "the buyer's bank took the payment back",
  },
} as const satisfies Record<string, Step<OrderStatus> | { from: readonly OrderStatus[]; to: 'same'; means: string }>;

/** a payout's life: created scheduled by the handover, then by these events */
export const PAYOUT_LIFE = {
  /** the buyer confirmed receipt, the window ended, or an admin released a held payout */
  release: { from: ['scheduled'], to: 'releasing', means: 'released to the seller' },
  /** the buyer reported a problem within the window */
  report: { from: ['scheduled'], to: 'held', means: 'held for an admin' },
  /** a dispute opened, or the seller was suspended: a payout not yet sent waits */
  hold: { from: ['scheduled', 'releasing'], to: 'held', means: 'held while the hold lasts' },
  /** an admin released a held payout (the hold ended): on to the seller */
  adminRelease: { from: ['held'], to: 'releasing', means: 'released by an admin' },
  /** a dispute was won, the seller reinstated: the payout goes on where it was */
  unhold: { from: ['held'], to: 'scheduled', means: 'back on its way' },
  /** a released payout that cannot be sent yet (a payment mode that does not match) keeps the reason */
  wait: { from: ['releasing'], to: 'releasing', means: 'waits, saying why' },
  /** the transfer is claimed: only this caller calls the provider */
  claimTransfer: { from: ['releasing'], to: 'transferring', claims: 'transfer', means: 'being sent' },
  /** the provider made the transfer */
  transferred: { from: ['transferring'], to: 'paid', means: 'paid to the seller' },
  /** the provider refused the transfer (the platform's balance is short): tried again later */
  transferRefused: { from: ['transferring'], to: 'releasing', means: 'waits and is tried again' },
  /** the order's money goes back before anything was sent */
  stop: { from: ['scheduled', 'held', 'releasing'], to: 'canceled', means: 'nothing is paid out' },
  /** the order's money goes back after the transfer: the reversal is claimed */
  claimReversal: { from: ['paid'], to: 'reversing', claims: 'reversal', means: 'being taken back' },
  /** the provider reversed the transfer */
  reversed: { from: ['reversing'], to: 'reversed', means: 'taken back from the seller' },
  /** the provider refused the reversal (the seller's balance is short): it stays claimed, for an admin */
  reversalRefused: { from: ['reversing'], to: 'reversing', means: 'the reversal waits; the refund waits for it' },
} as const satisfies Record<string, Step<PayoutStatus>>;

export type OrderEvent = keyof typeof ORDER_LIFE;
export type PayoutEvent = keyof typeof PAYOUT_LIFE;

/** the states the tables can reach: an order or payout in any other state is a defect (the model test checks) */
export const ORDER_STATES_REACHED: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'pending',
  'paid',
  'canceled',
  ...Object.values(ORDER_LIFE).flatMap((s) => (s.to === 'same' ? [] : [s.to])),
]);
export const PAYOUT_STATES_REACHED: ReadonlySet<PayoutStatus> = new Set<PayoutStatus>([
  'scheduled',
  ...Object.values(PAYOUT_LIFE).map((s) => s.to),
]);

/** the order moved by `event` (and `patch`) when it is in one of the event's `from` states; else undefined */
export function moveOrder(
  store: Pick<Repositories, 'orders'>,
  order: Pick<Order, 'id' | 'status'>,
  event: OrderEvent,
  patch: Patch<Order> = {},
): Promise<Order | undefined> {
  const step = ORDER_LIFE[event];
  const to: OrderStatus = step.to === 'same' ? order.status : step.to;
  // `same` steps keep the state the order is in now: still conditional on it
  const from: readonly OrderStatus[] = step.to === 'same' ? [order.status] : step.from;
  return store.orders.transition(order.id, from, { ...patch, status: to });
}

/** the payout moved by `event` (and `patch`) when it is in one of the event's `from` states; else undefined */
export function movePayout(
  store: Pick<Repositories, 'payouts'>,
  payout: Pick<Payout, 'id'>,
  event: PayoutEvent,
  patch: Patch<Payout> = {},
): Promise<Payout | undefined> {
  const step = PAYOUT_LIFE[event];
  return store.payouts.transition(payout.id, step.from, { ...patch, status: step.to });
}

/** may `event` move an order in `status`? (for answers that explain why nothing changed) */
export const orderCan = (event: OrderEvent, status: OrderStatus): boolean =>
  (ORDER_LIFE[event].from as readonly OrderStatus[]).includes(status);
export const payoutCan = (event: PayoutEvent, status: PayoutStatus): boolean =>
  (PAYOUT_LIFE[event].from as readonly PayoutStatus[]).includes(status);
