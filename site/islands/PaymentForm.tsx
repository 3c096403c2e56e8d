/**
 * PaymentForm: the card form of every payment page (checkout, listing fee, donation, seller plans).
 * Stable interface, shared with the seller-onboarding payment tab:
 *
 *   <PaymentForm
 *     label="Card payment"                 // accessible name of the <form>
 *     submitLabel="Start 7-Day Free Trial" // the button
 *     busyLabel="Setting up your trial..."  // the button while onSubmit runs (default "Processing...")
 *     onSubmit={async (card) => {           // card: CardDriver (site/lib/payment/card-driver.ts)
 *       const pm = await card.createPaymentMethod({ name, email });
 *       if (!pm.ok) return { error: pm.message };          // shown inline under the card
 *       const res = await postJson<SubscriptionResponse>('/api/create-subscription',
 *         { paymentMethodId: pm.paymentMethodId, priceId, email });
 *       if (res.requiresAction && res.clientSecret) {
 *         const done = await card.authenticate(res.clientSecret);
 *         if (!done.ok) return { error: done.message };
 *       }
 *     }}
 *   >
 *     {optional fields shown above the card}
 *   </PaymentForm>
 *
 * Checkout-style pages call `card.confirm(clientSecret, billing)` instead, which confirms a PaymentIntent
 * (pi_…) or SetupIntent (seti_…) and runs the card's authentication step. Results are
 * `{ ok: true, intentId, status }` or `{ ok: false, message, kind: 'card' | 'system' }` for both providers.
 *
 * The key from GET /api/stripe-public-key picks the card fields: Stripe Elements for a pk_test_/pk_live_
 * key, the local test-mode form (fields "Card number", "Expiration date (MM / YY)", "CVC", "ZIP") for a
 * pk_local_ key. Outside live mode a "Test mode" badge shows. If Stripe.js cannot load, the form is
 * replaced by "Payment System Error" with a link (systemErrorHref, default /puppies); submitting before the
 * card form is ready toasts 'Payment System Error' / 'The payment system is not fully loaded. Please try
 * again in a moment.'
 */
import { lazy, Suspense, useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isStripePublicKey } from '#contracts/payments.ts';
import type { CardDriver } from '../lib/payment/card-driver.ts';
import { LocalCardFields } from '../react/payment/LocalCardFields.tsx';
import { usePaymentKey } from '../lib/payments.ts';
import { toast } from '../lib/toast.ts';
import '../react/payment/card-form.css';

export type { Billing, CardDriver, ConfirmResult, PaymentMethodResult } from '../lib/payment/card-driver.ts';

const StripeCardFields = lazy(() => import('../react/payment/StripeCardFields.tsx'));

export const NOT_LOADED_MESSAGE = 'The payment system is not fully loaded. Please try again in a moment.';

export interface PaymentFormProps {
  submitLabel: string;
  busyLabel?: string;
  onSubmit: (card: CardDriver) => Promise<void | { error?: string }>;
  children?: ReactNode;
  label?: string;
  disabled?: boolean;
  /** where the "Payment System Error" screen sends the visitor */
  systemErrorHref?: string;
  systemErrorLinkText?: string;
  /** change it to clear the card fields (e.g. after a donation) */
  resetKey?: string | number;
}

export default function PaymentForm({
  submitLabel,
  busyLabel = 'Processing...',
  onSubmit,
  children,
  label = 'Card payment',
  disabled = false,
  systemErrorHref = '/puppies',
  systemErrorLinkText = 'Browse Puppies',
  resetKey,
}: PaymentFormProps) {
  const key = usePaymentKey();
  const driver = useRef<CardDriver | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [systemError, setSystemError] = useState(false);
  const errorId = useId();
  const onSystemError = useCallback(() => setSystemError(true), []);

  if (systemError) {
    return (
      <div role="alert" className="payment-system-error">
        <h2>Payment System Error</h2>
        <p>The payment system could not be loaded. Please check your connection and try again.</p>
        <a className="btn" href={systemErrorHref}>
          {systemErrorLinkText}
        </a>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || disabled) return;
    const card = driver.current;
    if (!card) {
      toast({ title: 'Payment System Error', description: NOT_LOADED_MESSAGE, variant: 'destructive' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await onSubmit(card);
      if (result?.error) setError(result.error);
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : 'Something went wrong with the payment system');
    } finally {
      setBusy(false);
    }
  };

  const stripe = key !== undefined && isStripePublicKey(key.publicKey);
  return (
    <form method="post" className="payment-form" aria-label={label} onSubmit={submit} noValidate aria-busy={busy}>
      {children}
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend>Card details {key && !key.isLive && <span className="test-mode-badge">Test mode</span>}</legend>
        {!key ? (
          <p aria-busy="true" className="card-loading">
            Loading the payment form…
          </p>
        ) : stripe ? (
          <Suspense
            fallback={
              <p aria-busy="true" className="card-loading">
                Loading the secure card form…
              </p>
            }
          >
            <StripeCardFields
              key={resetKey}
              publicKey={key.publicKey}
              driverRef={driver}
              onSystemError={onSystemError}
              disabled={busy}
            />
          </Suspense>
        ) : (
          <LocalCardFields key={resetKey} driverRef={driver} disabled={busy} />
        )}
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="field-error payment-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || disabled || !key} aria-busy={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
