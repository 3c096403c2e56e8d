// What a payment came to, in the words the return pages show (PaymentStatusResponse). Read-only: it is
// asked after the intent's state has been applied, so it reads the stored order, fee or donation.
import type { PaymentOutcome, PaymentPurpose, PaymentStatusResponse } from '#contracts/payments.ts';
import type { PaymentIntentSnapshot, SetupIntentSnapshot } from '../../payments/provider.ts';
import type { Store } from '../store/index.ts';
import { orderView } from '../order-views.ts';

export async function paymentStatus(
  store: Store,
  intent: PaymentIntentSnapshot,
  now: Date,
): Promise<PaymentStatusResponse> {
  const purpose = (intent.metadata['purpose'] as PaymentPurpose | undefined) ?? null;
  const puppyId = Number(intent.metadata['puppyId']) || null;
  const base = { intentId: intent.id, purpose, status: intent.status, puppyId, order: null };
  if (purpose === 'puppy_purchase') {
    const order = await store.orders.findByIntent(intent.id);
    if (order) {
      const view = await orderView(store, order, 'buyer', now);
      const name = view.puppy?.name ?? 'This puppy';
      const money =
        order.status === 'refunded'
          ? 'Your payment has been refunded in full.'
          : 'Your card was not charged: the hold on it has been released.';
      switch (order.status) {
        case 'paid':
        case 'handed_over':
          return {
            ...base,
            order: view,
            outcome: 'succeeded',
            message: `Payment successful: ${name} is reserved for you.`,
          };
        case 'pending':
          return { ...base, order: view, outcome: 'processing', message: 'Your payment is being confirmed.' };
        case 'canceled':
        case 'refunded':
          // Three ways to end here: another family was first, the listing was removed, or PuppyNest cancelled a paid order.
          if (order.paidAt)
            return {
              ...base,
              order: view,
              outcome: 'canceled',
              message: `This order was cancelled by PuppyNest. ${money}`,
            };
          if (!view.puppy)
            return {
              ...base,
              order: view,
              outcome: 'sold_out',
              message: `Sorry, this puppy's listing was removed before your payment went through. ${money}`,
            };
          return {
            ...base,
            order: view,
            outcome: 'sold_out',
            message: `Sorry, ${name} was reserved by another family just before your payment went through. ${money}`,
          };
      }
    }
  }
  if (purpose === 'listing_fee' && (await store.listingFees.findByIntent(intent.id))?.status === 'succeeded') {
    return {
      ...base,
      outcome: 'succeeded',
      message: 'Your puppy listing is now active and visible to potential buyers.',
    };
  }
  if (purpose === 'donation' && (await store.donations.findByIntent(intent.id))?.status === 'succeeded') {
    return { ...base, outcome: 'succeeded', message: 'Thank you for your donation!' };
  }
  const [outcome, message] = outcomeOfStatus(intent.status, intent.lastError?.message ?? null);
  return { ...base, outcome, message };
}

export function setupStatus(setup: SetupIntentSnapshot): PaymentStatusResponse {
  const [outcome, message] = outcomeOfStatus(setup.status, setup.lastError?.message ?? null);
  return {
    intentId: setup.id,
    purpose: (setup.metadata['purpose'] as PaymentPurpose | undefined) ?? null,
    status: setup.status,
    outcome,
    message: outcome === 'succeeded' ? 'Your card is verified.' : message,
    order: null,
    puppyId: null,
  };
}

/** the outcome of a provider status alone, for payments nothing is stored about yet */
export function outcomeOfStatus(status: string, lastError: string | null): [PaymentOutcome, string] {
  switch (status) {
    case 'succeeded':
      return ['succeeded', 'Payment successful.'];
    case 'requires_capture':
    case 'processing':
      return ['processing', 'Your payment is being confirmed.'];
    case 'requires_action':
      return ['requires_action', 'Your card asks you to confirm this payment.'];
    case 'canceled':
      return ['canceled', 'This payment was canceled. You have not been charged.'];
    default:
      return lastError ? ['failed', lastError] : ['requires_payment', 'Waiting for your card details.'];
  }
}
