// /checkout/{puppyId} (docs/product.md §2 Checkout, §10 Checkout, §8): the puppy with the care package, one payment
// intent per visit (amount decided by the server), the card form with the total on its button and the
// test-card hints. After the card is accepted the server is asked to re-check the payment (it records
// the order and reserves the puppy, also when the provider's webhook is late), then the success page
// opens after 2 s. A puppy someone else bought first is never charged, and the buyer is told.
// The page's frame and h1 are in its HTML (pages/checkout/[puppyId].astro); this island fills them.
import { useEffect, useRef, useState } from 'react';
import type { UserView } from '#contracts/auth.ts';
import type { CheckoutIntentResponse, PaymentStatusResponse } from '#contracts/payments.ts';
import { CARE_PACKAGE_CENTS } from '#contracts/plans.ts';
import type { PuppyView } from '#contracts/puppies.ts';
import { PuppyImage } from '../react/PuppyImage.tsx';
import {
  AUTH_REDIRECT_MS,
  goToLogin,
  LeaveForPuppies,
  PaymentPageGate,
  usePuppyIdFromPath,
} from '../react/payment/PaymentPageGate.tsx';
import { TestCardHints } from '../react/payment/TestCardHints.tsx';
import { ApiError, postJson } from '../lib/api-client.ts';
import { formatAge, formatCents } from '../lib/format.ts';
import { checkPayment, newVisitId, usePaymentKey } from '../lib/payments.ts';
import { useApi } from '../lib/swr.ts';
import { toast } from '../lib/toast.ts';
import PaymentForm, { type CardDriver } from './PaymentForm.tsx';
import '../styles/panel.css';
import '../react/payment/PaymentPage.css';
import '../react/payment/price-lines.css';
import '../react/payment/card-form.css';

const REDIRECT_MS = 2000;

// the page's HTML without JavaScript (decision 0125): the card form runs in the browser, so say so plainly
const NO_SCRIPT = (
  <>
    <p>
      <strong>The card form needs JavaScript.</strong> It is turned off in this browser, so this page cannot take a
      payment. Turn JavaScript on and reload the page to pay.
    </p>
    <p>
      Nothing has been charged. A question about paying? <a href="/contact">Write to us</a>.
    </p>
  </>
);

export default function Checkout() {
  const puppyId = usePuppyIdFromPath();

  return (
    <PaymentPageGate description="Please log in to buy a puppy." noscript={NO_SCRIPT}>
      {(user) =>
        puppyId ? (
          <CheckoutFor puppyId={puppyId} user={user} />
        ) : puppyId === null ? (
          <LeaveForPuppies />
        ) : (
          <p aria-busy="true">Loading…</p>
        )
      }
    </PaymentPageGate>
  );
}

type View =
  | { kind: 'paying' }
  | { kind: 'paid'; intentId: string }
  | { kind: 'sold'; message: string }
  | { kind: 'leaving'; message: string };

