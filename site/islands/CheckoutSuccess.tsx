// /checkout-success?puppyId=…[&payment_intent=…] (docs/product.md §2 Checkout success, §8, §10; docs/decisions/0055). The page
// shows "Payment Successful!" only for an order of the signed-in buyer that the server holds: paid (or
// handed over), or authorised and being captured, which says so and checks again until it settles. The
// reference and date are the server's (docs/decisions/0055), so a reload shows the same order. With a
// payment in the address, the server first re-checks it with the provider (a lost webhook never leaves a
// paid buyer waiting); without one, the buyer's orders for this puppy are asked. No such order: a page
// saying that no payment was found, with links to the puppy and to My Orders.
import { useEffect, useState } from 'react';
import type { UserView } from '#contracts/auth.ts';
import type { MyOrdersResponse, OrderView } from '#contracts/orders.ts';
import type { PaymentOutcome } from '#contracts/payments.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PuppyImage } from '../react/PuppyImage.tsx';
import { formatOrderDate } from '../react/orders/OrderStatus.tsx';
import { ApiError, getJson } from '../lib/api-client.ts';
import { formatCents } from '../lib/format.ts';
import { checkPayment } from '../lib/payments.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';
import '../styles/panel.css';
import '../react/payment/PaymentPage.css';
import '../react/payment/price-lines.css';
import './CheckoutSuccess.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

const REDIRECT_MS = 2000;
/** how often a payment still being captured is checked again */
const RECHECK_MS = 2000;

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; order: OrderView }
  | { kind: 'no-payment' }
  | { kind: 'not-paid'; message: string }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string };

const SHOWN: ReadonlyArray<OrderView['status']> = ['paid', 'handed_over', 'pending'];
/** a payment that was tried and did not end in an order: the buyer is told what happened */
const NOT_PAID: ReadonlyArray<PaymentOutcome> = ['sold_out', 'failed', 'canceled', 'requires_action'];

/** until the server says what the payment came to: also the page's HTML and h1 before any script (ProtectedRoute) */
const CONFIRMING = (
  <article className="payment-page">
    <h1>Confirming your order…</h1>
    <PageSpinner
      label="Checking your payment…"
      visible
      noscript={
        <p>
          This page needs JavaScript to check your payment, and it is turned off in this browser. Turn it on and reload
          the page, or open <a href="/my-orders">My Orders</a>: your order shows there once it is paid.
        </p>
      }
    />
  </article>
);

export default function CheckoutSuccess() {
  const [params, setParams] = useState<{ puppyId: string; intentId: string | null } | null>(null);
  useEffect(() => {
    const search = new URLSearchParams(window.location.search);
    const puppyId = search.get('puppyId');
    if (!puppyId || !/^\d{1,9}$/.test(puppyId)) {
      toastAcrossNavigation({
        title: 'Missing Information',
        description: 'We could not tell which puppy this order is for.',
        variant: 'destructive',
      });
      window.location.replace('/puppies');
      return;
    }
    setParams({ puppyId, intentId: search.get('payment_intent') });
  }, []);

  return (
    <ProtectedRoute pending={CONFIRMING}>
      {(user) => (params ? <Success puppyId={params.puppyId} intentId={params.intentId} user={user} /> : CONFIRMING)}
    </ProtectedRoute>
  );
}

/** the server's answer for this visit: the order it holds for this buyer, or why there is none */
async function loadOrder(puppyId: string, intentId: string | null): Promise<State> {
  if (intentId) {
    try {
      const status = await checkPayment(intentId);
      if (status.order && SHOWN.includes(status.order.status)) return { kind: 'ready', order: status.order };
      if (NOT_PAID.includes(status.outcome)) return { kind: 'not-paid', message: status.message };
    } catch (error) {
      // Not this buyer's payment (404), or the provider could not be asked: go by the orders the server holds.
      if (!(error instanceof ApiError)) throw error;
    }
  }
  const mine = await getJson<MyOrdersResponse>(`/api/my-orders?puppyId=${puppyId}`);
  const order = SHOWN.map((status) => mine.orders.find((o) => o.status === status)).find((o) => o !== undefined);
  return order ? { kind: 'ready', order } : { kind: 'no-payment' };
}

