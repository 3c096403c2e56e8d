// /my-orders (docs/product.md §6, docs/decisions/0056): the buyer's orders, newest first, ten a page. Each shows its reference
// and date, the puppy (photo, name, link), price, care package and total, its badge, the seller's name
// and email, and what happens next. Logged out → /auth, then back (ProtectedRoute). The page number is
// in the address (?page=2), so paging links are plain links that work before the island wakes up. The
// page's h1 is in its HTML (my-orders.astro), there before any script runs. Once the puppy is handed over
// (docs/decisions/0101), the buyer confirms receipt or reports a problem here, and reads where the
// seller's payout is; the order the API answers with takes its place in the list, so its badge and next
// steps follow at once. The buyer then writes a review of the seller here (decision 0119). Each order links
// to the seller's breeder page (decision 0118). The page is rendered on the server (decision 0125): the
// server's page of orders comes in as `initial`, so the orders and their answers (plain forms until the
// island runs) are in the HTML, and a form posted without scripts comes back with its `outcome`, shown in
// the order's card. Without `initial` (`astro dev`) the island checks the login and loads them itself.
import { useEffect, useState } from 'react';
import { breederPath } from '#contracts/breeders.ts';
import type { OrderFormOutcome } from '#contracts/order-forms.ts';
import type { MyOrdersResponse, OrderView } from '#contracts/orders.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PuppyImage } from '../react/PuppyImage.tsx';
import { formatOrderDate, OrderStatus } from '../react/orders/OrderStatus.tsx';
import { ReceiptActions } from '../react/orders/ReceiptActions.tsx';
import { ReviewActions } from '../react/orders/ReviewActions.tsx';
import { formatCents } from '../lib/format.ts';
import { useApi } from '../lib/swr.ts';
import { useHydrated } from '../lib/hydrated.ts';
import '../styles/panel.css';
import '../styles/empty-state.css';
import '../react/payment/price-lines.css';
import './MyOrders.css';
import '../react/orders/OrderForms.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

interface Props {
  /** the page of orders the server rendered (it checked the login) */
  initial?: MyOrdersResponse | undefined;
  /** what a form posted without scripts did, as the address names it */
  outcome?: OrderFormOutcome | null | undefined;
}

export default function MyOrders({ initial, outcome = null }: Props) {
  if (initial) return <Orders initial={initial} outcome={outcome} />;
  return <ProtectedRoute>{() => <Orders outcome={outcome} />}</ProtectedRoute>;
}

function pageFromAddress(): number {
  const raw = new URLSearchParams(window.location.search).get('page');
  return raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
}

