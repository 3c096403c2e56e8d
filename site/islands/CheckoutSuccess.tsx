// /checkout-success?puppyId=…[&payment_intent=…] (spec §2 Checkout success, §8). The page first asks the
// server to re-check the payment it came from (so a lost webhook never leaves a paid buyer waiting) and
// shows the server's order: its reference and date. Without one it falls back to a locally generated
// reference and today's date, as the spec has it. A payment that did not go through says so instead.
import { useEffect, useState } from 'react';
import type { UserView } from '#contracts/auth.ts';
import type { MyOrdersResponse, OrderView } from '#contracts/orders.ts';
import type { PaymentStatusResponse } from '#contracts/payments.ts';
import { CARE_PACKAGE_CENTS } from '#contracts/plans.ts';
import type { PuppyView } from '#contracts/puppies.ts';
import { ProtectedRoute } from '../components/ProtectedRoute.tsx';
import { PuppyImage } from '../components/PuppyImage.tsx';
import { ApiError, getJson } from '../lib/api-client.ts';
import { formatCents } from '../lib/format.ts';
import { checkPayment } from '../lib/payments.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';

const REDIRECT_MS = 2000;

interface Shown {
  name: string;
  gender: string;
  age: number;
  priceCents: number;
  carePackageCents: number;
  location: string;
  imageUrl: string;
  breed: string | null;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; puppy: Shown; order: OrderView | null; note: string | null }
  | { kind: 'not-found' }
  | { kind: 'not-paid'; message: string }
  | { kind: 'failed'; message: string };

function localReference(): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `PN-${day}-${Math.random().toString(16).slice(2, 10).toUpperCase().padEnd(8, '0')}`;
}

const fromPuppy = (p: PuppyView): Shown => ({ name: p.name, gender: p.gender, age: p.age, priceCents: p.price * 100, carePackageCents: CARE_PACKAGE_CENTS, location: p.location, imageUrl: p.imageUrl, breed: p.breed?.name ?? null });

function fromOrder(order: OrderView): Shown | null {
  const p = order.puppy;
  return p ? { name: p.name, gender: p.gender, age: p.age, priceCents: order.puppyPriceCents, carePackageCents: order.carePackageCents, location: p.location, imageUrl: p.imageUrl, breed: p.breed } : null;
}

export default function CheckoutSuccess() {
  const [params, setParams] = useState<{ puppyId: string; intentId: string | null } | null>(null);
  useEffect(() => {
    const search = new URLSearchParams(window.location.search);
    const puppyId = search.get('puppyId');
    if (!puppyId || !/^\d{1,9}$/.test(puppyId)) {
      toastAcrossNavigation({ title: 'Missing Information', description: 'We could not tell which puppy this order is for.', variant: 'destructive' });
      window.location.replace('/puppies');
      return;
    }
    setParams({ puppyId, intentId: search.get('payment_intent') });
  }, []);

  return (
    <ProtectedRoute>
      {(user) => (params ? <Success puppyId={params.puppyId} intentId={params.intentId} user={user} /> : <p aria-busy="true">Loading…</p>)}
    </ProtectedRoute>
  );
}

