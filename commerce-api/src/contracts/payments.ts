// Payment contracts (docs/product.md §3, §7, §10): request schemas shared by the forms and the API, and the
// response shapes. Amounts are decided by the server: an `amount` a client sends with a checkout or a
// listing fee is read by nobody (the schemas drop it). A donation's amount is the donor's own choice,
// in dollars, within MIN_DONATION..MAX_DONATION.
import * as v from 'valibot';
import { isWholeCents } from './money.ts';
import { numberish } from './common.ts';
import type { OrderView } from './orders.ts';
import { MAX_DONATION, MIN_DONATION, PLANS } from './plans.ts';

const puppyId = v.pipe(numberish('Unknown puppy'), v.integer('Unknown puppy'), v.minValue(1, 'Unknown puppy'));
/** a random id the page makes once per visit: the server's idempotency key includes it */
const visitId = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid visit id')));

/** POST /api/create-payment-intent (docs/product.md §7: amount, puppyId, puppyName; amount and puppyName are ignored) */
export const CheckoutIntentSchema = v.object({ puppyId, visitId });
export type CheckoutIntentInput = v.InferOutput<typeof CheckoutIntentSchema>;

/** POST /api/create-listing-fee-intent (docs/product.md §7: amount, puppyId; amount is ignored) */
export const ListingFeeIntentSchema = v.object({ puppyId, visitId });
export type ListingFeeIntentInput = v.InferOutput<typeof ListingFeeIntentSchema>;

export const DONATION_AMOUNT_MESSAGE = `Please enter an amount between $${MIN_DONATION} and $${MAX_DONATION.toLocaleString('en-US')}`;

/** dollars, at most two decimals, within the donation bounds */
export const donationAmount = v.pipe(
  numberish(DONATION_AMOUNT_MESSAGE),
  v.minValue(MIN_DONATION, DONATION_AMOUNT_MESSAGE),
  v.maxValue(MAX_DONATION, DONATION_AMOUNT_MESSAGE),
  v.check(isWholeCents, 'Please enter an amount in dollars and cents'),
);

/** POST /api/create-donation-intent (docs/product.md §3 Donation, §5) */
export const DonationIntentSchema = v.object({
  donorName: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.nonEmpty('Name is required'),
    v.maxLength(100, 'Please keep it under 100 characters'),
  ),
  donorEmail: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.nonEmpty('Email is required'),
    v.email('Invalid email address'),
    v.maxLength(254, 'Invalid email address'),
  ),
  amount: donationAmount,
  message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, 'Please keep it under 1000 characters')), ''),
  isAnonymous: v.optional(v.boolean(), false),
  visitId,
});
export type DonationIntentInput = v.InferOutput<typeof DonationIntentSchema>;

export const PRICE_IDS = Object.values(PLANS).map((plan) => plan.priceId);

/** POST /api/create-subscription (docs/product.md §7: paymentMethodId, priceId, email) */
export const SubscriptionSchema = v.object({
  paymentMethodId: v.pipe(
    v.string('A card is required'),
    v.trim(),
    v.regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'A card is required'),
  ),
  priceId: v.picklist(PRICE_IDS as [string, ...string[]], 'Unknown plan'),
  email: v.pipe(
    v.string('Invalid email address'),
    v.trim(),
    v.nonEmpty('Email is required'),
    v.email('Invalid email address'),
    v.maxLength(254, 'Invalid email address'),
  ),
});
export type SubscriptionInput = v.InferOutput<typeof SubscriptionSchema>;

/** POST /api/user/activate-listing-plan (spec: expiryDays=30; the server always uses LISTING_DAYS) */
export const ActivateListingPlanSchema = v.object({
  puppyId: v.optional(puppyId),
  expiryDays: v.optional(v.unknown()),
});
export type ActivateListingPlanInput = v.InferOutput<typeof ActivateListingPlanSchema>;

/** POST /api/payments/:intentId/refresh: the client secret proves the caller owns the payment */
export const RefreshPaymentSchema = v.object({
  clientSecret: v.optional(v.pipe(v.string(), v.maxLength(300))),
});

// ---------------------------------------------------------------- responses

/** GET /api/stripe-public-key */
export interface PublicKeyResponse {
  publicKey: string;
  isLive: boolean;
}

/** the publishable key of the local test-mode provider starts with this; a Stripe key starts with pk_test_ / pk_live_ */
export const LOCAL_KEY_PREFIX = 'pk_local_';
export const LOCAL_PUBLIC_KEY = `${LOCAL_KEY_PREFIX}puppynest_test_mode`;
export function isLocalPublicKey(key: string): boolean {
  return key.startsWith(LOCAL_KEY_PREFIX);
}
export function isStripePublicKey(key: string): boolean {
  return /^pk_(test|live)_[A-Za-z0-9_]+$/.test(key);
}

