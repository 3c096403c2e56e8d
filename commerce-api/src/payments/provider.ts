// The payments seam (docs/decisions/0030, 0073): one interface, two implementations. stripe-provider.ts talks to
// Stripe with the `stripe` SDK; local-provider.ts is a test double of Stripe's behaviour kept in storage.
// Domain code and fulfilment see only these shapes: plain snapshots of Stripe's objects, amounts in cents.
import { AppError } from '../errors.ts';

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type SetupIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface ProviderError {
  /** Stripe's error code: card_declined, expired_card, payment_intent_authentication_failure, … */
  code: string;
  declineCode?: string | null;
  message: string;
}

export interface PaymentIntentSnapshot {
  object: 'payment_intent';
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  /** what a manual-capture intent holds on the card (requires_capture) */
  amountCapturableCents: number;
  amountReceivedCents: number;
  currency: string;
  captureMethod: 'automatic' | 'manual';
  clientSecret: string;
  metadata: Readonly<Record<string, string>>;
  lastError: ProviderError | null;
  livemode: boolean;
  /** when the intent was made (null when the provider did not say): an expired checkout is never captured (decision 0107) */
  createdAt: string | null;
}

export interface SetupIntentSnapshot {
  object: 'setup_intent';
  id: string;
  status: SetupIntentStatus;
  clientSecret: string;
  metadata: Readonly<Record<string, string>>;
  lastError: ProviderError | null;
  paymentMethodId: string | null;
  livemode: boolean;
}

export interface SubscriptionSnapshot {
  object: 'subscription';
  id: string;
  /** Stripe's subscription statuses: trialing, active, incomplete, past_due, canceled, … */
  status: string;
  priceId: string | null;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  metadata: Readonly<Record<string, string>>;
  livemode: boolean;
}

/** a connected account (Stripe Connect Express, decision 0101) that receives sellers' payouts */
export interface ConnectedAccountSnapshot {
  object: 'account';
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Stripe's requirements.currently_due plus past_due (individual.ssn_last_4, external_account, …) */
  requirementsDue: string[];
  /** Stripe's requirements.pending_verification: submitted, being checked */
  pendingVerification: string[];
  metadata: Readonly<Record<string, string>>;
  livemode: boolean;
}

/** money moved from the platform's balance to a connected account */
export interface TransferSnapshot {
  object: 'transfer';
  id: string;
  amountCents: number;
  /** how much of it was reversed (taken back from the account) */
  amountReversedCents: number;
  reversed: boolean;
  destination: string;
  transferGroup: string | null;
  metadata: Readonly<Record<string, string>>;
  livemode: boolean;
}

/** a dispute (chargeback) the buyer's bank opened on a payment; Stripe's statuses */
export interface DisputeSnapshot {
  object: 'dispute';
  id: string;
  paymentIntentId: string;
  amountCents: number;
  /** warning_needs_response, needs_response, under_review, won, lost, … */
  status: string;
  livemode: boolean;
}

export type ProviderObject =
  | PaymentIntentSnapshot
  | SetupIntentSnapshot
  | SubscriptionSnapshot
  | ConnectedAccountSnapshot
  | TransferSnapshot
  | DisputeSnapshot;

/** a provider event (a verified Stripe webhook, or what the local provider emits) */
export interface ProviderEvent {
  /** evt_… : each is applied once */
  id: string;
  type: string;
  /** the event's object, when it is one fulfilment knows */
  object: ProviderObject | null;
  /** when the provider made the event (a webhook's; the local provider's events leave it out): its lag is measured from it */
  createdAt?: string;
}

export interface CreatePaymentIntentInput {
  amountCents: number;
  captureMethod: 'automatic' | 'manual';
  metadata: Record<string, string>;
  description: string;
  /** every create call carries one: a retried request never makes a second intent */
  idempotencyKey: string;
  receiptEmail?: string;
  /** the order reference, so the seller's transfer can be traced to this payment */
  transferGroup?: string;
}