function CheckoutFor({ puppyId, user }: { puppyId: string; user: UserView }) {
  const { data: puppy, error } = useApi<PuppyView>(`/api/puppies/${puppyId}`);
  const key = usePaymentKey();
  const [intent, setIntent] = useState<CheckoutIntentResponse | null>(null);
  const [view, setView] = useState<View>({ kind: 'paying' });
  const visitId = useRef(newVisitId());
  const requested = useRef(false);

  const leave = (title: string, description: string) => {
    toast({ title, description, variant: 'destructive' });
    setView({ kind: 'leaving', message: description });
    setTimeout(() => window.location.assign('/puppies'), REDIRECT_MS);
  };

  useEffect(() => {
    if (error)
      leave(
        'Error',
        error instanceof ApiError && error.status === 404
          ? 'This puppy could not be found. It may have been adopted or removed.'
          : error instanceof Error
            ? error.message
            : 'Failed to fetch puppy details',
      );
  }, [error]);

  // One payment intent per visit: the server's idempotency key includes this visit's id.
  useEffect(() => {
    if (!puppy || requested.current) return;
    requested.current = true;
    postJson<CheckoutIntentResponse>('/api/create-payment-intent', {
      puppyId: puppy.id,
      puppyName: puppy.name,
      visitId: visitId.current,
    }).then(setIntent, (failure: unknown) => {
      if (failure instanceof ApiError && failure.status === 401) {
        toast({
          title: 'Authentication Required',
          description: 'Please log in to buy a puppy.',
          variant: 'destructive',
        });
        setTimeout(goToLogin, AUTH_REDIRECT_MS);
        return;
      }
      leave('Error', failure instanceof Error ? failure.message : 'Something went wrong. Please try again.');
    });
  }, [puppy]);

  if (view.kind === 'leaving') return <p role="status">{view.message} Taking you back to the puppies…</p>;
  if (!puppy) return <p aria-busy="true">Loading puppy…</p>;

  const totalCents = intent?.amountCents ?? puppy.price * 100 + CARE_PACKAGE_CENTS;

  const pay = async (card: CardDriver) => {
    if (!intent) return;
    const result = await card.confirm(intent.clientSecret, { name: user.username, email: user.email });
    if (!result.ok) {
      toast({
        title: 'Payment Failed',
        description: result.message || 'There was an issue processing your payment.',
        variant: 'destructive',
      });
      return { error: result.message };
    }
    // The server records the order and reserves the puppy; this asks it not to wait for the provider's event.
    let status: PaymentStatusResponse | null = null;
    try {
      status = await checkPayment(intent.intentId);
    } catch {
      toast({
        title: 'Payment received',
        description:
          'Your payment went through, but there was an issue confirming the reservation. We will email you as soon as it is confirmed.',
      });
    }
    if (status?.outcome === 'sold_out') {
      toast({ title: 'Puppy No Longer Available', description: status.message, variant: 'destructive' });
      setView({ kind: 'sold', message: status.message });
      return;
    }
    if (status?.outcome === 'failed' || status?.outcome === 'canceled') {
      toast({ title: 'Payment Failed', description: status.message, variant: 'destructive' });
      return { error: status.message };
    }
    toast({ title: 'Payment Successful!', description: `${puppy.name} is reserved for you.`, variant: 'success' });
    setView({ kind: 'paid', intentId: intent.intentId });
    setTimeout(
      () =>
        window.location.assign(
          `/checkout-success?puppyId=${puppy.id}&payment_intent=${encodeURIComponent(intent.intentId)}`,
        ),
      REDIRECT_MS,
    );
  };

  return (
    <div className="checkout-layout">
      <section className="panel order-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">Order Summary</h2>
        <PuppyImage
          src={puppy.imageUrl}
          alt={`${puppy.name}, a ${puppy.breed?.name ?? ''} puppy`}
          sizes="(max-width: 768px) 100vw, 480px"
          eager
        />
        <p className="summary-name">
          <strong>{puppy.name}</strong>
          <span>
            {puppy.breed?.name} · {puppy.gender} · {formatAge(puppy.age)}
          </span>
          <span>{puppy.location}</span>
        </p>
        <dl className="price-lines">
          <dt>Puppy price</dt>
          <dd>{formatCents(puppy.price * 100)}</dd>
          <dt>Care package</dt>
          <dd>{formatCents(CARE_PACKAGE_CENTS)}</dd>
          <dt className="total">Total</dt>
          <dd className="total">{formatCents(totalCents)}</dd>
        </dl>
        <p className="care-package-note">
          The $49.99 care package is PuppyNest's part of the payment, which we hold until the puppy is handed over.{' '}
          <a href="/trust#care-package">About the care package</a>
        </p>
      </section>

      <section className="panel payment-section" aria-labelledby="payment-title">
        <h2 id="payment-title">Payment Details</h2>
        {view.kind === 'paid' ? (
          <div role="status" className="payment-success">
            <h3>Payment Successful!</h3>
            <p>{puppy.name} is reserved for you. Taking you to your order confirmation…</p>
          </div>
        ) : view.kind === 'sold' ? (
          <div role="alert" className="payment-sold-out">
            <h3>This puppy was just reserved by another family</h3>
            <p>{view.message}</p>
            <a className="btn" href="/puppies">
              Browse other puppies
            </a>
          </div>
        ) : !intent ? (
          <p aria-busy="true" className="card-loading">
            Setting up payment...
          </p>
        ) : (
          <PaymentForm label="Pay for your puppy" submitLabel={`Pay ${formatCents(totalCents)}`} onSubmit={pay} />
        )}
        {key && !key.isLive && view.kind === 'paying' && <TestCardHints />}
      </section>
    </div>
  );
}
