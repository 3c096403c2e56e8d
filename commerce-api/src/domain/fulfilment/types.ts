// What fulfilment needs and what it offers. A leaf module: the use cases that hand a payment on to
// fulfilment (listing-fees.ts) import these types without importing fulfilment itself, so no circle.
import type { PaymentStatusResponse } from '#contracts/payments.ts';
import type { Mailer } from '../../mail/messages.ts';
import type {
  PaymentIntentSnapshot,
  PaymentProvider,
  ProviderEvent,
  SetupIntentSnapshot,
} from '../../payments/provider.ts';
import type { Store } from '../store/index.ts';
import type { Log } from '../../logging/log.ts';

export interface FulfilmentDeps {
  /** the app's async repositories (the same instance as AppDeps.store) */
  store: Store;
  provider: PaymentProvider;
  mailer: Mailer;
  now: () => Date;
  log: Log;
  siteUrl: string;
  /** PLATFORM_FEE_PERCENT and PAYOUT_HOLD_DAYS (fulfilment applies Connect events to payouts) */
  feePercent: number;
  holdDays: number;
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
  refresh(
    intentId: string,
    authorize?: (object: PaymentIntentSnapshot | SetupIntentSnapshot) => void,
  ): Promise<PaymentStatusResponse>;
}
