// Seller payouts and the sellers' payout accounts (docs/decisions/0101).
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import type { Payout } from '../../../domain/model.ts';
import type { Repositories } from '../../../domain/store/index.ts';
import { countByStatus, type LowdbContext } from './context.ts';

export function payoutRepositories({ db, mutate }: LowdbContext): Pick<Repositories, 'payouts' | 'payoutAccounts'> {
  return {
    payouts: {
      get: async (id) => db.payouts.get(id),
      findByOrder: async (orderId) => db.payouts.find((p) => p.orderId === orderId),
      createForOrder: (row) =>
        mutate((c) => {
          const existing = c.payouts.find((p) => p.orderId === row.orderId);
          if (existing) return existing;
          const payout = c.payouts.insert(row);
          return payout;
        }),
      transition: (id, from, patch) =>
        mutate((c) => {
          const old = c.payouts.get(id);
          if (!old || !from.includes(old.status)) return undefined;
          return c.payouts.update(id, patch);
        }),
      // rows are in id order: newest first is the reverse
      listBySeller: async (sellerId) => db.payouts.filter((p) => p.sellerId === sellerId).reverse(),
      listDue: async (now, limit) => {
        const t = now.getTime();
        const enabled = new Set(db.payoutAccounts.filter((a) => a.status === 'payouts_enabled').map((a) => a.userId));
        const tryNow = (p: Payout) => !p.attemptAt || Date.parse(p.attemptAt) <= t;
        return db.payouts
          .filter(
            (p) =>
              (p.status === 'scheduled' && Date.parse(p.releaseAt) <= t) ||
              ((p.status === 'transferring' || p.status === 'reversing') && tryNow(p)) ||
              (p.status === 'releasing' && enabled.has(p.sellerId) && tryNow(p)),
          )
          .slice(0, limit);
      },
      listForAdmin: async () =>
        db.payouts.filter(
          (p) =>
            p.status === 'held' ||
            p.status === 'reversing' ||
            ((p.status === 'paid' || p.status === 'releasing') && p.lastError !== null),
        ),
      countByStatus: async () => countByStatus(db.payouts.all()),
    },
    payoutAccounts: {
      findByUser: async (userId) => db.payoutAccounts.find((a) => a.userId === userId),
      findByAccountId: async (accountId) => db.payoutAccounts.find((a) => a.accountId === accountId),
      createForUser: (row) =>
        mutate((c) => {
          const existing = c.payoutAccounts.find((a) => a.userId === row.userId);
          if (existing) return existing;
          const account = c.payoutAccounts.insert(row);
          return account;
        }),
      update: (accountId, patch) =>
        mutate((c) => {
          const old = c.payoutAccounts.find((a) => a.accountId === accountId);
          if (!old) return undefined;
          return c.payoutAccounts.update(old.id, patch);
        }),
    },
  };
}
