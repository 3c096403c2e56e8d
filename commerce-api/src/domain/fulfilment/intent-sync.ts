// Applies an intent's current state by what it paid for (metadata.purpose). Idempotent: every change is
// decided from the provider's state against what is stored, so applying the same intent again changes nothing.
import type { PaymentPurpose } from '#contracts/payments.ts';
import type { PaymentIntentSnapshot, SetupIntentSnapshot } from '../../payments/provider.ts';
import { donationThanksMail, recordDonation } from '../donations.ts';
import { listingLiveMail, recordListingFee } from '../listing-fees.ts';
import { recordSetupIntent } from '../subscriptions.ts';
import { sendPaymentMails } from './payment-mail.ts';
import { createPurchaseSync } from './purchase.ts';
import type { FulfilmentDeps } from './types.ts';

export function createIntentSync(deps: FulfilmentDeps) {
  const { store, now } = deps;
  const syncPurchase = createPurchaseSync(deps);

  async function syncPaymentIntent(intent: PaymentIntentSnapshot): Promise<void> {
    switch (intent.metadata['purpose'] as PaymentPurpose | undefined) {
      case 'puppy_purchase':
        return syncPurchase(intent);
      case 'listing_fee': {
        if (intent.status !== 'succeeded' && intent.status !== 'canceled') return;
        const activated = await recordListingFee(store, intent, now());
        const seller = activated ? await store.users.get(activated.payment.userId) : undefined;
        if (activated && seller) await sendPaymentMails(deps, [listingLiveMail(seller, activated.puppy, deps.siteUrl)]);
        return;
      }
      case 'donation': {
        if (intent.status !== 'succeeded' && intent.status !== 'canceled') return;
        const donation = await recordDonation(store, intent);
        if (donation) await sendPaymentMails(deps, [donationThanksMail(donation)]);
        return;
      }
      default:
        return;
    }
  }

  async function syncSetupIntent(setup: SetupIntentSnapshot): Promise<void> {
    if (setup.metadata['purpose'] !== 'subscription_setup' || setup.status !== 'succeeded') return;
    await recordSetupIntent(store, setup, now());
  }

  return { syncPaymentIntent, syncSetupIntent };
}
