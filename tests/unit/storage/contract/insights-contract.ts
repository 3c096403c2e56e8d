// The listing insights' cases of the storage contract (decision 0135), beside storage-contract.ts and run on
// both stores the same way (lowdb.test.ts, postgres.test.ts): a view counted once per visitor key, the day's
// salt decided by its first caller, the sweep of past days, and the reads the insights make.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../commerce-api/src/domain/store/index.ts';
import type { NewRow } from '../../../../commerce-api/src/storage/index.ts';
import { buildOrder, buildPuppy, buildUser } from '../../../support/factories.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const LATER = new Date('2026-08-01T12:00:00.000Z');
const DAY = '2026-06-01';
const NEXT_DAY = '2026-06-02';

export function describeInsightsContract(name: string, open: () => Promise<Store>): void {
  describe(`storage contract: ${name}: listing insights (decision 0135)`, () => {
    let s: Store;
    beforeEach(async () => {
      s = await open();
    });

    function newUser(overrides: Partial<NewRow<'users'>> = {}) {
      const { usernameKey: _key, ...row } = buildUser(overrides, NOW);
      return s.users.create(row);
    }
    async function newPuppy(overrides: Partial<NewRow<'puppies'>> = {}) {
      const seller = overrides.userId ?? (await newUser({ accountType: 'seller' })).id;
      return s.puppies.insert(
        buildPuppy({ userId: seller, expiresAt: LATER.toISOString(), status: 'available', ...overrides }, undefined, {
          now: NOW,
        }),
      );
    }

    it('counts a visitor key once, also when many count it at once; the source goes to its column', async () => {
      const puppy = await newPuppy();
      const view = { puppyId: puppy.id, day: DAY, visitorKey: 'key-a', source: 'search' as const };
      const wins = await Promise.all([
        s.listingViews.record(view),
        s.listingViews.record(view),
        s.listingViews.record(view),
      ]);
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await s.listingViews.record({ ...view, visitorKey: 'key-b', source: 'alert' })).toBe(true);
      expect(await s.listingViews.record({ ...view, day: NEXT_DAY, visitorKey: 'key-c', source: 'direct' })).toBe(true);
      const days = (await s.listingViews.days([puppy.id], DAY)).sort((a, b) => a.day.localeCompare(b.day));
      expect(days).toEqual([
        expect.objectContaining({ puppyId: puppy.id, day: DAY, views: 2, fromSearch: 1, fromAlert: 1, fromDirect: 0 }),
        expect.objectContaining({ puppyId: puppy.id, day: NEXT_DAY, views: 1, fromDirect: 1, fromSearch: 0 }),
      ]);
      expect(await s.listingViews.days([puppy.id], NEXT_DAY)).toHaveLength(1);
      expect(await s.listingViews.days([puppy.id + 1000], DAY)).toEqual([]);
      expect(await s.listingViews.days([], DAY)).toEqual([]);
    });

    it('does not count a view of a listing that is gone', async () => {
      expect(await s.listingViews.record({ puppyId: 999_999, day: DAY, visitorKey: 'k', source: 'direct' })).toBe(
        false,
      );
    });

    it('keeps the first salt of a day, and the sweep forgets past days’ marks and salts only', async () => {
      const puppy = await newPuppy();
      const salts = await Promise.all([s.listingViews.daySalt(DAY, 'first'), s.listingViews.daySalt(DAY, 'second')]);
      expect(new Set(salts).size).toBe(1);
      expect(await s.listingViews.daySalt(DAY, 'third')).toBe(salts[0]);
      await s.listingViews.record({ puppyId: puppy.id, day: DAY, visitorKey: 'old', source: 'direct' });
      await s.listingViews.record({ puppyId: puppy.id, day: NEXT_DAY, visitorKey: 'new', source: 'direct' });
      expect(await s.listingViews.sweep(NEXT_DAY)).toBe(1);
      expect(await s.listingViews.sweep(NEXT_DAY)).toBe(0);
      // the day's salt is new; today's mark still holds; the counts stay
      expect(await s.listingViews.daySalt(DAY, 'after')).toBe('after');
      expect(
        await s.listingViews.record({ puppyId: puppy.id, day: NEXT_DAY, visitorKey: 'new', source: 'direct' }),
      ).toBe(false);
      expect((await s.listingViews.days([puppy.id], DAY)).reduce((n, d) => n + d.views, 0)).toBe(2);
    });

    it('reads favourites, conversations, checkouts started and sales per listing and day since a time', async () => {
      const puppy = await newPuppy();
      const other = await newPuppy();
      const fan = await newUser();
      await s.favorites.add(fan.id, puppy.id, NOW);
      await s.favorites.add(fan.id, other.id, NOW);
      await s.conversations.startOrContinue(
        { puppyId: puppy.id, buyerId: fan.id, sellerId: puppy.userId },
        { senderId: fan.id, body: 'Is she still available?', flags: [] },
        NOW,
      );
      await s.orders.create(
        buildOrder(
          {
            puppyId: puppy.id,
            buyerId: fan.id,
            sellerId: puppy.userId,
            status: 'paid',
            paidAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
            handedOverAt: null,
            canceledAt: null,
          },
          NOW,
        ),
      );
      const rows = (await s.listingViews.activity([puppy.id], new Date('2026-05-01T00:00:00.000Z'))).sort((a, b) =>
        a.day.localeCompare(b.day),
      );
      expect(rows).toEqual([
        { puppyId: puppy.id, day: DAY, favorites: 1, conversations: 1, checkouts: 1, sales: 0 },
        { puppyId: puppy.id, day: NEXT_DAY, favorites: 0, conversations: 0, checkouts: 0, sales: 1 },
      ]);
      // since a later time: only the sale
      expect(await s.listingViews.activity([puppy.id], new Date(NOW.getTime() + 60_000))).toEqual([
        { puppyId: puppy.id, day: NEXT_DAY, favorites: 0, conversations: 0, checkouts: 0, sales: 1 },
      ]);
      expect(await s.listingViews.activity([], NOW)).toEqual([]);
    });

    it('lists the ids of a breed’s public listings only', async () => {
      const live = await newPuppy({ breedId: 2 });
      await newPuppy({ breedId: 2, expiresAt: null });
      await newPuppy({ breedId: 2, expiresAt: new Date(NOW.getTime() - 1000).toISOString() });
      const hidden = await newPuppy({ breedId: 2 });
      await s.puppies.update(hidden.id, { hiddenAt: NOW.toISOString(), hiddenReason: 'Reported' });
      await newPuppy({ breedId: 3 });
      expect(await s.listingViews.liveIdsOfBreed(2, NOW)).toEqual([live.id]);
    });
  });
}