export interface CheckoutIntentResponse {
  clientSecret: string;
  intentId: string;
  /** price + care package */
  amountCents: number;
  puppyPriceCents: number;
  carePackageCents: number;
}

/** docs/product.md §3 Listing-fee intent response, plus what the page shows */
export interface ListingFeeIntentResponse {
  clientSecret: string | null;
  alreadyPaid: boolean;
  message: string;
  intentId: string | null;
  amountCents: number;
  puppy: { id: number; name: string; listingStatus: 'draft' | 'active' | 'expired'; expiresAt: string | null };
}

export interface DonationIntentResponse {
  clientSecret: string;
  intentId: string;
  amountCents: number;
}

/**
 * docs/product.md §3 Subscription response. `status` is the subscription's: 'trialing' (or 'active') when the card
 * was accepted, 'requires_action' when the card needs authentication: then `clientSecret` (a SetupIntent
 * secret, seti_…_secret_…) must be confirmed on the client and `requiresAction` is true.
 */
export interface SubscriptionResponse {
  clientSecret: string | null;
  requiresAction: boolean;
  status: 'trialing' | 'active' | 'requires_action';
  plan: string;
  trialEnd: string | null;
}

export interface ActivateListingPlanResponse {
  activated: boolean;
  message: string;
  puppy: { id: number; listingStatus: 'draft' | 'active' | 'expired'; expiresAt: string | null } | null;
  hasActiveListingPlan: boolean;
  listingPlanExpiresAt: string | null;
}

export type PaymentPurpose = 'puppy_purchase' | 'listing_fee' | 'donation' | 'subscription_setup';

/**
 * What a payment came to, for the return pages. 'sold_out': the puppy went to another buyer first, and
 * this payment was released (never captured) or refunded.
 */
export type PaymentOutcome =
  'succeeded' | 'processing' | 'requires_payment' | 'requires_action' | 'failed' | 'canceled' | 'sold_out';

/** POST /api/payments/:intentId/refresh */
export interface PaymentStatusResponse {
  intentId: string;
  purpose: PaymentPurpose | null;
  /** the provider's status (requires_capture, succeeded, …) */
  status: string;
  outcome: PaymentOutcome;
  message: string;
  order: OrderView | null;
  puppyId: number | null;
}

/** GET /api/admin/payment-mode */
export interface PaymentModeResponse {
  mode: 'test' | 'live';
  isLive: boolean;
  publicKey: string;
  /** what the admin page shows of the key: its first characters */
  publicKeyPrefix: string;
  provider: 'local' | 'stripe';
  liveKeysConfigured: boolean;
  webhookConfigured: boolean;
}

export interface MessageResponse {
  message: string;
}

// ---------------------------------------------------------------- the local test-mode card form

/** POST /api/local-payments/payment-methods: what the local card form collects (test mode only) */
export const LocalCardSchema = v.object({
  number: v.pipe(v.string('Your card number is incomplete.'), v.maxLength(40)),
  exp: v.pipe(v.string("Your card's expiration date is incomplete."), v.maxLength(20)),
  cvc: v.pipe(v.string("Your card's security code is incomplete."), v.maxLength(10)),
  zip: v.pipe(v.string('Your ZIP is incomplete.'), v.maxLength(20)),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))),
});
export type LocalCardInput = v.InferOutput<typeof LocalCardSchema>;

/** POST /api/local-payments/confirm */
export const LocalConfirmSchema = v.object({
  clientSecret: v.pipe(v.string(), v.maxLength(300)),
  paymentMethodId: v.pipe(v.string(), v.regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'A card is required')),
});

/** POST /api/local-payments/authenticate: the approve/fail step of a card that asks for authentication */
export const LocalAuthenticateSchema = v.object({
  clientSecret: v.pipe(v.string(), v.maxLength(300)),
  approve: v.boolean(),
});

/** a PaymentIntent or SetupIntent as the local card form sees it (like Stripe.js's result) */
export interface LocalIntentView {
  id: string;
  object: 'payment_intent' | 'setup_intent';
  status: string;
  amountCents: number | null;
  /** set while the card asks for authentication */
  nextAction: 'authenticate' | null;
  lastError: { code: string; message: string } | null;
}

export interface LocalPaymentMethodView {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

/** Stripe's test cards that the pages list as hints (and the local provider honours) */
export const TEST_CARD_HINTS: ReadonlyArray<{ number: string; outcome: string }> = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0025 0000 3155', outcome: 'asks for authentication' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'is declined for insufficient funds' },
];
