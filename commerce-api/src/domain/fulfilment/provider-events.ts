// Provider events (verified Stripe webhooks, the local provider's events): each event id is applied once
// (PaymentEvent). The event only says that something changed; the provider says what is true now, since
// events arrive in any order: every object is re-read before it is applied, subscriptions and disputes
// included (decision 0107). A claim is marked applied once its effect is stored; a claim whose process
// died in between is taken over by the provider's next delivery after CLAIM_STALE_MS.
import type { ProviderEvent } from '../../payments/provider.ts';
import { PaymentObjectMissingError } from '../../payments/provider.ts';
import { applyAccountEvent, applyTransferEvent } from '../payouts/events.ts';
import { applyDispute } from '../disputes.ts';
import { paymentsAreLive } from '../payment-mode.ts';
import { recordSubscription } from '../subscriptions.ts';
import type { Fulfilment, FulfilmentDeps } from './types.ts';

const PAYMENT_INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.canceled',
]);
const SETUP_INTENT_EVENTS = new Set(['setup_intent.succeeded']);
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
// Connect, for seller payouts (decision 0101): the account arrives at the Connect endpoint, transfers at
// the platform's
const CONNECT_EVENTS = new Set(['account.updated', 'transfer.created', 'transfer.reversed']);
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

/** a claim this old and not applied belongs to a process that died: the next delivery applies it */
export const CLAIM_STALE_MS = 60_000;

export function createEventHandler(
  deps: FulfilmentDeps,
  sync: Pick<Fulfilment, 'syncPaymentIntent' | 'syncSetupIntent'>,
): Fulfilment['handleEvent'] {
  const { store, provider, now, log } = deps;

  return async function handleEvent(event) {
    const wanted =
      PAYMENT_INTENT_EVENTS.has(event.type) ||
      SETUP_INTENT_EVENTS.has(event.type) ||
      SUBSCRIPTION_EVENTS.has(event.type) ||
      CONNECT_EVENTS.has(event.type) ||
      DISPUTE_EVENTS.has(event.type);
    if (!wanted || !event.object) return 'ignored';
    if (event.object.livemode !== (await paymentsAreLive(store))) {
      // Test money is never applied as live money, nor the other way round (decision 0107).
      log.warn(`payment event ${event.id} (${event.type}) is of the other payment mode: ignored`);
      return 'ignored';
    }
    // each event once, across processes: the first claim of its id wins (or takes over a dead one's)
    const at = now();
    const claim = await store.paymentEvents.claim(event.id, event.type, at, new Date(at.getTime() - CLAIM_STALE_MS));
    if (!claim) return 'duplicate';
    try {
      await apply(event.type, event.object);
      await store.paymentEvents.markApplied(event.id, now());
      return 'applied';
    } catch (error) {
      if (error instanceof PaymentObjectMissingError) {
        log.warn(`payment event ${event.id} (${event.type}) names an object this server does not know: ignored`);
        await store.paymentEvents.markApplied(event.id, now());
        return 'ignored';
      }
      // Not applied: forget the claim so the provider's retry (or a re-check) applies it.
      await store.paymentEvents.release(event.id);
      throw error;
    }
  };

  async function apply(type: string, object: NonNullable<ProviderEvent['object']>): Promise<void> {
    switch (object.object) {
      case 'payment_intent':
        return sync.syncPaymentIntent(await provider.retrievePaymentIntent(object.id));
      case 'setup_intent':
        return sync.syncSetupIntent(await provider.retrieveSetupIntent(object.id));
      case 'subscription':
        return void (await recordSubscription(deps.store, await provider.retrieveSubscription(object.id), now()));
      case 'dispute':
        return applyDispute(deps, await provider.retrieveDispute(object.id));
      case 'account':
        return applyAccountEvent(deps, object);
      case 'transfer':
        return applyTransferEvent(deps, type, object);
    }
  }
}
