// Breeder profiles, revoked badges and the records badges are computed from (decision 0118).
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import {
  SlugTakenError,
  type BreederEvidence,
  type BreederRecordsRepository,
  type Repositories,
} from '../../../domain/store/index.ts';
import type { Message, Puppy } from '../../../domain/model.ts';
import { isLiveAt } from './context.ts';
import type { LowdbContext } from './context.ts';

export function breederRepositories({
  db,
  mutate,
}: LowdbContext): Pick<Repositories, 'breederProfiles' | 'badgeRevocations' | 'breederRecords'> {
  /** when the last test of these listings' parents was verified */
  const lastVerified = (listings: readonly Puppy[]): string | null => {
    const parents = new Set(listings.flatMap((p) => [p.sireId, p.damId]));
    let last: string | null = null;
    for (const t of db.healthTests.filter((t) => parents.has(t.parentId)))
      if (t.verifiedAt !== null && (last === null || Date.parse(t.verifiedAt) > Date.parse(last))) last = t.verifiedAt;
    return last;
  };
  const records: BreederRecordsRepository = {
    evidence: async (sellerIds, upheldSince, now) => {
      const ids = [...new Set(sellerIds)];
      const [placed, upheld] = await Promise.all([records.placed(ids), records.upheldReports(ids, upheldSince)]);
      // the sellers' live listings, in one pass over the catalogue (a pass per seller cost a page of 24
      // sellers 24 passes over 100,000 listings)
      const wanted = new Set(ids);
      const liveOf = new Map<number, Puppy[]>();
      for (const p of db.puppies.all())
        if (wanted.has(p.userId) && !p.hiddenAt && isLiveAt(p, now)) {
          const list = liveOf.get(p.userId);
          if (list) list.push(p);
          else liveOf.set(p.userId, [p]);
        }
      const result = new Map<number, BreederEvidence>();
      for (const id of ids) {
        const user = db.users.get(id);
        if (!user) continue;
        const account = db.payoutAccounts.find((a) => a.userId === id);
        const profile = db.breederProfiles.find((p) => p.userId === id);
        const rating = db.sellerRatings.find((r) => r.sellerId === id);
        const live = liveOf.get(id) ?? [];
        result.set(id, {
          user: {
            verifiedEmail: user.verifiedEmail,
            verifiedEmailAt: user.verifiedEmailAt ?? null,
            verifiedPhone: user.verifiedPhone,
            verifiedPhoneAt: user.verifiedPhoneAt ?? null,
            createdAt: user.createdAt,
          },
          identityAt: account?.status === 'payouts_enabled' ? account.updatedAt : null,
          placed: placed.get(id) ?? { count: 0, lastAt: null },
          upheld: upheld.get(id) ?? 0,
          revoked: db.badgeRevocations
            .filter((r) => r.userId === id && r.liftedAt === null)
            .sort((a, b) => a.id - b.id)
            .map((r) => r.badge),
          profile: profile ? { slug: profile.slug, kennelName: profile.kennelName } : null,
          healthTested: live.length > 0 && live.every((p) => p.healthTested) ? { at: lastVerified(live) } : null,
          rating: rating ? { reviewCount: rating.reviewCount, ratingSum: rating.ratingSum } : null,
        });
      }
      return result;
    },
    placed: async (sellerIds) => {
      const result = new Map<number, { count: number; lastAt: string | null }>();
      const wanted = new Set(sellerIds);
      for (const order of db.orders.filter((o) => o.status === 'handed_over' && wanted.has(o.sellerId))) {
        const seen = result.get(order.sellerId) ?? { count: 0, lastAt: null };
        const at = order.handedOverAt ?? null;
        result.set(order.sellerId, {
          count: seen.count + 1,
          lastAt: at !== null && (seen.lastAt === null || Date.parse(at) > Date.parse(seen.lastAt)) ? at : seen.lastAt,
        });
      }
      return result;
    },
    replyDelays: async (sellerId, limit) => {
      const conversations = db.conversations.filter((c) => c.sellerId === sellerId).sort((a, b) => b.id - a.id);
      const delays: number[] = [];
      for (const conversation of conversations) {
        if (delays.length >= limit) break;
        const messages = db.messages.filter((m) => m.conversationId === conversation.id).sort((a, b) => a.id - b.id);
        const delay = firstReplyDelay(messages, conversation.buyerId, sellerId);
        if (delay !== null) delays.push(delay);
      }
      return delays;
    },
    upheldReports: async (sellerIds, since) => {
      const wanted = new Set(sellerIds);
      const result = new Map<number, number>();
      for (const action of db.moderationActions.filter(
        (a) => a.reportId !== null && Date.parse(a.createdAt) >= since.getTime(),
      )) {
        const against =
          action.action === 'suspend_user'
            ? action.userId
            : action.action === 'hide_listing' && action.puppyId !== null
              ? (db.puppies.get(action.puppyId)?.userId ?? null)
              : null;
        if (against !== null && wanted.has(against)) result.set(against, (result.get(against) ?? 0) + 1);
      }
      return result;
    },
  };
  return {
    breederProfiles: {
      findByUser: async (userId) => db.breederProfiles.find((p) => p.userId === userId),
      findBySlug: async (slug) => db.breederProfiles.find((p) => p.slug === slug),
      listByUsers: async (userIds) => {
        const wanted = new Set(userIds);
        return db.breederProfiles.filter((p) => wanted.has(p.userId));
      },
      list: async () => [...db.breederProfiles.all()],
      save: (row) =>
        mutate((c) => {
          if (c.breederProfiles.find((p) => p.slug === row.slug && p.userId !== row.userId))
            throw new SlugTakenError(row.slug);
          const old = c.breederProfiles.find((p) => p.userId === row.userId);
          if (!old) return c.breederProfiles.insert(row);
          const { createdAt: _kept, ...fields } = row;
          return c.breederProfiles.update(old.id, fields)!;
        }),
    },
    badgeRevocations: {
      create: (row) => mutate((c) => c.badgeRevocations.insert({ ...row, liftedAt: null })),
      lift: (id, now) =>
        mutate((c) => {
          const old = c.badgeRevocations.get(id);
          if (!old || old.liftedAt !== null) return undefined;
          return c.badgeRevocations.update(id, { liftedAt: now.toISOString() });
        }),
      listInForce: async (userIds) => {
        const wanted = new Set(userIds);
        return db.badgeRevocations.filter((r) => r.liftedAt === null && wanted.has(r.userId));
      },
    },
    breederRecords: records,
  };
}

/** the family's first message, then the seller's first one after it; null when the seller has not answered */
function firstReplyDelay(messages: readonly Message[], buyerId: number, sellerId: number): number | null {
  const asked = messages.find((m) => m.senderId === buyerId);
  if (!asked) return null;
  const answered = messages.find((m) => m.senderId === sellerId && m.id > asked.id);
  return answered ? Date.parse(answered.createdAt) - Date.parse(asked.createdAt) : null;
}
