// /listing-payment/{puppyId} (docs/product.md §2 Listing payment, §5, §8, §10): the listing fee. The intent is
// requested once per visit (the guard resets on failure); an active listing answers alreadyPaid and goes
// to My Listings; otherwise the 'Your Purchase' summary, what the fee includes, the platform notice and
// the card form once the client secret exists. After the card is accepted the server re-checks the
// payment (it activates the listing for 30 days) and the page goes to My Listings after 2 s.
// The page's frame and h1 are in its HTML (pages/listing-payment/[puppyId].astro); this island fills them.
import { useEffect, useRef, useState } from 'react';
import type { ListingFeeIntentResponse, PaymentStatusResponse } from '#contracts/payments.ts';
import { LISTING_FEE_CENTS } from '#contracts/plans.ts';
import {
  AUTH_REDIRECT_MS,
  goToLogin,
  LeaveForPuppies,
  PaymentPageGate,
  usePuppyIdFromPath,
} from '../react/payment/PaymentPageGate.tsx';
import { TestCardHints } from '../react/payment/TestCardHints.tsx';
import { ApiError, postJson } from '../lib/api-client.ts';
import { formatCents } from '../lib/format.ts';
import { checkPayment, newVisitId, usePaymentKey } from '../lib/payments.ts';
import { toast } from '../lib/toast.ts';
import PaymentForm, { type CardDriver } from './PaymentForm.tsx';
import '../styles/panel.css';
import '../react/payment/PaymentPage.css';
import '../react/payment/price-lines.css';
import '../react/payment/card-form.css';

const ALREADY_PAID_REDIRECT_MS = 1500;
const SUCCESS_REDIRECT_MS = 2000;
const ERROR_REDIRECT_MS = 2000;
const AUTH_MESSAGE = 'You need to log in before making a payment';

// the page's HTML without JavaScript (decision 0125): the card form runs in the browser, so say so plainly
const NO_SCRIPT = (
  <>
    <p>
      <strong>The card form needs JavaScript.</strong> It is turned off in this browser, so this page cannot take the
      listing fee. Turn JavaScript on and reload the page to pay.
    </p>
    <p>
      Nothing has been charged. A question about paying? <a href="/contact">Write to us</a>.
    </p>
  </>
);

export default function ListingPayment() {
  const puppyId = usePuppyIdFromPath();

  return (
    <PaymentPageGate description={AUTH_MESSAGE} noscript={NO_SCRIPT}>
      {() =>
        puppyId ? (
          <ListingFee puppyId={Number(puppyId)} />
        ) : puppyId === null ? (
          <LeaveForPuppies />
        ) : (
          <p aria-busy="true">Loading…</p>
        )
      }
    </PaymentPageGate>
  );
}

type View = { kind: 'form' } | { kind: 'paid' } | { kind: 'leaving'; message: string };

