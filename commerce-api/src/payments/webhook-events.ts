// A Stripe webhook delivery → a ProviderEvent, after the signature check (the raw body, the
// Stripe-Signature header, the endpoint's secret and a 5-minute tolerance against replays).
import Stripe from 'stripe';
import { AppError } from '../errors.ts';
import type { ProviderEvent, ProviderObject } from './provider.ts';
import { intentSnapshot, setupSnapshot, subscriptionSnapshot } from './stripe-provider.ts';

export class WebhookSignatureError extends AppError {
  constructor(message: string) {
    super(400, 'invalid_signature', message);
  }
}

/** Stripe's default: a signed delivery older than this is refused */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function verifyStripeEvent(rawBody: Buffer | string, signature: string | string[] | undefined, secret: string, receivedAtMs: number): ProviderEvent {
  if (!secret) throw new WebhookSignatureError('Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).');
  if (!signature || Array.isArray(signature)) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
  } catch (error) {
    throw new WebhookSignatureError(`Webhook signature verification failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { id: event.id, type: event.type, object: objectOf(event.data?.object) };
}

function objectOf(raw: unknown): ProviderObject | null {
  const object = raw as { object?: string } | null | undefined;
  switch (object?.object) {
    case 'payment_intent':
      return intentSnapshot(object as Stripe.PaymentIntent);
    case 'setup_intent':
      return setupSnapshot(object as Stripe.SetupIntent);
    case 'subscription':
      return subscriptionSnapshot(object as Stripe.Subscription);
    default:
      return null;
  }
}
