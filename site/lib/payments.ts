// What every payment page needs: the public key (which card form to show, and whether it is test mode),
// a visit id for the server's idempotency key, and the re-check of a payment after confirming it, which
// makes the server fulfil even when a provider event is late or lost.
import useSWR from 'swr';
import { LOCAL_PUBLIC_KEY, type PaymentStatusResponse, type PublicKeyResponse } from '#contracts/payments.ts';
import { getJson, postJson } from './api-client.ts';
import { SWR_OPTIONS } from './swr.ts';

/** docs/product.md §7: "on failure a built-in test key is used" */
const BUILT_IN_KEY: PublicKeyResponse = { publicKey: LOCAL_PUBLIC_KEY, isLive: false };

async function fetchKey(): Promise<PublicKeyResponse> {
  try {
    return await getJson<PublicKeyResponse>('/api/stripe-public-key');
  } catch {
    return BUILT_IN_KEY;
  }
}

export function usePaymentKey(): PublicKeyResponse | undefined {
  return useSWR<PublicKeyResponse>('/api/stripe-public-key', fetchKey, SWR_OPTIONS).data;
}

/** one per page visit: the server makes one intent per visit with it */
export function newVisitId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `v${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** asks the server to re-check a payment; waits a little while it is still being confirmed */
export async function checkPayment(
  intentId: string,
  clientSecret?: string,
  attempts = 5,
): Promise<PaymentStatusResponse> {
  let status = await postJson<PaymentStatusResponse>(
    `/api/payments/${encodeURIComponent(intentId)}/refresh`,
    clientSecret ? { clientSecret } : {},
  );
  for (let i = 1; i < attempts && status.outcome === 'processing'; i++) {
    await pause(1000);
    status = await postJson<PaymentStatusResponse>(
      `/api/payments/${encodeURIComponent(intentId)}/refresh`,
      clientSecret ? { clientSecret } : {},
    );
  }
  return status;
}

/** the intent id inside a client secret (pi_123_secret_abc → pi_123) */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? clientSecret;
}
