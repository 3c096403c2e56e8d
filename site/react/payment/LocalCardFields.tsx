// The local test-mode card form (docs/decisions/0034): the fields Stripe's card element has, labelled "Card
// number", "Expiration date (MM / YY)", "CVC" and "ZIP"; the API's local provider plays Stripe.js's part
// (payment methods, confirmation) and Stripe's test cards decide the outcome. A card that asks for
// authentication (4000 0025 0000 3155) opens the approve/fail step Stripe's 3D Secure test page has.
import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import type { LocalIntentView, LocalPaymentMethodView } from '#contracts/payments.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import type { Billing, CardDriver, ConfirmResult, PaymentMethodResult } from '../../lib/payment/card-driver.ts';
import { Field } from '../Field.tsx';
import './card-form.css';
import './LocalCardFields.css';

interface Props {
  driverRef: MutableRefObject<CardDriver | null>;
  disabled?: boolean;
}

/** 4242424242424242 → "4242 4242 4242 4242" (Amex: 4-6-5) */
function formatNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "1234" → "12 / 34" */
function formatExpiry(raw: string, previous: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (raw.length < previous.length && previous.endsWith(' / ') && digits.length === 2) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length >= 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits;
}

const failure = (error: unknown): ConfirmResult & PaymentMethodResult & { ok: false } => {
  if (error instanceof ApiError) {
    return {
      ok: false,
      message: error.message,
      code: error.code,
      kind: error.status === 402 || error.status === 400 ? 'card' : 'system',
    };
  }
  return { ok: false, message: 'Something went wrong with the payment system', kind: 'system' };
};

function resultOf(view: LocalIntentView): ConfirmResult {
  if (view.lastError) return { ok: false, message: view.lastError.message, code: view.lastError.code, kind: 'card' };
  if (view.status === 'succeeded' || view.status === 'requires_capture' || view.status === 'processing')
    return { ok: true, intentId: view.id, status: view.status };
  if (view.status === 'requires_action')
    return { ok: false, message: 'The payment was not authenticated. Please try again.', kind: 'card' };
  return { ok: false, message: 'Your payment could not be processed', kind: 'card' };
}

export function LocalCardFields({ driverRef, disabled = false }: Props) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [zip, setZip] = useState('');
  const fields = useRef({ number, expiry, cvc, zip });
  fields.current = { number, expiry, cvc, zip };

  const dialog = useRef<HTMLDialogElement>(null);
  const [challenge, setChallenge] = useState<{ amountCents: number | null } | null>(null);
  const answer = useRef<((approve: boolean) => void) | null>(null);

  useEffect(() => {
    if (challenge && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [challenge]);

  const decide = (approve: boolean) => {
    dialog.current?.close();
    setChallenge(null);
    answer.current?.(approve);
    answer.current = null;
  };

  useEffect(() => {
    const askApproval = (amountCents: number | null) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setChallenge({ amountCents });
      });

    async function authenticateView(clientSecret: string, view: LocalIntentView): Promise<LocalIntentView> {
      const approve = await askApproval(view.amountCents);
      return postJson<LocalIntentView>('/api/local-payments/authenticate', { clientSecret, approve });
    }

    const driver: CardDriver = {
      provider: 'local',
      async createPaymentMethod(billing?: Billing): Promise<PaymentMethodResult> {
        const { number, expiry, cvc, zip } = fields.current;
        try {
          const method = await postJson<LocalPaymentMethodView>('/api/local-payments/payment-methods', {
            number,
            exp: expiry,
            cvc,
            zip,
            name: billing?.name,
            email: billing?.email,
          });
          return { ok: true, paymentMethodId: method.id };
        } catch (error) {
          return failure(error);
        }
      },
      async confirm(clientSecret, billing) {
        const method = await driver.createPaymentMethod(billing);
        if (!method.ok) return method;
        try {
          let view = await postJson<LocalIntentView>('/api/local-payments/confirm', {
            clientSecret,
            paymentMethodId: method.paymentMethodId,
          });
          if (view.nextAction === 'authenticate') view = await authenticateView(clientSecret, view);
          return resultOf(view);
        } catch (error) {
          return failure(error);
        }
      },
      async authenticate(clientSecret) {
        try {
          return resultOf(
            await authenticateView(clientSecret, {
              id: '',
              object: 'setup_intent',
              status: 'requires_action',
              amountCents: null,
              nextAction: 'authenticate',
              lastError: null,
            }),
          );
        } catch (error) {
          return failure(error);
        }
      },
    };
    driverRef.current = driver;
    return () => {
      if (driverRef.current === driver) driverRef.current = null;
    };
  }, [driverRef]);

  return (
    <div className="local-card">
      <Field label="Card number" id={`${id}-number`} noMessage>
        {(control) => (
          <input
            {...control}
            name="cardnumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            disabled={disabled}
            onChange={(e) => setNumber(formatNumber(e.target.value))}
            required
          />
        )}
      </Field>
      <div className="local-card-row">
        <Field label="Expiration date (MM / YY)" id={`${id}-exp`} noMessage>
          {(control) => (
            <input
              {...control}
              name="exp-date"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={expiry}
              disabled={disabled}
              onChange={(e) => setExpiry(formatExpiry(e.target.value, expiry))}
              required
            />
          )}
        </Field>
        <Field label="CVC" id={`${id}-cvc`} noMessage>
          {(control) => (
            <input
              {...control}
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              maxLength={4}
              value={cvc}
              disabled={disabled}
              onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
              required
            />
          )}
        </Field>
        <Field label="ZIP" id={`${id}-zip`} noMessage>
          {(control) => (
            <input
              {...control}
              name="postal"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="12345"
              maxLength={10}
              value={zip}
              disabled={disabled}
              onChange={(e) => setZip(e.target.value.replace(/[^\d-]/g, ''))}
              required
            />
          )}
        </Field>
      </div>

      <dialog
        ref={dialog}
        className="auth-challenge"
        aria-labelledby={`${id}-challenge`}
        onCancel={(e) => {
          e.preventDefault();
          decide(false);
        }}
      >
        {challenge && (
          <article>
            <h2 id={`${id}-challenge`}>Authentication required</h2>
            <p>
              Your bank asks you to confirm{' '}
              {challenge.amountCents !== null ? `this payment of ${formatCents(challenge.amountCents)}` : 'this card'}.
            </p>
            <p>
              <span className="test-mode-badge">Test mode</span> This stands in for your bank's 3D Secure screen: choose
              what the bank answers.
            </p>
            <div className="auth-challenge-actions">
              <button type="button" className="secondary outline" onClick={() => decide(false)}>
                Fail authentication
              </button>
              <button type="button" onClick={() => decide(true)} autoFocus>
                Complete authentication
              </button>
            </div>
          </article>
        )}
      </dialog>
    </div>
  );
}
