// Who may see an order, and what of it (docs/product.md §6, §10; docs/decisions/0056): the buyer sees their own
// orders with the seller's name and email; the seller sees the orders on their own listings with the
// buyer's name and email only; an admin sees both. Anyone else is told the order does not exist (404,
// not 403), so references cannot be probed.
import { centsToDollars } from '#contracts/money.ts';
import { LIVE_ORDER_STATUSES, MY_ORDERS_PAGE_SIZE, type MyOrdersResponse, type OrderParty, type OrderView } from '#contracts/orders.ts';
import { NotFoundError } from '../errors.ts';
import type { Collections } from '../storage/storage.ts';
import type { Order, User } from './model.ts';

export type OrderViewer = 'buyer' | 'seller' | 'admin';

const NO_SUCH_ORDER = 'No order with this reference was found.';

function party(user: User | undefined): OrderParty | null {
  return user ? { name: user.username, email: user.email } : null;
}

export function orderView(db: Collections, order: Order, viewer: OrderViewer): OrderView {
  const puppy = db.puppies.get(order.puppyId);
  const breed = puppy ? db.breeds.get(puppy.breedId) : undefined;
  return {
    reference: order.reference,
    status: order.status,
    puppyId: order.puppyId,
    puppyPriceCents: order.puppyPriceCents,
    carePackageCents: order.carePackageCents,
    totalCents: order.totalCents,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    handedOverAt: order.handedOverAt ?? null,
    canceledAt: order.canceledAt ?? null,
    puppy: puppy
      ? {
          id: puppy.id,
          name: puppy.name,
          breed: breed?.name ?? null,
          gender: puppy.gender,
          age: puppy.age,
          price: centsToDollars(order.puppyPriceCents),
          location: puppy.location,
          imageUrl: puppy.imageUrl,
          status: puppy.status,
        }
      : null,
    seller: viewer === 'seller' ? null : party(db.users.get(order.sellerId)),
    buyer: viewer === 'buyer' ? null : party(db.users.get(order.buyerId)),
  };
}

export function orderByReference(db: Collections, reference: string): Order | undefined {
  return db.orders.find((order) => order.reference === reference);
}

/** how `user` is related to `order`, or undefined when they may not see it */
export function viewerOf(order: Order, user: User): OrderViewer | undefined {
  if (order.buyerId === user.id) return 'buyer';
  if (order.sellerId === user.id) return 'seller';
  if (user.role === 'admin') return 'admin';
  return undefined;
}

/** GET /api/orders/:reference: the order as this user may see it; 404 for an unknown one and for strangers alike */
export function visibleOrder(db: Collections, user: User, reference: string): { order: Order; viewer: OrderViewer } {
  const order = orderByReference(db, reference);
  const viewer = order ? viewerOf(order, user) : undefined;
  if (!order || !viewer) throw new NotFoundError(NO_SUCH_ORDER);
  return { order, viewer };
}

/** the buyer's orders, newest first, a page at a time (optionally only those for one puppy) */
export function buyerOrders(db: Collections, buyerId: number, page: number, puppyId?: number): MyOrdersResponse {
  const mine = db.orders.filter((order) => order.buyerId === buyerId && (puppyId === undefined || order.puppyId === puppyId)).reverse();
  const pageCount = Math.max(1, Math.ceil(mine.length / MY_ORDERS_PAGE_SIZE));
  const start = (page - 1) * MY_ORDERS_PAGE_SIZE;
  return {
    orders: mine.slice(start, start + MY_ORDERS_PAGE_SIZE).map((order) => orderView(db, order, 'buyer')),
    page,
    pageCount,
    total: mine.length,
  };
}

/** the orders on the seller's own listings that still hold their puppy (for My Listings), newest first */
export function sellerOrders(db: Collections, sellerId: number): OrderView[] {
  return db.orders
    .filter((order) => order.sellerId === sellerId && LIVE_ORDER_STATUSES.includes(order.status))
    .reverse()
    .map((order) => orderView(db, order, 'seller'));
}
