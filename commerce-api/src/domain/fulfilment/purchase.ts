// A puppy purchase's payment: the domain (orders.ts) records what the intent's state means and says
// what to do with the money next (mail, capture, cancel, refund); this module does it with the provider.
// Capture, cancel and refund of one intent never run concurrently in this process.
import {
  orderByIntent,
  purchaseMails,
  recordAuthorisedPurchase,
  recordCanceledPurchase,
  recordRefunded,
  recordSucceededPurchase,
  type PurchaseAction,
} from '../orders.ts';
import type { PaymentIntentSnapshot } from '../../payments/provider.ts';
import { sendPaymentMails } from './payment-mail.ts';
import type { FulfilmentDeps } from './types.ts';

/** returns syncPurchase: applies a puppy_purchase intent's current state (idempotent) */
export function createPurchaseSync(deps: FulfilmentDeps): (intent: PaymentIntentSnapshot) => Promise<void> {
  const { storage, provider, now, log } = deps;
  /** intents whose capture/cancel/refund is under way in this process */
  const busy = new Set<string>();

  async function exclusive(intentId: string, fn: () => Promise<void>): Promise<void> {
    if (busy.has(intentId)) return;
    busy.add(intentId);
    try {
      await fn();
    } finally {
      busy.delete(intentId);
    }
  }

  async function mailPaidOrder(intentId: string): Promise<void> {
    const { db } = storage;
    const order = orderByIntent(db, intentId);
    if (!order) return;
    await sendPaymentMails(deps, purchaseMails(order, db.puppies.get(order.puppyId), db.users.get(order.buyerId), db.users.get(order.sellerId), deps.siteUrl));
  }

  async function capture(intent: PaymentIntentSnapshot): Promise<void> {
    let captured: PaymentIntentSnapshot;
    try {
      captured = await provider.capturePaymentIntent(intent.id, `capture:${intent.id}`);
    } catch (error) {
      // Someone else may have captured or released it meanwhile: go by what the provider says now.
      captured = await provider.retrievePaymentIntent(intent.id);
      if (captured.status === 'requires_capture') throw error;
    }
    await syncPurchase(captured);
  }

  async function release(intent: PaymentIntentSnapshot): Promise<void> {
    let released: PaymentIntentSnapshot;
    try {
      released = await provider.cancelPaymentIntent(intent.id, `release:${intent.id}`);
    } catch (error) {
      released = await provider.retrievePaymentIntent(intent.id);
      if (released.status !== 'canceled' && released.status !== 'succeeded') throw error;
    }
    // Taken after all (automatic capture elsewhere): give it back.
    if (released.status === 'succeeded') await refund(released);
  }

  async function refund(intent: PaymentIntentSnapshot): Promise<void> {
    try {
      await provider.refundPaymentIntent(intent.id, `refund:${intent.id}`);
    } catch (error) {
      if (!(error instanceof Error && /already been refunded|already_refunded/i.test(error.message))) throw error;
    }
    await storage.write((db) => recordRefunded(db, intent.id, now()));
    log(`payment ${intent.id} refunded: its puppy or order was no longer valid`);
  }

  async function act(intent: PaymentIntentSnapshot, action: PurchaseAction): Promise<void> {
    switch (action) {
      case 'mail':
        return mailPaidOrder(intent.id);
      case 'capture':
        return exclusive(intent.id, () => capture(intent));
      case 'cancel':
        return exclusive(intent.id, () => release(intent));
      case 'refund':
        return exclusive(intent.id, () => refund(intent));
      case 'none':
        return;
    }
  }

  async function syncPurchase(intent: PaymentIntentSnapshot): Promise<void> {
    if (intent.status === 'requires_capture') {
      await act(intent, await storage.write((db) => recordAuthorisedPurchase(db, intent, now())));
    } else if (intent.status === 'succeeded') {
      await act(intent, await storage.write((db) => recordSucceededPurchase(db, intent, now())));
    } else if (intent.status === 'canceled') {
      await storage.write((db) => recordCanceledPurchase(db, intent, now()));
    }
  }

  return syncPurchase;
}
