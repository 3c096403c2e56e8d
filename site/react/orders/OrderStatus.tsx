// An order's badge as a small pill, shared by My Orders, the order panel on My Listings and /admin: the
// words are orderBadge's (#contracts/orders.ts), so every screen names an order's state the same way, and
// after the handover the badge follows the buyer's answer (docs/product.md §10 "Seller payouts").
import { orderBadge, type OrderView } from '#contracts/orders.ts';
import './OrderStatus.css';

type Badged = Pick<OrderView, 'status' | 'payout' | 'dispute'>;

/** the pill's colour: the order's status, or what its payout or a dispute says about it */
function tone(order: Badged): string {
  if (order.dispute?.status === 'open') return 'dispute';
  if (order.status !== 'handed_over' || !order.payout) return order.status;
  switch (order.payout.status) {
    case 'held':
      return 'held';
    case 'releasing':
    case 'transferring':
    case 'paid':
      return 'received';
    default:
      return order.status;
  }
}

export function OrderStatus({ order }: { order: Badged }) {
  return <span className={`order-status order-status-${tone(order)}`}>{orderBadge(order)}</span>;
}

const orderDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** the date an order was placed, as every order screen shows it */
export function formatOrderDate(iso: string): string {
  return orderDate.format(new Date(iso));
}
