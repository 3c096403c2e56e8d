// What the catalogue keeps of its cards' facts between requests (domain/card-facts.ts, decision 0138):
// kept under the page's stamp and for FACTS_KEPT_MS at most; a store with no stamp is read every time.
import { describe, expect, it } from 'vitest';
import { cardEvidence, FACTS_KEPT_MS, featuredIdsAt } from '../../commerce-api/src/domain/card-facts.ts';
import type { BreederEvidence, Repositories } from '../../commerce-api/src/domain/store/index.ts';
import type { ListingFeature } from '../../commerce-api/src/domain/model.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

function evidenceFor(id: number): BreederEvidence {
  return {
    user: {
      verifiedEmail: 'kennel@example.com',
      verifiedEmailAt: null,
      verifiedPhone: null,
      verifiedPhoneAt: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    identityAt: null,
    placed: { count: id, lastAt: null },
    upheld: 0,
    revoked: [],
    profile: null,
    healthTested: null,
    rating: null,
  };
}

function feature(puppyId: number, endsAt: string): ListingFeature {
  return {
    id: puppyId,
    puppyId,
    userId: 1,
    startedAt: NOW.toISOString(),
    endsAt,
    removedAt: null,
    removedReason: null,
    removedBy: null,
  };
}

/** a store with sellers 1–3 and two features, counting its reads */
function countingStore() {
  const reads = { evidence: [] as number[][], features: 0 };
  const store = {
    breederRecords: {
      evidence: async (ids: readonly number[]) => {
        reads.evidence.push([...ids]);
        return new Map(ids.filter((id) => id <= 3).map((id) => [id, evidenceFor(id)]));
      },
    },
    listingFeatures: {
      listShowing: async () => {
        reads.features++;
        return [feature(10, later(10_000).toISOString()), feature(11, later(10 * 60_000).toISOString())];
      },
    },
  } as unknown as Repositories;
  return { store, reads };
}

describe("the cards' facts kept between list requests", () => {
  it('reads only the sellers it has not kept under this stamp, and remembers a seller with none', async () => {
    const { store, reads } = countingStore();
    expect([...(await cardEvidence(store, [1, 2, 9], NOW, '7')).keys()]).toEqual([1, 2]);
    expect([...(await cardEvidence(store, [2, 3, 9], NOW, '7')).keys()]).toEqual([2, 3]);
    expect(reads.evidence).toEqual([[1, 2, 9], [3]]);
  });

  it('requests that arrive together wait for one read; a failed read is not kept', async () => {
    const { store, reads } = countingStore();
    const [a, b] = await Promise.all([cardEvidence(store, [1, 2], NOW, '7'), cardEvidence(store, [2, 1], NOW, '7')]);
    expect([...a.keys()]).toEqual([1, 2]);
    expect([...b.keys()]).toEqual([2, 1]);
    expect(reads.evidence).toEqual([[1, 2]]);
    const failing = {
      breederRecords: { evidence: async () => Promise.reject(new Error('connection lost')) },
    } as unknown as Repositories;
    await expect(cardEvidence(failing, [1], NOW, '7')).rejects.toThrow('connection lost');
    const { store: healthy } = countingStore();
    (failing as { breederRecords: unknown }).breederRecords = healthy.breederRecords;
    expect([...(await cardEvidence(failing, [1], NOW, '7')).keys()]).toEqual([1]);
  });

  it('reads again under a new stamp, after FACTS_KEPT_MS, and every time without a stamp', async () => {
    const { store, reads } = countingStore();
    await cardEvidence(store, [1], NOW, '7');
    await cardEvidence(store, [1], later(FACTS_KEPT_MS - 1), '7');
    expect(reads.evidence).toHaveLength(1);
    await cardEvidence(store, [1], later(FACTS_KEPT_MS - 1), '8');
    expect(reads.evidence).toHaveLength(2);
    await cardEvidence(store, [1], later(2 * FACTS_KEPT_MS), '8');
    expect(reads.evidence).toHaveLength(3);
    await cardEvidence(store, [1], NOW);
    await cardEvidence(store, [1], NOW);
    expect(reads.evidence).toHaveLength(5);
  });

  it('keeps the features showing, and leaves out one that ended since it was read', async () => {
    const { store, reads } = countingStore();
    expect([...(await featuredIdsAt(store, NOW, '7'))]).toEqual([10, 11]);
    expect([...(await featuredIdsAt(store, later(20_000), '7'))]).toEqual([11]);
    expect(reads.features).toBe(1);
    expect([...(await featuredIdsAt(store, NOW))]).toEqual([10, 11]);
    expect(reads.features).toBe(2);
  });
});
