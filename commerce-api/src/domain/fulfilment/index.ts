// Fulfilment: what a payment's state means for the marketplace (docs/decisions/0030, 0070). Fed by
// verified Stripe webhooks, by the local provider's events, and by the return pages' re-checks
// (refresh), so a late or lost webhook never strands a paid user. The parts:
// - provider-events.ts: each event applied once, by the provider's current state;
// - intent-sync.ts: an intent applied by its purpose (purchase, listing fee, donation, card setup);
// - purchase.ts: a purchase's capture, release and refund with the provider;
// - payment-status.ts: what a payment came to, in the return pages' words.
import type { PaymentIntentSnapshot, SetupIntentSnapshot } from '../../payments/provider.ts';
import { createIntentSync } from './intent-sync.ts';
import { paymentStatus, setupStatus } from './payment-status.ts';
import { createEventHandler } from './provider-events.ts';
import type { Fulfilment, FulfilmentDeps } from './types.ts';

export type { Fulfilment, FulfilmentDeps } from './types.ts';

export function createFulfilment(deps: FulfilmentDeps): Fulfilment {
  const { store, provider } = deps;
  const sync = createIntentSync(deps);
  const handleEvent = createEventHandler(deps, sync);

  async function refresh(intentId: string, authorize?: (object: PaymentIntentSnapshot | SetupIntentSnapshot) => void) {
    if (intentId.startsWith('seti_')) {
      const setup = await provider.retrieveSetupIntent(intentId);
      authorize?.(setup);
      await sync.syncSetupIntent(setup);
      return setupStatus(setup);
    }
    let intent = await provider.retrievePaymentIntent(intentId);
    authorize?.(intent);
    await sync.syncPaymentIntent(intent);
    // A capture may have followed the authorisation just applied: report the intent as it is now.
    if (intent.status === 'requires_capture') intent = await provider.retrievePaymentIntent(intentId);
    return paymentStatus(store, intent, deps.now());
  }

  return { handleEvent, ...sync, refresh };
}