export interface CreateConnectedAccountInput {
  email: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CreateAccountLinkInput {
  accountId: string;
  /** where the seller returns after onboarding */
  returnUrl: string;
  /** where an expired or used link sends the seller (to make a new one) */
  refreshUrl: string;
}

export interface CreateTransferInput {
  amountCents: number;
  destination: string;
  transferGroup: string;
  metadata: Record<string, string>;
  /** one transfer per key, ever (the order reference) */
  idempotencyKey: string;
}

export interface CreateSubscriptionInput {
  email: string;
  paymentMethodId: string;
  priceId: string;
  trialDays: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CreatedSubscription {
  subscription: SubscriptionSnapshot;
  /** the SetupIntent that verified the card (off-session use), maybe waiting for authentication */
  setupIntent: SetupIntentSnapshot;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** true for Stripe live keys */
  readonly livemode: boolean;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentSnapshot>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentSnapshot>;
  /** a puppy's checkout intents not yet confirmed: a price change cancels them (decision 0107) */
  listOpenCheckouts(puppyId: number): Promise<PaymentIntentSnapshot[]>;
  capturePaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntentSnapshot>;
  cancelPaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntentSnapshot>;
  /** refunds a succeeded intent in full */
  refundPaymentIntent(id: string, idempotencyKey: string): Promise<void>;
  /**
   * how much of the intent's payment was given back (refunds made or under way), in cents: an intent
   * stays succeeded when it is refunded, and the money check compares this with the order (decision 0107)
   */
  refundedCents(id: string): Promise<number>;
  retrieveSetupIntent(id: string): Promise<SetupIntentSnapshot>;
  /** the subscription as the provider has it now: events arrive late and out of order */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot>;
  retrieveDispute(id: string): Promise<DisputeSnapshot>;
  /** customer + card check (SetupIntent) + subscription with a trial */
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  // ---- Connect: separate charges and transfers (decision 0101) ----
  /** an Express account for a seller, able to receive transfers */
  createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccountSnapshot>;
  retrieveConnectedAccount(id: string): Promise<ConnectedAccountSnapshot>;
  /** a single-use onboarding link: the URL to send the seller to */
  createAccountLink(input: CreateAccountLinkInput): Promise<{ url: string; expiresAt: string }>;
  /** refused with InsufficientBalanceError when the platform's available balance is short */
  createTransfer(input: CreateTransferInput): Promise<TransferSnapshot>;
  retrieveTransfer(id: string): Promise<TransferSnapshot>;
  /** the transfer already made in a transfer group (an order reference), if any: idempotency keys expire, this does not */
  findTransfer(transferGroup: string): Promise<TransferSnapshot | undefined>;
  /** reverses the whole transfer; InsufficientBalanceError when the account's balance is short */
  reverseTransfer(id: string, idempotencyKey: string): Promise<TransferSnapshot>;
}

/** a card the provider refused: 402 with Stripe's code and message, which the pages show */
export class CardDeclinedError extends AppError {
  readonly declineCode: string | null;
  constructor(error: ProviderError) {
    super(402, error.code || 'card_declined', error.message);
    this.declineCode = error.declineCode ?? null;
  }
}

/** the provider is unreachable or misconfigured: nothing was charged */
export class PaymentProviderError extends AppError {
  constructor(message = 'The payment service is not available right now. Please try again in a moment.') {
    super(502, 'payment_provider_unavailable', message);
  }
}

/**
 * The provider answered and said no (Stripe's invalid_request_error: a disputed charge, one already
 * refunded, a state that does not allow it): asking again with the same key gets the same no.
 */
export class ProviderRefusedError extends PaymentProviderError {
  readonly providerCode: string;
  constructor(providerCode: string, message: string) {
    super(`The payment could not be processed: ${message}`);
    this.providerCode = providerCode;
  }
}

/**
 * A refusal is the provider's decision; anything else (a timeout, a 5xx, no answer) is an outage, and
 * the same call with the same idempotency key may go through later (decision 0107).
 */
export function isProviderRefusal(error: unknown): boolean {
  if (error instanceof ProviderRefusedError || error instanceof InsufficientBalanceError) return true;
  return error instanceof AppError && !(error instanceof PaymentProviderError) && error.status < 500;
}

/** calls `fn` again (same arguments, so the same idempotency key) after an outage, up to `attempts` times */
export async function withRetries<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts || isProviderRefusal(error) || error instanceof PaymentObjectMissingError) throw error;
    }
  }
}

/** Stripe's balance_insufficient: a transfer the platform, or a reversal the account, cannot cover */
export class InsufficientBalanceError extends AppError {
  constructor(message: string) {
    super(409, 'balance_insufficient', message);
  }
}

/** the object does not exist at the provider */
export class PaymentObjectMissingError extends AppError {
  constructor(id: string) {
    super(404, 'payment_not_found', `No such payment: ${id}`);
  }
}
