// /earnings (docs/decisions/0101): the seller's payout account and what it takes to connect it,
// the totals paid, on their way and held, the fee and the buyer's window in a sentence each, and one row
// per order with its share and what happens next. Sellers only: a buyer is pointed to /sellers. The h1 is
// in the page's HTML (earnings.astro). Connecting sends the browser to the provider's onboarding (Stripe's
// hosted page, or /earnings/onboarding in test mode), which sends the seller back here.
import { useState } from 'react';
import {
  EARNING_STATUS_LABELS,
  PAYOUT_ACCOUNT_LABELS,
  type ConnectResponse,
  type EarningRow,
  type EarningsResponse,
  type PayoutAccountView,
} from '#contracts/payouts.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { ApiError, postJson } from '../lib/api-client.ts';
import { formatCents } from '../lib/format.ts';
import { useApi } from '../lib/swr.ts';
import { toast } from '../lib/toast.ts';
import '../styles/card.css';
import '../styles/empty-state.css';
import './Earnings.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

export default function Earnings() {
  return (
    <ProtectedRoute>{(user) => (user.accountType === 'seller' ? <SellerEarnings /> : <NotASeller />)}</ProtectedRoute>
  );
}

function NotASeller() {
  return (
    <div className="empty-state">
      <h2>Earnings Are for Sellers</h2>
      <p>Your account is a buyer account. Sellers see what they earned from each puppy they sold here.</p>
      <a href="/sellers" className="btn">
        Become a Seller
      </a>
    </div>
  );
}

function SellerEarnings() {
  const { data, error } = useApi<EarningsResponse>('/api/earnings');
  if (error) {
    return (
      <p role="alert">
        {error instanceof ApiError ? error.message : 'Your earnings could not be loaded.'} Please reload the page.
      </p>
    );
  }
  if (!data) {
    return <PageSpinner label="Loading your earnings…" what="your earnings" />;
  }
  return (
    <div className="earnings">
      <div className="earnings-top">
        <PayoutAccountCard account={data.account} />
        <section className="earnings-summary" aria-labelledby="earnings-totals-title">
          <h2 id="earnings-totals-title">Totals</h2>
          <dl className="earnings-totals">
            <div className="card">
              <dt>Paid</dt>
              <dd>{formatCents(data.totals.paidCents)}</dd>
            </div>
            <div className="card">
              <dt>On its way</dt>
              <dd>{formatCents(data.totals.onItsWayCents)}</dd>
            </div>
            <div className="card">
              <dt>Held</dt>
              <dd>{formatCents(data.totals.heldCents)}</dd>
            </div>
          </dl>
          <p>
            {data.feePercent > 0
              ? `PuppyNest keeps ${data.feePercent}% of each puppy's price; the care package stays with PuppyNest. The rest is yours.`
              : "PuppyNest takes no commission: you receive each puppy's full price. The care package stays with PuppyNest."}
          </p>
          <p>
            {data.holdDays > 0
              ? `After the handover, buyers have ${data.holdDays} ${data.holdDays === 1 ? 'day' : 'days'} to confirm receipt or report a problem. Your share is sent when they confirm, or when those days are over without a problem.`
              : 'Your share is sent as soon as you mark the puppy handed over.'}
          </p>
        </section>
      </div>
      <EarningRows rows={data.rows} />
    </div>
  );
}

function PayoutAccountCard({ account }: { account: PayoutAccountView }) {
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const answer = await postJson<ConnectResponse>('/api/earnings/connect');
      window.location.assign(answer.url);
    } catch (error) {
      toast({
        title: 'Error',
        description:
          error instanceof ApiError
            ? error.message
            : 'The payout account setup could not be started. Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  };
  const action =
    account.status === 'not_connected'
      ? 'Connect payout account'
      : account.status === 'details_needed'
        ? 'Continue setup'
        : null;
  return (
    <section className="card payout-account" aria-labelledby="payout-account-title">
      <div className="card-body">
        <h2 id="payout-account-title">Payout Account</h2>
        <p>
          <span className={`account-status account-status-${account.status}`}>
            {PAYOUT_ACCOUNT_LABELS[account.status]}
          </span>
        </p>
        <p>{account.explanation}</p>
        {action && (
          <button type="button" onClick={connect} disabled={busy} aria-busy={busy || undefined}>
            {action}
          </button>
        )}
      </div>
    </section>
  );
}

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDate = (iso: string) => shortDate.format(new Date(iso));

/** the day a row reached its status (paid, held, reversed…); an "on its way" row's note says when it goes */
function statusDate(row: EarningRow): string | null {
  return row.statusAt && row.status !== 'on_its_way' ? formatDate(row.statusAt) : null;
}

function EarningRows({ rows }: { rows: EarningRow[] }) {
  if (rows.length === 0) {
    return (
      <div className="empty-state">
        <h2>No Earnings Yet</h2>
        <p>When a buyer pays for one of your puppies, the order appears here with your share and when it is paid.</p>
        <a href="/my-listings" className="btn">
          Go to My Listings
        </a>
      </div>
    );
  }
  // A table at every width; on a phone each row stacks into a box whose cells carry their column's name
  // (Earnings.css), so nothing scrolls sideways. The roles keep the table's semantics where a browser
  // would drop them for cells that are no longer displayed as a table.
  return (
    <section className="earnings-orders" aria-labelledby="earnings-orders-title">
      <div className="earnings-orders-head">
        <h2 id="earnings-orders-title">Orders</h2>
        <a href="/api/earnings.csv" className="btn secondary outline" download>
          Download CSV
        </a>
      </div>
      <table className="earnings-table" role="table">
        <caption className="visually-hidden">Your share of each order, newest first</caption>
        <thead role="rowgroup">
          <tr role="row">
            {['Order reference', 'Puppy', 'Date', 'Price', 'Fee', 'Your share', 'Status'].map((name) => (
              <th key={name} scope="col" role="columnheader">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={row.reference} role="row">
              <th scope="row" role="rowheader" data-label="Order reference">
                {row.reference}
              </th>
              <td role="cell" data-label="Puppy">
                {row.puppyName}
              </td>
              <td role="cell" data-label="Date">
                {formatDate(row.orderedAt)}
              </td>
              <td role="cell" data-label="Price" className="money">
                {formatCents(row.puppyPriceCents)}
              </td>
              <td role="cell" data-label="Fee" className="money">
                {formatCents(row.feeCents)}
              </td>
              <td role="cell" data-label="Your share" className="money share">
                {/* a refunded order's share was never, or is no longer, the seller's: struck through, the status says why */}
                {row.status === 'refunded' || row.status === 'reversed' ? (
                  <s>{formatCents(row.amountCents)}</s>
                ) : (
                  formatCents(row.amountCents)
                )}
              </td>
              <td role="cell" data-label="Status" className="earning-status-cell">
                <span className={`earning-status earning-status-${row.status}`}>
                  {EARNING_STATUS_LABELS[row.status]}
                </span>
                {statusDate(row) && <small className="earning-date">{statusDate(row)}</small>}
                {row.note && <small className="earning-note">{row.note}</small>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
