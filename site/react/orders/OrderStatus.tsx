// An order's status as a small pill, with the words of docs/product.md §10 (pending, paid, handed over,
// cancelled and refunded); shared by My Orders, the order panel on My Listings and /admin.
import { ORDER_STATUS_LABELS, type OrderStatus as Status } from '#contracts/orders.ts';
import './OrderStatus.css';

export function OrderStatus({ status }: { status: Status }) {
  return <span className={`order-status order-status-${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

const orderDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** the date an order was placed, as every order screen shows it */
export function formatOrderDate(iso: string): string {
  return orderDate.format(new Date(iso));
}
