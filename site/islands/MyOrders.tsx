// /my-orders (docs/product.md §6, docs/decisions/0056): the buyer's orders, newest first, ten a page. Each shows its reference
// and date, the puppy (photo, name, link), price, care package and total, its status, the seller's name
// and email, and what happens next. Logged out → /auth, then back (ProtectedRoute). The page number is
// in the address (?page=2), so paging links are plain links that work before the island wakes up. The
// page's h1 is in its HTML (my-orders.astro), there before any script runs.
import { useEffect, useState } from 'react';
import type { MyOrdersResponse, OrderView } from '#contracts/orders.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PuppyImage } from '../react/PuppyImage.tsx';
import { formatOrderDate, OrderStatus } from '../react/orders/OrderStatus.tsx';
import { formatCents } from '../lib/format.ts';
import { useApi } from '../lib/swr.ts';
import '../styles/empty-state.css';
import '../react/payment/price-lines.css';
import './MyOrders.css';

export default function MyOrders() {
  return <ProtectedRoute>{() => <Orders />}</ProtectedRoute>;
}

function pageFromAddress(): number {
  const raw = new URLSearchParams(window.location.search).get('page');
  return raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
}

function Orders() {
  const [page, setPage] = useState<number | null>(null);
  useEffect(() => setPage(pageFromAddress()), []);
  const { data, error } = useApi<MyOrdersResponse>(page ? `/api/my-orders?page=${page}` : null);

  return (
    <div className="my-orders">
      {error ? (
        <p role="alert">Your orders could not be loaded. Please reload the page.</p>
      ) : !data ? (
        <div className="page-spinner" aria-busy="true" role="status">
          <span className="visually-hidden">Loading your orders…</span>
        </div>
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
              <OrderCard key={order.reference} order={order} eager={index === 0} />
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
      return `${name} is home with you. The puppy care guide helps with the first weeks.`;
    case 'canceled':
      return 'This order was cancelled before your card was charged. There is nothing more to do.';
    case 'refunded':
      return 'This order was cancelled and your payment refunded in full. Refunds usually appear within 5 to 10 business days.';
  }
}

function OrderCard({ order, eager }: { order: OrderView; eager: boolean }) {
  const puppy = order.puppy;
  const name = puppy?.name ?? 'A puppy no longer listed';
  return (
    <li className="order-card photo-frame">
      <PuppyImage src={puppy?.imageUrl ?? ''} alt={name} sizes="10rem" eager={eager} width={320} height={240} />
      <div>
        <h2>{puppy ? <a href={`/puppies/${puppy.id}`}>{puppy.name}</a> : name}</h2>
        <p className="order-meta">
          <span>
            Order <strong>{order.reference}</strong>
          </span>
          <span>{formatOrderDate(order.createdAt)}</span>
          <OrderStatus status={order.status} />
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
            Seller: {order.seller.name} · <a href={`mailto:${order.seller.email}?subject=${encodeURIComponent(`Order ${order.reference}`)}`}>{order.seller.email}</a>
          </p>
        )}
        <p className="order-next">
          <strong>Next steps:</strong> {nextSteps(order)}
        </p>
      </div>
    </li>
  );
}