function Orders({ initial, outcome }: { initial?: MyOrdersResponse; outcome: OrderFormOutcome | null }) {
  const [page, setPage] = useState<number | null>(initial?.page ?? null);
  useEffect(() => {
    if (!initial) setPage(pageFromAddress());
  }, [initial]);
  const { data, error, mutate } = useApi<MyOrdersResponse>(page ? `/api/my-orders?page=${page}` : null, initial);
  // an outcome for an order that is not on this page (not theirs, or gone) is said above the list
  const loose = outcome && !data?.orders.some((order) => order.reference === outcome.reference) ? outcome : null;
  // The server's page is SWR's fallback, not its cache: until the first change the cache is empty, so the
  // change starts from the page shown.
  const replace = (changed: OrderView) =>
    void mutate(
      (current = data) =>
        current && {
          ...current,
          orders: current.orders.map((order) => (order.reference === changed.reference ? changed : order)),
        },
      { revalidate: false },
    );

  return (
    <div className="my-orders">
      {loose && <Outcome outcome={loose} />}
      {error ? (
        <p role="alert">Your orders could not be loaded. Please reload the page.</p>
      ) : !data ? (
        <PageSpinner label="Loading your orders…" what="your orders" />
      ) : data.total === 0 ? (
        <div className="empty-state">
          <h2>No Orders Yet</h2>
          <p>When you buy a puppy, its order appears here with everything you need for pickup.</p>
          <a href="/puppies" className="btn">
            Browse Puppies
          </a>
        </div>
      ) : (
        <>
          <p>
            {data.total} {data.total === 1 ? 'order' : 'orders'}
          </p>
          <ul className="order-list">
            {data.orders.map((order, index) => (
              <OrderCard
                key={order.reference}
                order={order}
                eager={index === 0}
                onChanged={replace}
                page={data.page}
                outcome={outcome?.reference === order.reference ? outcome : null}
              />
            ))}
          </ul>
          {data.pageCount > 1 && (
            <nav className="order-pages" aria-label="Order pages">
              {data.page > 1 && (
                <a href={`/my-orders?page=${data.page - 1}`} rel="prev">
                  Previous page
                </a>
              )}
              <span>
                Page {data.page} of {data.pageCount}
              </span>
              {data.page < data.pageCount && (
                <a href={`/my-orders?page=${data.page + 1}`} rel="next">
                  Next page
                </a>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function nextSteps(order: OrderView): string {
  const name = order.puppy?.name ?? 'your puppy';
  switch (order.status) {
    case 'pending':
      return 'Your payment is being confirmed. This order shows as paid within a minute or two.';
    case 'paid':
      return `Our team will contact you within 24 hours to arrange pickup or delivery of ${name}. You can also write to the seller.`;
    case 'handed_over':
      return handedOverSteps(order, name);
    case 'canceled':
      return `This order was cancelled before your card was charged. There is nothing more to do.${reasonOf(order)}`;
    case 'refunding':
      return `This order is being cancelled and your payment refunded in full. Our team is on it: there is nothing you need to do.${reasonOf(order)}`;
    case 'refunded':
      return `This order was cancelled and your payment refunded in full. Refunds usually appear within 5 to 10 business days.${reasonOf(order)}`;
    case 'charged_back':
      return 'Your bank took this payment back after a dispute. There is nothing more to do on PuppyNest.';
  }
}

/** what a person typed, ended with a full stop unless it has its own */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** the admin's reason for a cancel, as the mail to the buyer also gives it */
const reasonOf = (order: OrderView) =>
  order.cancelReason ? ` PuppyNest's reason: ${sentence(order.cancelReason)}` : '';

/** after the handover the seller's payout waits for the buyer's word, or for the window to end (docs/decisions/0101) */
function handedOverSteps(order: OrderView, name: string): string {
  const guide = 'The puppy care guide helps with the first weeks.';
  switch (order.payout?.status) {
    case 'scheduled':
      return `${name} is home with you. If all is well, confirm receipt: the seller is paid when you confirm, or on ${formatOrderDate(order.payout.releaseAt)} if you report no problem before then. ${guide}`;
    case 'held':
      if (order.payout.holdReason && order.payout.holdReason !== 'problem')
        return `${name} is home with you. The seller's payment is on hold while our team looks into this order. ${guide}`;
      return `You reported a problem: ${sentence(order.payout.problem ?? 'no details given')} Our team will contact you and decide within 2 business days. The seller is not paid until then.`;
    case 'releasing':
    case 'transferring':
      return `${name} is home with you, and the seller's payment is on its way. ${guide}`;
    case 'paid':
      return `${name} is home with you, and the seller has been paid. ${guide}`;
    default:
      return `${name} is home with you. ${guide}`;
  }
}

/**
 * What a form post did. A refusal of what was typed is shown under its field instead, while that plain
 * form is on the page (`formShown`); once the island runs the buttons replace the forms, so it shows here.
 */
function Outcome({ outcome, formShown = false }: { outcome: OrderFormOutcome; formShown?: boolean }) {
  const hydrated = useHydrated();
  if (outcome.form && formShown && !hydrated) return null;
  const refused = outcome.kind === 'refused';
  return (
    <p className={`order-outcome${refused ? ' order-outcome-refused' : ''}`} role={refused ? 'alert' : 'status'}>
      {outcome.text}
    </p>
  );
}

/** whether the card holds the plain form a refusal belongs to */
function formShown(order: OrderView, outcome: OrderFormOutcome): boolean {
  if (outcome.form === 'problem') return order.status === 'handed_over' && order.payout?.status === 'scheduled';
  if (outcome.form !== 'review') return false;
  const review = order.review;
  return review ? !review.hidden && Date.parse(review.editableUntil) > Date.now() : order.canReview;
}

function OrderCard({
  order,
  eager,
  onChanged,
  page,
  outcome,
}: {
  order: OrderView;
  eager: boolean;
  onChanged: (order: OrderView) => void;
  page: number;
  outcome: OrderFormOutcome | null;
}) {
  const puppy = order.puppy;
  const name = puppy?.name ?? 'A puppy no longer listed';
  return (
    <li className="panel order-card photo-frame" id={`order-${order.reference}`}>
      <PuppyImage src={puppy?.imageUrl ?? ''} alt={name} sizes="10rem" eager={eager} width={320} height={240} />
      <div>
        <h2>{puppy ? <a href={`/puppies/${puppy.id}`}>{puppy.name}</a> : name}</h2>
        <p className="order-meta">
          <span>
            Order <strong>{order.reference}</strong>
          </span>
          <span>{formatOrderDate(order.createdAt)}</span>
          <OrderStatus order={order} />
        </p>
        <dl className="price-lines">
          <dt>Purchase price</dt>
          <dd>{formatCents(order.puppyPriceCents)}</dd>
          <dt>Care package</dt>
          <dd>{formatCents(order.carePackageCents)}</dd>
          <dt className="total">Total</dt>
          <dd className="total">{formatCents(order.totalCents)}</dd>
        </dl>
        {order.seller && (
          <p>
            Seller: {order.seller.name} ·{' '}
            <a href={`mailto:${order.seller.email}?subject=${encodeURIComponent(`Order ${order.reference}`)}`}>
              {order.seller.email}
            </a>
          </p>
        )}
        {order.breeder && (
          <p className="order-breeder">
            Breeder: <a href={breederPath(order.breeder.slug)}>{order.breeder.kennelName}</a>
          </p>
        )}
        {outcome && <Outcome outcome={outcome} formShown={formShown(order, outcome)} />}
        <p className="order-next">
          <strong>Next steps:</strong> {nextSteps(order)}
        </p>
        {order.status === 'handed_over' && order.payout?.status === 'scheduled' && (
          <ReceiptActions order={order} onChanged={onChanged} page={page} outcome={outcome} />
        )}
        <ReviewActions order={order} onChanged={onChanged} now={new Date()} page={page} outcome={outcome} />
      </div>
    </li>
  );
}
