// Reviews, the sellers' ratings, and the invitations to review (docs/decisions/0119).
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import type { Collections } from '../storage.ts';
import type { SellerRating } from '../../../domain/model.ts';
import type { Repositories } from '../../../domain/store/index.ts';
import type { LowdbContext } from './context.ts';

/** the seller's visible reviews counted into their rating row (inside one write) */
function refreshRating(c: Collections, sellerId: number, now: Date): SellerRating {
  let reviewCount = 0;
  let ratingSum = 0;
  for (const review of c.reviews.filter((r) => r.sellerId === sellerId && r.hiddenAt === null)) {
    reviewCount += 1;
    ratingSum += review.rating;
  }
  const row = { sellerId, reviewCount, ratingSum, updatedAt: now.toISOString() };
  const existing = c.sellerRatings.find((r) => r.sellerId === sellerId);
  return existing ? c.sellerRatings.update(existing.id, row)! : c.sellerRatings.insert(row);
}

export function reviewRepositories({ db, mutate }: LowdbContext): Pick<Repositories, 'reviews' | 'sellerRatings'> {
  return {
    reviews: {
      get: async (id) => db.reviews.get(id),
      findByOrder: async (orderId) => db.reviews.find((r) => r.orderId === orderId),
      listByOrders: async (orderIds) => {
        const wanted = new Set(orderIds);
        return db.reviews.filter((r) => wanted.has(r.orderId));
      },
      // rows are in id order: newest first is the reverse
      listBySeller: async (sellerId, { visibleOnly }) =>
        db.reviews.filter((r) => r.sellerId === sellerId && (!visibleOnly || r.hiddenAt === null)).reverse(),
      create: (row) =>
        mutate((c) => (c.reviews.find((r) => r.orderId === row.orderId) ? undefined : c.reviews.insert(row))),
      update: (id, patch) => mutate((c) => c.reviews.update(id, patch)),
      reply: (id, text, now) =>
        mutate((c) => {
          const review = c.reviews.get(id);
          if (!review || review.reply !== null) return undefined;
          return c.reviews.update(id, { reply: text, repliedAt: now.toISOString() });
        }),
      invitesDue: async (after, before, limit) => {
        const from = after.getTime();
        const to = before.getTime();
        const reviewed = new Set(db.reviews.all().map((r) => r.orderId));
        return db.orders
          .filter((o) => {
            if (o.status !== 'handed_over' || !o.handedOverAt || o.reviewInvitedAt || reviewed.has(o.id)) return false;
            const at = Date.parse(o.handedOverAt);
            return at > from && at <= to;
          })
          .sort((a, b) => Date.parse(a.handedOverAt!) - Date.parse(b.handedOverAt!))
          .slice(0, limit);
      },
      claimInvite: (orderId, now) =>
        mutate((c) => {
          const order = c.orders.get(orderId);
          if (!order || order.reviewInvitedAt) return false;
          c.orders.update(orderId, { reviewInvitedAt: now.toISOString() });
          return true;
        }),
    },
    sellerRatings: {
      refresh: (sellerId, now) => mutate((c) => refreshRating(c, sellerId, now)),
      forSellers: async (sellerIds) => {
        const wanted = new Set(sellerIds);
        return new Map(db.sellerRatings.filter((r) => wanted.has(r.sellerId)).map((r) => [r.sellerId, r]));
      },
    },
  };
}
