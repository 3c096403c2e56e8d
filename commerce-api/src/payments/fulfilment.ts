// Fulfilment: what a payment's state means for the marketplace. Fed by verified Stripe webhooks, by the
// local provider's events, and by the return pages' re-checks (refresh), so a late or lost webhook never
// strands a paid user. Idempotent twice over: each event id is applied once (PaymentEvent), and every
// change is decided from the provider's current state of the intent against what is stored, so applying
// the same intent again changes nothing. Capture, cancel and refund of one intent never run concurrently.
import type { PaymentOutcome, PaymentPurpose, PaymentStatusResponse } from '#contracts/payments.ts';
import { donationThanksMail, recordDonation } from '../domain/donations.ts';
import { listingLiveMail, recordListingFee } from '../domain/listing-fees.ts';
import { orderView } from '../domain/order-views.ts';
import {
  orderByIntent,
  purchaseMails,
  recordAuthorisedPurchase,
  recordCanceledPurchase,
  recordRefunded,
  recordSucceededPurchase,
  type PurchaseAction,
} from '../domain/orders.ts';
import { recordSetupIntent, recordSubscription } from '../domain/subscriptions.ts';
import type { Mailer, MailMessage } from '../mail/messages.ts';
import type { Storage } from '../storage/storage.ts';
import { PaymentObjectMissingError, type PaymentIntentSnapshot, type PaymentProvider, type ProviderEvent, type SetupIntentSnapshot } from './provider.ts';

export interface FulfilmentDeps {
  storage: Storage;
  provider: PaymentProvider;
  mailer: Mailer;
  now: () => Date;
  log: (line: string) => void;
  siteUrl: string;
}

export interface Fulfilment {
  /** applies a provider event once per event id; 'ignored' for types fulfilment has no use for */
  handleEvent(event: ProviderEvent): Promise<'applied' | 'duplicate' | 'ignored'>;
  /** applies an intent's current state (idempotent) */
  syncPaymentIntent(intent: PaymentIntentSnapshot): Promise<void>;
  syncSetupIntent(setup: SetupIntentSnapshot): Promise<void>;
  /**
   * Re-checks a payment (pi_… or seti_…) with the provider, applies it and says what it came to.
   * `authorize` sees the provider's object first and throws when the caller may not see it.
   */
  refresh(intentId: string, authorize?: (object: PaymentIntentSnapshot | SetupIntentSnapshot) => void): Promise<PaymentStatusResponse>;
}

const PAYMENT_INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.amount_capturable_updated', 'payment_intent.canceled']);
const SETUP_INTENT_EVENTS = new Set(['setup_intent.succeeded']);
const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

