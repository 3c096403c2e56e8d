// Stripe Elements' card element with a Stripe publishable key (loaded only when the key is Stripe's:
// the local test mode ships none of this). Stripe.js comes from js.stripe.com; when it cannot load
// (offline, blocked) or takes too long, onSystemError fires: the page shows "Payment System Error"
// instead of waiting forever.
import { useEffect, useState, type MutableRefObject } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CARD_ELEMENT_NOT_FOUND, type CardDriver, type ConfirmResult } from '../../lib/payment/card-driver.ts';
import './card-form.css';
import './StripeCardFields.css';

interface Props {
  publicKey: string;
  driverRef: MutableRefObject<CardDriver | null>;
  onSystemError: () => void;
  disabled?: boolean;
}

const LOAD_TIMEOUT_MS = 15_000;
const loads = new Map<string, Promise<Stripe | null>>();

function loadOnce(publicKey: string): Promise<Stripe | null> {
  let promise = loads.get(publicKey);
  if (!promise) {
    promise = Promise.race([
      loadStripe(publicKey),
      new Promise<null>((_, reject) =>
        setTimeout(() => reject(new Error('Stripe.js did not load in time')), LOAD_TIMEOUT_MS),
      ),
    ]);
    // A failed load may be retried on the next visit of the form.
    promise.catch(() => loads.delete(publicKey));
    loads.set(publicKey, promise);
  }
  return promise;
}

export default function StripeCardFields({ publicKey, driverRef, onSystemError, disabled }: Props) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  useEffect(() => {
    let live = true;
    loadOnce(publicKey).then(
      (loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else onSystemError();
      },
      () => live && onSystemError(),
    );
    return () => {
      live = false;
    };
  }, [publicKey, onSystemError]);

  if (!stripe) {
    return (
      <p aria-busy="true" className="card-loading">
        Loading the secure card form…
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <ElementsCard driverRef={driverRef} disabled={disabled} />
    </Elements>
  );
}

function failure(error: StripeError): ConfirmResult & { ok: false } {
  const kind = error.type === 'card_error' || error.type === 'validation_error' ? 'card' : 'system';
  return { ok: false, message: error.message ?? 'Your payment could not be processed', code: error.code, kind };
}

function ElementsCard({ driverRef, disabled }: { driverRef: Props['driverRef']; disabled?: boolean }) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) return;
    const card = () => elements.getElement(CardElement);
    const billingDetails = (billing?: { name?: string; email?: string }) => ({
      ...(billing?.name ? { name: billing.name } : {}),
      ...(billing?.email ? { email: billing.email } : {}),
    });
    const ok = (intent: { id: string; status: string }): ConfirmResult =>
      intent.status === 'succeeded' || intent.status === 'requires_capture' || intent.status === 'processing'
        ? { ok: true, intentId: intent.id, status: intent.status }
        : { ok: false, message: 'Your payment could not be processed', kind: 'card' };

    const driver: CardDriver = {
      provider: 'stripe',
      async createPaymentMethod(billing) {
        const element = card();
        if (!element) return { ok: false, message: CARD_ELEMENT_NOT_FOUND, kind: 'system' };
        const result = await stripe.createPaymentMethod({
          type: 'card',
          card: element,
          billing_details: billingDetails(billing),
        });
        return result.error ? failure(result.error) : { ok: true, paymentMethodId: result.paymentMethod.id };
      },
      async confirm(clientSecret, billing) {
        const element = card();
        if (!element) return { ok: false, message: CARD_ELEMENT_NOT_FOUND, kind: 'system' };
        const paymentMethod = { card: element, billing_details: billingDetails(billing) };
        if (clientSecret.startsWith('seti_')) {
          const result = await stripe.confirmCardSetup(clientSecret, { payment_method: paymentMethod });
          return result.error ? failure(result.error) : ok(result.setupIntent);
        }
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethod });
        return result.error ? failure(result.error) : ok(result.paymentIntent);
      },
      async authenticate(clientSecret) {
        const result = await stripe.handleNextAction({ clientSecret });
        if (result.error) return failure(result.error);
        const intent =
          'setupIntent' in result && result.setupIntent
            ? result.setupIntent
            : 'paymentIntent' in result
              ? result.paymentIntent
              : undefined;
        return intent ? ok(intent) : { ok: false, message: 'Your payment could not be processed', kind: 'system' };
      },
    };
    driverRef.current = driver;
    return () => {
      if (driverRef.current === driver) driverRef.current = null;
    };
  }, [stripe, elements, driverRef]);

  return (
    <div className="stripe-card">
      <CardElement options={{ disabled, hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
    </div>
  );
}
