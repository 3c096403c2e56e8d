// Who may see an order, and what of it (docs/product.md §6, §10; docs/decisions/0056): the buyer sees their own
// orders with the seller's name and email; the seller sees the orders on their own listings with the
// buyer's name and email only; an admin sees both. Anyone else is told the order does not exist (404,
// not 403), so references cannot be probed.
import { centsToDollars } from '#contracts/money.ts';
import {
  MY_ORDERS_PAGE_SIZE,
  type MyOrdersResponse,
  type OrderParty,
  type OrderPayoutView,
  type OrderView,
} from '#contracts/orders.ts';
import { NotFoundError } from '../errors.ts';
import type { Repositories } from './store/index.ts';
import type { Order, Payout, User } from './model.ts';
import { canReview, ownReviewView } from './reviews.ts';
import { breederLink } from './breeders/pages.ts';

export type OrderViewer = 'buyer' | 'seller' | 'admin';

const NO_SUCH_ORDER = 'No order with this reference was found.';

function party(user: User | undefined): OrderParty | null {
  return user ? { name: user.username, email: user.email } : null;
}

export async function orderView(store: Repositories, order: Order, viewer: OrderViewer, now: Date): Promise<OrderView> {
  const puppy = await store.puppies.get(order.puppyId);
  const breed = puppy ? (await store.breeds.list()).find((b) => b.id === puppy.breedId) : undefined;
  const seller = viewer === 'seller' ? undefined : await store.users.get(order.sellerId);
  const buyer = viewer === 'buyer' ? undefined : await store.users.get(order.buyerId);
  const payout =
    order.status === 'paid' || order.status === 'pending' ? undefined : await store.payouts.findByOrder(order.id);
  const review = order.handedOverAt ? await store.reviews.findByOrder(order.id) : undefined;
  const breeder = await breederLink(store, order.sellerId);
  const buyerName = review ? ((buyer ?? (await store.users.get(order.buyerId)))?.username ?? 'A former member') : '';
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
    seller: viewer === 'seller' ? null : party(seller),
    buyer: viewer === 'buyer' ? null : party(buyer),
    breeder,
    payout: payoutView(payout, viewer),
    cancelReason: order.cancelReason ?? null,
    refundError: viewer === 'admin' ? (order.refundError ?? null) : null,
    dispute: order.disputeStatus
      ? { status: order.disputeStatus, amountCents: order.disputeAmountCents ?? order.totalCents }
      : null,
    review: review ? ownReviewView(review, buyerName) : null,
    canReview: viewer === 'buyer' && canReview(order, review, now),
  };
}

/** the buyer sees when the payout releases and their own report, not the seller's share */
function payoutView(payout: Payout | undefined, viewer: OrderViewer): OrderPayoutView | null {
  if (!payout) return null;
  const seesMoney = viewer !== 'buyer';
  return {
    status: payout.status,
    releaseAt: payout.releaseAt,
    problem: payout.problem,
    amountCents: seesMoney ? payout.amountCents : null,
    feeCents: seesMoney ? payout.feeCents : null,
    lastError: seesMoney ? payout.lastError : null,
    holdReason: payout.status === 'held' ? (payout.holdReason ?? 'problem') : null,
  };
}

/** how `user` is related to `order`, or undefined when they may not see it */
export function viewerOf(order: Order, user: User): OrderViewer | undefined {
  if (order.buyerId === user.id) return 'buyer';
  if (order.sellerId === user.id) return 'seller';
  if (user.role === 'admin') return 'admin';
  return undefined;
}

/** GET /api/orders/:reference: the order as this user may see it; 404 for an unknown one and for strangers alike */
export async function visibleOrder(
  store: Repositories,
  user: User,
  reference: string,
): Promise<{ order: Order; viewer: OrderViewer }> {
  const order = await store.orders.findByReference(reference);
  const viewer = order ? viewerOf(order, user) : undefined;
  if (!order || !viewer) throw new NotFoundError(NO_SUCH_ORDER);
  return { order, viewer };
}

/** the buyer's orders, newest first, a page at a time (optionally only those for one puppy) */
export async function buyerOrders(
  store: Repositories,
  buyerId: number,
  page: number,
  now: Date,
  puppyId?: number,
): Promise<MyOrdersResponse> {
  const mine = (await store.orders.listByBuyer(buyerId))
    .filter((order) => puppyId === undefined || order.puppyId === puppyId)
    .reverse();
  const pageCount = Math.max(1, Math.ceil(mine.length / MY_ORDERS_PAGE_SIZE));
  const start = (page - 1) * MY_ORDERS_PAGE_SIZE;
  return {
    orders: await Promise.all(
      mine.slice(start, start + MY_ORDERS_PAGE_SIZE).map((order) => orderView(store, order, 'buyer', now)),
    ),
    page,
    pageCount,
    total: mine.length,
  };
}

/** the orders on the seller's own listings that still hold their puppy (for My Listings), newest first */
export async function sellerOrders(store: Repositories, sellerId: number, now: Date): Promise<OrderView[]> {
  const live = (await store.orders.listLiveBySeller(sellerId)).reverse();
  return Promise.all(live.map((order) => orderView(store, order, 'seller', now)));
}
