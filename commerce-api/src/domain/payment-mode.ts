// Payment mode (docs/product.md §6 Admin, §10): the server owns the test/live switch; the public key
// endpoint reports it; secrets never reach the browser. Live mode needs live keys in the configuration.
import {
  LOCAL_PUBLIC_KEY,
  type MessageResponse,
  type PaymentModeResponse,
  type PublicKeyResponse,
} from '#contracts/payments.ts';
import type { Config } from '../config.ts';
import { ConflictError } from '../errors.ts';
import type { Repositories } from './store/index.ts';

export const LIVE_KEYS_MISSING_MESSAGE =
  'Live payments cannot be enabled: no live Stripe keys are configured. Set STRIPE_LIVE_SECRET_KEY and STRIPE_LIVE_PUBLISHABLE_KEY on the server, restart it, then try again.';

export function publicKeyFor(config: Config, mode: 'test' | 'live'): PublicKeyResponse {
  if (mode === 'live' && config.stripe.live.publishableKey)
    return { publicKey: config.stripe.live.publishableKey, isLive: true };
  return {
    publicKey: config.paymentProvider === 'stripe' ? config.stripe.test.publishableKey : LOCAL_PUBLIC_KEY,
    isLive: false,
  };
}

export function liveKeysConfigured(config: Config): boolean {
  return Boolean(config.stripe.live.secretKey && config.stripe.live.publishableKey);
}

export async function paymentModeView(config: Config, store: Repositories): Promise<PaymentModeResponse> {
  const mode = (await store.settings.get()).paymentMode;
  const { publicKey, isLive } = publicKeyFor(config, mode);
  return {
    mode,
    isLive,
    publicKey,
    publicKeyPrefix: `${publicKey.slice(0, 12)}…`,
    provider: isLive || config.paymentProvider === 'stripe' ? 'stripe' : 'local',
    liveKeysConfigured: liveKeysConfigured(config),
    webhookConfigured: Boolean(config.stripe.webhookSecret),
  };
}

export async function enableLiveKeys(config: Config, store: Repositories): Promise<MessageResponse> {
  if (!liveKeysConfigured(config)) throw new ConflictError(LIVE_KEYS_MISSING_MESSAGE, 'live_keys_missing');
  await store.settings.set({ paymentMode: 'live' });
  return { message: 'Live payments are enabled: real cards are charged from now on.' };
}

export async function disableLiveKeys(store: Repositories): Promise<MessageResponse> {
  await store.settings.set({ paymentMode: 'test' });
  return { message: 'Test mode is on: no real money is processed.' };
}

/**
 * Whether payments are live now, as the store says (an admin may have switched in another process):
 * what the money life compares a payment's, an account's and an event's mode with (decision 0107).
 */
export async function paymentsAreLive(store: Pick<Repositories, 'settings'>): Promise<boolean> {
  return (await store.settings.get()).paymentMode === 'live';
}
