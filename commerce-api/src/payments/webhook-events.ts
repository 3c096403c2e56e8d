// A Stripe webhook delivery → a ProviderEvent, after the signature check (the raw body, the
// Stripe-Signature header, the endpoint's secret and a 5-minute tolerance against replays).
// Connect events (account.updated, …; decision 0101) come to their own endpoint,
// /api/webhooks/stripe-connect, signed with that endpoint's own secret; the same check applies, against that
// secret.
import Stripe from 'stripe';
import { AppError } from '../errors.ts';
import type { ProviderEvent, ProviderObject } from './provider.ts';
import {
  accountSnapshot,
  disputeSnapshot,
  intentSnapshot,
  setupSnapshot,
  subscriptionSnapshot,
  transferSnapshot,
} from './stripe-provider.ts';

export class WebhookSignatureError extends AppError {
  constructor(message: string) {
    super(400, 'invalid_signature', message);
  }
}

/** Stripe's default: a signed delivery older than this is refused */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** the variables that hold each endpoint's signing secret (named when one is missing) */
export const WEBHOOK_SECRET_VARIABLE = 'STRIPE_WEBHOOK_SECRET';
export const CONNECT_WEBHOOK_SECRET_VARIABLE = 'STRIPE_CONNECT_WEBHOOK_SECRET';

/**
 * `secretVariable` names where the secret comes from, for the "not configured" answer: the platform
 * endpoint's by default; verifyStripeConnectEvent passes the Connect endpoint's.
 */
export function verifyStripeEvent(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  secret: string,
  receivedAtMs: number,
  secretVariable: string = WEBHOOK_SECRET_VARIABLE,
): ProviderEvent {
  if (!secret)
    throw new WebhookSignatureError(`Stripe webhooks are not configured on this server (${secretVariable}).`);
  if (!signature || Array.isArray(signature)) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAtMs,
    );
  } catch (error) {
    throw new WebhookSignatureError(
      `Webhook signature verification failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    id: event.id,
    type: event.type,
    object: objectOf(event.data?.object, event.livemode ?? false),
    createdAt: new Date(event.created * 1000).toISOString(),
  };
}

/** a delivery to the Connect endpoint, checked against STRIPE_CONNECT_WEBHOOK_SECRET's value */
export function verifyStripeConnectEvent(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  secret: string,
  receivedAtMs: number,
): ProviderEvent {
  return verifyStripeEvent(rawBody, signature, secret, receivedAtMs, CONNECT_WEBHOOK_SECRET_VARIABLE);
}

function objectOf(raw: unknown, livemode: boolean): ProviderObject | null {
  const object = raw as { object?: string } | null | undefined;
  switch (object?.object) {
    case 'payment_intent':
      return intentSnapshot(object as Stripe.PaymentIntent);
    case 'setup_intent':
      return setupSnapshot(object as Stripe.SetupIntent);
    case 'subscription':
      return subscriptionSnapshot(object as Stripe.Subscription);
    case 'account':
      // Stripe's Account object has no livemode of its own: the event's says which mode it is.
      return accountSnapshot(object as Stripe.Account, livemode);
    case 'transfer':
      return transferSnapshot(object as Stripe.Transfer);
    case 'dispute':
      return disputeSnapshot(object as Stripe.Dispute);
    default:
      return null;
  }
}