function Success({ puppyId, intentId, user }: { puppyId: string; intentId: string | null; user: UserView }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    loadOrder(puppyId, intentId)
      .then((next) => {
        if (live) setState(next.kind === 'ready' && !next.order.puppy ? { kind: 'not-found' } : next);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message = error instanceof Error && error.message ? error.message : 'Failed to fetch puppy details';
        toast({ title: 'Error', description: message, variant: 'destructive' });
        setState({ kind: 'failed', message });
        setTimeout(() => window.location.assign('/puppies'), REDIRECT_MS);
      });
    return () => {
      live = false;
    };
  }, [puppyId, intentId, round]);

  // A payment still being captured updates itself: ask again until the server says paid or not.
  const pending = state.kind === 'ready' && state.order.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setRound((n) => n + 1), RECHECK_MS);
    return () => clearTimeout(timer);
  }, [pending, round]);

  const links = (
    <p className="success-links">
      <a className="btn" href={`/puppies/${puppyId}`}>
        View the Puppy
      </a>
      <a className="btn outline" href="/my-orders">
        My Orders
      </a>
    </p>
  );

  switch (state.kind) {
    case 'loading':
      return CONFIRMING;
    case 'not-found':
      return (
        <article className="payment-page">
          <h1>Could not find puppy details.</h1>
          <a className="btn" href="/puppies">
            Return to Puppies
          </a>
        </article>
      );
    case 'failed':
      return (
        <article className="payment-page">
          <h1>Something went wrong</h1>
          <p role="status">{state.message} Taking you back to the puppies…</p>
        </article>
      );
    case 'no-payment':
      return (
        <article className="payment-page">
          <h1>No Payment Found</h1>
          <p>
            We found no payment of yours for this puppy, so there is no order to show. If you have just paid, your order
            appears under My Orders as soon as the payment is confirmed.
          </p>
          {links}
        </article>
      );
    case 'not-paid':
      return (
        <article className="payment-page">
          <h1>Payment Not Completed</h1>
          <p role="alert">{state.message}</p>
          {links}
        </article>
      );
    case 'ready':
      return <OrderConfirmation order={state.order} user={user} />;
  }
}

function OrderConfirmation({ order, user }: { order: OrderView; user: UserView }) {
  const puppy = order.puppy!;
  return (
    <article className="payment-page checkout-success">
      <h1>Payment Successful!</h1>
      <p className="lead">Thank you for your purchase! {puppy.name} is now reserved for you.</p>
      {order.status === 'pending' && (
        <p role="status" aria-busy="true">
          Your payment is still being confirmed. This page updates by itself, and your confirmation email follows in a
          moment.
        </p>
      )}

      <section className="panel order-details" aria-labelledby="order-title">
        <h2 id="order-title">Order Details</h2>
        <div className="checkout-layout">
          <PuppyImage
            src={puppy.imageUrl}
            alt={`${puppy.name}${puppy.breed ? `, a ${puppy.breed} puppy` : ''}`}
            sizes="(max-width: 768px) 100vw, 480px"
            eager
          />
          <dl className="price-lines">
            <dt>Order reference</dt>
            <dd>
              <strong>{order.reference}</strong>
            </dd>
            <dt>Date</dt>
            <dd>{formatOrderDate(order.paidAt ?? order.createdAt)}</dd>
            <dt>Puppy</dt>
            <dd>{puppy.name}</dd>
            <dt>Gender</dt>
            <dd>{puppy.gender}</dd>
            <dt>Age</dt>
            <dd>
              {puppy.age} {puppy.age === 1 ? 'week' : 'weeks'}
            </dd>
            <dt>Location</dt>
            <dd>{puppy.location}</dd>
            <dt>Purchase price</dt>
            <dd>{formatCents(order.puppyPriceCents)}</dd>
            <dt>Care package</dt>
            <dd>{formatCents(order.carePackageCents)}</dd>
            <dt className="total">Total</dt>
            <dd className="total">{formatCents(order.totalCents)}</dd>
          </dl>
        </div>
      </section>

      <section aria-labelledby="next-title">
        <h2 id="next-title">Next Steps</h2>
        <ol>
          <li>Our team will contact you within 24 hours to arrange pickup or delivery of {puppy.name}.</li>
          <li>
            Get your home ready: the <a href="/puppy-care-guide">puppy care guide</a> has what you need for the first
            days.
          </li>
        </ol>
        <p>A confirmation email has been sent to {user.email}.</p>
        <p>
          You can find this order, its reference and the seller's contact details any time under{' '}
          <a href="/my-orders">My Orders</a>.
        </p>
      </section>

      <nav aria-label="Where to next" className="success-links">
        <a className="btn" href="/puppies">
          Browse More Puppies
        </a>
        <a className="btn outline" href="/my-orders">
          My Orders
        </a>
        <a className="btn outline" href="/contact">
          Contact Us
        </a>
        <a className="btn outline secondary" href="/">
          Back to Home
        </a>
      </nav>
    </article>
  );
}