export function createFulfilment(deps: FulfilmentDeps): Fulfilment {
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

  async function mail(messages: MailMessage[]): Promise<void> {
    for (const message of messages) {
      try {
        await deps.mailer.send(message);
      } catch (error) {
        // The payment is recorded; a mail outage must not undo or repeat it.
        log(`payment mail "${message.subject}" to ${message.to} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  async function mailPaidOrder(intentId: string): Promise<void> {
    const { db } = storage;
    const order = orderByIntent(db, intentId);
    if (!order) return;
    await mail(purchaseMails(order, db.puppies.get(order.puppyId), db.users.get(order.buyerId), db.users.get(order.sellerId), deps.siteUrl));
  }

  async function act(intent: PaymentIntentSnapshot, action: PurchaseAction): Promise<void> {
    switch (action) {
      case 'mail':
        return mailPaidOrder(intent.id);
      case 'capture':
        return exclusive(intent.id, async () => {
          let captured: PaymentIntentSnapshot;
          try {
            captured = await provider.capturePaymentIntent(intent.id, `capture:${intent.id}`);
          } catch (error) {
            // Someone else may have captured or released it meanwhile: go by what the provider says now.
            captured = await provider.retrievePaymentIntent(intent.id);
            if (captured.status === 'requires_capture') throw error;
          }
          await syncPurchase(captured);
        });
      case 'cancel':
        return exclusive(intent.id, async () => {
          let released: PaymentIntentSnapshot;
          try {
            released = await provider.cancelPaymentIntent(intent.id, `release:${intent.id}`);
          } catch (error) {
            released = await provider.retrievePaymentIntent(intent.id);
            if (released.status !== 'canceled' && released.status !== 'succeeded') throw error;
          }
          // Taken after all (automatic capture elsewhere): give it back.
          if (released.status === 'succeeded') await refund(released);
        });
      case 'refund':
        return exclusive(intent.id, () => refund(intent));
      case 'none':
        return;
    }
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

  async function syncPurchase(intent: PaymentIntentSnapshot): Promise<void> {
    if (intent.status === 'requires_capture') {
      await act(intent, await storage.write((db) => recordAuthorisedPurchase(db, intent, now())));
    } else if (intent.status === 'succeeded') {
      await act(intent, await storage.write((db) => recordSucceededPurchase(db, intent, now())));
    } else if (intent.status === 'canceled') {
      await storage.write((db) => recordCanceledPurchase(db, intent, now()));
    }
  }

  async function syncPaymentIntent(intent: PaymentIntentSnapshot): Promise<void> {
    switch (intent.metadata['purpose'] as PaymentPurpose | undefined) {
      case 'puppy_purchase':
        return syncPurchase(intent);
      case 'listing_fee': {
        if (intent.status !== 'succeeded' && intent.status !== 'canceled') return;
        const activated = await storage.write((db) => recordListingFee(db, intent, now()));
        const seller = activated ? storage.db.users.get(activated.payment.userId) : undefined;
        if (activated && seller) await mail([listingLiveMail(seller, activated.puppy, deps.siteUrl)]);
        return;
      }
      case 'donation': {
        if (intent.status !== 'succeeded' && intent.status !== 'canceled') return;
        const donation = await storage.write((db) => recordDonation(db, intent));
        if (donation) await mail([donationThanksMail(donation)]);
        return;
      }
      default:
        return;
    }
  }

  async function syncSetupIntent(setup: SetupIntentSnapshot): Promise<void> {
    if (setup.metadata['purpose'] !== 'subscription_setup' || setup.status !== 'succeeded') return;
    await storage.write((db) => recordSetupIntent(db, setup, now()));
  }

  async function handleEvent(event: ProviderEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const wanted = PAYMENT_INTENT_EVENTS.has(event.type) || SETUP_INTENT_EVENTS.has(event.type) || SUBSCRIPTION_EVENTS.has(event.type);
    if (!wanted || !event.object) return 'ignored';
    const claim = await storage.write((db) => {
      if (db.paymentEvents.find((e) => e.eventId === event.id)) return undefined;
      return db.paymentEvents.insert({ eventId: event.id, type: event.type, processedAt: now().toISOString() });
    });
    if (!claim) return 'duplicate';
    try {
      const object = event.object;
      if (object.object === 'payment_intent') {
        // The event says something changed; the provider says what is true now (events arrive in any order).
        const intent = await provider.retrievePaymentIntent(object.id);
        await syncPaymentIntent(intent);
      } else if (object.object === 'setup_intent') {
        await syncSetupIntent(await provider.retrieveSetupIntent(object.id));
      } else {
        await storage.write((db) => recordSubscription(db, object, now()));
      }
      return 'applied';
    } catch (error) {
      if (error instanceof PaymentObjectMissingError) {
        log(`payment event ${event.id} (${event.type}) names an object this server does not know: ignored`);
        return 'ignored';
      }
      // Not applied: forget the claim so the provider's retry (or a re-check) applies it.
      await storage.write((db) => db.paymentEvents.remove(claim.id));
      throw error;
    }
  }

  async function refresh(intentId: string, authorize?: (object: PaymentIntentSnapshot | SetupIntentSnapshot) => void): Promise<PaymentStatusResponse> {
    if (intentId.startsWith('seti_')) {
      const setup = await provider.retrieveSetupIntent(intentId);
      authorize?.(setup);
      await syncSetupIntent(setup);
      return setupStatus(setup);
    }
    let intent = await provider.retrievePaymentIntent(intentId);
    authorize?.(intent);
    await syncPaymentIntent(intent);
    if (intent.status === 'requires_capture') intent = await provider.retrievePaymentIntent(intentId);
    return paymentStatus(intent);
  }

  function paymentStatus(intent: PaymentIntentSnapshot): PaymentStatusResponse {
    const { db } = storage;
    const purpose = (intent.metadata['purpose'] as PaymentPurpose | undefined) ?? null;
    const puppyId = Number(intent.metadata['puppyId']) || null;
    const base = { intentId: intent.id, purpose, status: intent.status, puppyId, order: null };
    if (purpose === 'puppy_purchase') {
      const order = orderByIntent(db, intent.id);
      if (order) {
        const view = orderView(db, order, 'buyer');
        const name = view.puppy?.name ?? 'This puppy';
        const money = order.status === 'refunded' ? 'Your payment has been refunded in full.' : 'Your card was not charged: the hold on it has been released.';
        switch (order.status) {
          case 'paid':
          case 'handed_over':
            return { ...base, order: view, outcome: 'succeeded', message: `Payment successful: ${name} is reserved for you.` };
          case 'pending':
            return { ...base, order: view, outcome: 'processing', message: 'Your payment is being confirmed.' };
          case 'canceled':
          case 'refunded':
            // Three ways to end here: another family was first, the listing was removed, or PuppyNest cancelled a paid order.
            if (order.paidAt) return { ...base, order: view, outcome: 'canceled', message: `This order was cancelled by PuppyNest. ${money}` };
            if (!view.puppy) return { ...base, order: view, outcome: 'sold_out', message: `Sorry, this puppy's listing was removed before your payment went through. ${money}` };
            return { ...base, order: view, outcome: 'sold_out', message: `Sorry, ${name} was reserved by another family just before your payment went through. ${money}` };
        }
      }
    }
    if (purpose === 'listing_fee' && db.listingFeePayments.find((p) => p.paymentIntentId === intent.id)?.status === 'succeeded') {
      return { ...base, outcome: 'succeeded', message: 'Your puppy listing is now active and visible to potential buyers.' };
    }
    if (purpose === 'donation' && db.donations.find((d) => d.stripePaymentIntentId === intent.id)?.status === 'succeeded') {
      return { ...base, outcome: 'succeeded', message: 'Thank you for your donation!' };
    }
    const [outcome, message] = outcomeOfStatus(intent.status, intent.lastError?.message ?? null);
    return { ...base, outcome, message };
  }

  function setupStatus(setup: SetupIntentSnapshot): PaymentStatusResponse {
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

  return { handleEvent, syncPaymentIntent, syncSetupIntent, refresh };
}

function outcomeOfStatus(status: string, lastError: string | null): [PaymentOutcome, string] {
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