function Success({ puppyId, intentId, user }: { puppyId: string; intentId: string | null; user: UserView }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [reference] = useState(localReference);

  useEffect(() => {
    let live = true;
    (async () => {
      let status: PaymentStatusResponse | null = null;
      let order: OrderView | null = null;
      let note: string | null = null;
      if (intentId) {
        try {
          status = await checkPayment(intentId);
          order = status.order;
        } catch {
          note = 'We could not confirm your payment just now. Your confirmation email will follow as soon as it is confirmed.';
        }
        if (status && (status.outcome === 'sold_out' || status.outcome === 'failed' || status.outcome === 'canceled' || status.outcome === 'requires_payment' || status.outcome === 'requires_action')) {
          if (live) setState({ kind: 'not-paid', message: status.message });
          return;
        }
        if (status?.outcome === 'processing') note = 'Your payment is still being confirmed. Your confirmation email will follow in a moment.';
      } else {
        const mine = (await getJson<MyOrdersResponse>(`/api/my-orders?puppyId=${puppyId}`).catch(() => null))?.orders ?? [];
        order = mine.find((o) => o.status === 'paid') ?? mine.find((o) => o.status === 'pending') ?? null;
      }
      const shown = order ? fromOrder(order) : null;
      if (shown) {
        if (live) setState({ kind: 'ready', puppy: shown, order, note });
        return;
      }
      try {
        const puppy = await getJson<PuppyView>(`/api/puppies/${puppyId}`);
        if (live) setState({ kind: 'ready', puppy: fromPuppy(puppy), order, note });
      } catch (error) {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ kind: 'not-found' });
          return;
        }
        const message = error instanceof Error ? error.message : 'Failed to fetch puppy details';
        toast({ title: 'Error', description: message || 'Failed to fetch puppy details', variant: 'destructive' });
        setState({ kind: 'failed', message });
        setTimeout(() => window.location.assign('/puppies'), REDIRECT_MS);
      }
    })();
    return () => {
      live = false;
    };
  }, [puppyId, intentId]);

  if (state.kind === 'loading') {
    return (
      <article className="payment-page">
        <h1>Confirming your order…</h1>
        <p aria-busy="true">Checking your payment…</p>
      </article>
    );
  }
  if (state.kind === 'not-found') {
    return (
      <article className="payment-page">
        <h1>Could not find puppy details.</h1>
        <a className="btn" href="/puppies">
          Return to Puppies
        </a>
      </article>
    );
  }
  if (state.kind === 'failed') {
    return (
      <article className="payment-page">
        <h1>Something went wrong</h1>
        <p role="status">{state.message} Taking you back to the puppies…</p>
      </article>
    );
  }
  if (state.kind === 'not-paid') {
    return (
      <article className="payment-page">
        <h1>Payment Not Completed</h1>
        <p role="alert">{state.message}</p>
        <p>
          <a className="btn" href="/puppies">
            Browse Puppies
          </a>{' '}
          <a className="btn outline" href="/contact">
            Contact Us
          </a>
        </p>
      </article>
    );
  }

  const { puppy, order, note } = state;
  const totalCents = puppy.priceCents + puppy.carePackageCents;
  const date = new Date(order?.paidAt ?? order?.createdAt ?? Date.now()).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <article className="payment-page checkout-success">
      <h1>Payment Successful!</h1>
      <p className="lead">
        Thank you for your purchase! {puppy.name} is now reserved for you.
      </p>
      {note && <p role="status">{note}</p>}

      <section className="order-details" aria-labelledby="order-title">
        <h2 id="order-title">Order Details</h2>
        <div className="order-grid">
          <PuppyImage src={puppy.imageUrl} alt={`${puppy.name}${puppy.breed ? `, a ${puppy.breed} puppy` : ''}`} sizes="(max-width: 768px) 100vw, 360px" eager />
          <dl className="price-lines">
            <dt>Order reference</dt>
            <dd>
              <strong>{order?.reference ?? reference}</strong>
            </dd>
            <dt>Date</dt>
            <dd>{date}</dd>
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
            <dd>{formatCents(puppy.priceCents)}</dd>
            <dt>Care package</dt>
            <dd>{formatCents(puppy.carePackageCents)}</dd>
            <dt className="total">Total</dt>
            <dd className="total">{formatCents(totalCents)}</dd>
          </dl>
        </div>
      </section>

      <section aria-labelledby="next-title">
        <h2 id="next-title">Next Steps</h2>
        <ol>
          <li>Our team will contact you within 24 hours to arrange pickup or delivery of {puppy.name}.</li>
          <li>
            Get your home ready: the <a href="/puppy-care-guide">puppy care guide</a> has what you need for the first days.
          </li>
        </ol>
        <p>A confirmation email has been sent to {user.email}.</p>
      </section>

      <nav aria-label="Where to next" className="success-links">
        <a className="btn" href="/puppies">
          Browse More Puppies
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