function ListingFee({ puppyId }: { puppyId: number }) {
  const key = usePaymentKey();
  const [intent, setIntent] = useState<ListingFeeIntentResponse | null>(null);
  const [view, setView] = useState<View>({ kind: 'form' });
  const requested = useRef(false);
  const visitId = useRef(newVisitId());

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    postJson<ListingFeeIntentResponse>('/api/create-listing-fee-intent', {
      puppyId,
      amount: LISTING_FEE_CENTS / 100,
      visitId: visitId.current,
    }).then(
      (answer) => {
        if (answer.alreadyPaid) {
          toast({
            title: 'Already Active',
            description: answer.message || 'This listing is already active.',
            variant: 'success',
          });
          setView({ kind: 'leaving', message: answer.message });
          setTimeout(
            () => window.location.assign(`/my-listings?payment=already-active&puppyId=${puppyId}`),
            ALREADY_PAID_REDIRECT_MS,
          );
          return;
        }
        setIntent(answer);
      },
      (failure: unknown) => {
        requested.current = false;
        const message = failure instanceof Error ? failure.message : 'Something went wrong. Please try again.';
        if ((failure instanceof ApiError && failure.status === 401) || /logged in/i.test(message)) {
          toast({ title: 'Authentication Required', description: AUTH_MESSAGE, variant: 'destructive' });
          setView({ kind: 'leaving', message: AUTH_MESSAGE });
          setTimeout(goToLogin, AUTH_REDIRECT_MS);
          return;
        }
        toast({ title: 'Error', description: message, variant: 'destructive' });
        setView({ kind: 'leaving', message: `${message} Taking you to Post a Puppy…` });
        setTimeout(() => window.location.assign('/post-puppy'), ERROR_REDIRECT_MS);
      },
    );
  }, [puppyId]);

  const pay = async (card: CardDriver) => {
    if (!intent?.clientSecret || !intent.intentId) return;
    const result = await card.confirm(intent.clientSecret);
    if (!result.ok) {
      if (result.kind === 'card') {
        toast({
          title: 'Payment Failed',
          description: result.message || 'Your payment could not be processed',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'System Error',
          description: result.message || 'Something went wrong with the payment system',
          variant: 'destructive',
        });
      }
      return { error: result.message || 'Your payment could not be processed' };
    }
    // Activation happens on the server; this asks it to look now rather than wait for the provider's event.
    let status: PaymentStatusResponse | null = null;
    try {
      status = await checkPayment(intent.intentId);
    } catch {
      // My Listings re-checks too (activate-listing-plan): the success flow goes on.
    }
    if (status && status.outcome !== 'succeeded' && status.outcome !== 'processing') {
      toast({
        title: 'Payment Failed',
        description: status.message || 'Your payment could not be processed',
        variant: 'destructive',
      });
      return { error: status.message };
    }
    setView({ kind: 'paid' });
    setTimeout(() => window.location.assign(`/my-listings?payment=success&puppyId=${puppyId}`), SUCCESS_REDIRECT_MS);
  };

  if (view.kind === 'leaving') return <p role="status">{view.message}</p>;
  if (view.kind === 'paid') {
    return (
      <div role="status" className="payment-success">
        <h2>Payment Successful!</h2>
        <p>Your puppy listing is now active and visible to potential buyers.</p>
      </div>
    );
  }

  const amountCents = intent?.amountCents ?? LISTING_FEE_CENTS;
  return (
    <div className="checkout-layout">
      <section className="panel order-summary" aria-labelledby="purchase-title">
        <h2 id="purchase-title">Your Purchase</h2>
        <dl className="price-lines">
          <dt>Standard Puppy Listing{intent ? `: ${intent.puppy.name}` : ''}</dt>
          <dd>{formatCents(amountCents)}</dd>
          <dt className="total">Total</dt>
          <dd className="total">{formatCents(amountCents)}</dd>
        </dl>
        {intent?.puppy.listingStatus === 'expired' && (
          <p>This listing has expired: paying renews it for another 30 days.</p>
        )}
        <h3>What's included</h3>
        <ul className="includes">
          <li>30 days of visibility</li>
          <li>Direct messaging with buyers</li>
          <li>Photo and video uploads</li>
          <li>Listing management tools</li>
        </ul>
        <p className="platform-notice">
          {/* not "a listing platform only": PuppyNest takes, holds and pays out the family's payment (decision 0118) */}
          <strong>Please note:</strong> The sale is between you and the family. PuppyNest takes their payment, holds it
          until you hand the puppy over, and then pays you.
        </p>
      </section>

      <section className="panel payment-section" aria-labelledby="listing-payment-title">
        <h2 id="listing-payment-title">Payment Details</h2>
        {intent?.clientSecret ? (
          <PaymentForm label="Pay the listing fee" submitLabel={`Pay ${formatCents(amountCents)}`} onSubmit={pay} />
        ) : (
          <p aria-busy="true" className="card-loading">
            Setting up payment...
          </p>
        )}
        {key && !key.isLive && <TestCardHints />}
      </section>
    </div>
  );
}
