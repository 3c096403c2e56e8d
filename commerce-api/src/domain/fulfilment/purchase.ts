// A puppy purchase's payment: the domain (orders.ts) records what the intent's state means and says
// what to do with the money next (mail, capture, cancel, refund); this module does it with the provider.
// No lock in this process: several processes (and webhook + return-page re-check) may apply one intent
// at once. The money moves once because every provider call carries an idempotency key per intent and
// the provider refuses a second capture, release or refund; the records change once because
// orders.ts decides with `puppies.reserve` and conditional `orders.transition`s, and only the caller
// whose transition won the payment is told to mail.
import {
  orderParties,
  purchaseMails,
  recordAuthorisedPurchase,
  recordCanceledPurchase,
  recordSucceededPurchase,
  type PurchaseAction,
} from '../orders.ts';
import { withRetries, type PaymentIntentSnapshot } from '../../payments/provider.ts';
import { settleRefund } from '../order-refunds.ts';
import { breederLink } from '../breeders/pages.ts';
import { paymentsAreLive } from '../payment-mode.ts';
import { sendPaymentMails } from './payment-mail.ts';
import type { FulfilmentDeps } from './types.ts';

/** returns syncPurchase: applies a puppy_purchase intent's current state (idempotent) */
export function createPurchaseSync(deps: FulfilmentDeps): (intent: PaymentIntentSnapshot) => Promise<void> {
  const { store, provider, now, log } = deps;

  async function mailPaidOrder(intentId: string): Promise<void> {
    const order = await store.orders.findByIntent(intentId);
    if (!order) return;
    const { puppy, buyer, seller } = await orderParties(store, order);
    const breeder = await breederLink(store, order.sellerId);
    await sendPaymentMails(deps, purchaseMails(order, puppy, buyer, seller, deps.siteUrl, breeder));
  }

  async function capture(intent: PaymentIntentSnapshot): Promise<void> {
    let captured: PaymentIntentSnapshot;
    try {
      captured = await withRetries(() => provider.capturePaymentIntent(intent.id, `capture:${intent.id}`));
    } catch (error) {
      // Someone else may have captured or released it meanwhile: go by what the provider says now.
      captured = await provider.retrievePaymentIntent(intent.id);
      if (captured.status === 'requires_capture') throw error;
    }
    await syncPurchase(captured);
  }

  /**
   * The intent's money goes back (the order was born canceled or refunding, or has none): settled by
   * order-refunds.ts like an admin's cancel, or, for an intent with no order, asked of the provider directly.
   */
  async function giveBack(intent: PaymentIntentSnapshot, action: 'cancel' | 'refund'): Promise<void> {
    const order = await store.orders.findByIntent(intent.id);
    if (order) {
      const { outcome } = await settleRefund(deps, order.id);
      if (outcome.state === 'pending') log.warn(`payment ${intent.id}: ${outcome.message}`);
      else log.warn(`payment ${intent.id} ${outcome.state}: its puppy or order was no longer valid`);
      return;
    }
    if (action === 'cancel' && intent.status === 'requires_capture')
      await withRetries(() => provider.cancelPaymentIntent(intent.id, `release:${intent.id}`));
    else if (intent.status === 'succeeded')
      await withRetries(() => provider.refundPaymentIntent(intent.id, `refund:${intent.id}`));
  }

  async function act(intent: PaymentIntentSnapshot, action: PurchaseAction): Promise<void> {
    switch (action) {
      case 'mail':
        return mailPaidOrder(intent.id);
      case 'capture':
        return capture(intent);
      case 'cancel':
      case 'refund':
        return giveBack(intent, action);
      case 'none':
        return;
    }
  }

  async function syncPurchase(intent: PaymentIntentSnapshot): Promise<void> {
    if (intent.status === 'requires_capture') {
      await act(intent, await recordAuthorisedPurchase(store, intent, now(), await paymentsAreLive(store)));
    } else if (intent.status === 'succeeded') {
      await act(intent, await recordSucceededPurchase(store, intent, now(), await paymentsAreLive(store)));
    } else if (intent.status === 'canceled') {
      await recordCanceledPurchase(store, intent, now());
    }
  }

  return syncPurchase;
}
