// Featured listings (docs/decisions/0134-featured-listings.md). Part of the lowdb repositories
// (../repositories.ts composes them; decision 0076). The allowance is one synchronous write, so two
// features at once cannot both take a seller's last one in the one process lowdb allows.
import type { Repositories } from '../../../domain/store/index.ts';
import type { ListingFeature } from '../../../domain/model.ts';
import { isActiveAt, type LowdbContext } from './context.ts';

/** not removed and not ended at `now` */
function runningAt(feature: ListingFeature, now: Date): boolean {
  return feature.removedAt === null && Date.parse(feature.endsAt) > now.getTime();
}

export function featureRepositories({ db, mutate }: LowdbContext): Pick<Repositories, 'listingFeatures'> {
  return {
    listingFeatures: {
      get: async (id) => db.listingFeatures.get(id),
      claimWithinAllowance: (row, allowance, monthStart, now) =>
        mutate((c) => {
          if (c.listingFeatures.find((f) => f.puppyId === row.puppyId && runningAt(f, now)))
            return { refused: 'already_featured' as const };
          const from = monthStart.getTime();
          const used = c.listingFeatures.count((f) => f.userId === row.userId && Date.parse(f.startedAt) >= from);
          if (used >= allowance) return { refused: 'allowance' as const };
          return { feature: c.listingFeatures.insert(row) };
        }),
      listBySeller: async (userId) => db.listingFeatures.filter((f) => f.userId === userId).reverse(),
      listShowing: async (now) => {
        const running = db.listingFeatures.filter((f) => runningAt(f, now));
        if (running.length === 0) return [];
        const planned = new Set(db.sellerSubscriptions.filter((s) => isActiveAt(s, now)).map((s) => s.userId));
        return running.filter((f) => planned.has(f.userId));
      },
      remove: (id, reason, adminId, now) =>
        mutate((c) => {
          const feature = c.listingFeatures.get(id);
          if (!feature || feature.removedAt !== null) return undefined;
          return c.listingFeatures.update(id, {
            removedAt: now.toISOString(),
            removedReason: reason,
            removedBy: adminId,
          });
        }),
    },
  };
}
