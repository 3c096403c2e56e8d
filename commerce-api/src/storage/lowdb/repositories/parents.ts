// Parent dogs and their health tests (docs/decisions/0121).
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import type { Repositories } from '../../../domain/store/index.ts';
import type { LowdbContext } from './context.ts';

export function parentRepositories({ db, mutate }: LowdbContext): Pick<Repositories, 'parentDogs' | 'healthTests'> {
  return {
    parentDogs: {
      get: async (id) => db.parentDogs.get(id),
      listByIds: async (ids) => {
        const wanted = new Set(ids);
        return db.parentDogs.filter((p) => wanted.has(p.id));
      },
      listBySeller: async (sellerId) => db.parentDogs.filter((p) => p.sellerId === sellerId),
      create: (row) => mutate((c) => c.parentDogs.insert(row)),
      update: (id, patch) => mutate((c) => c.parentDogs.update(id, patch)),
    },
    healthTests: {
      get: async (id) => db.healthTests.get(id),
      listByParents: async (parentIds) => {
        const wanted = new Set(parentIds);
        return db.healthTests.filter((t) => wanted.has(t.parentId));
      },
      listAwaitingReview: async (limit) =>
        db.healthTests.filter((t) => t.status === 'pending' && t.proofKey !== null).slice(0, limit),
      create: (row) => mutate((c) => c.healthTests.insert(row)),
      update: (id, patch) => mutate((c) => c.healthTests.update(id, patch)),
      // one write: the check that it is still pending with this proof, and the decision
      review: (id, proofKey, decision) =>
        mutate((c) => {
          const test = c.healthTests.get(id);
          if (!test || test.status !== 'pending' || test.proofKey !== proofKey) return undefined;
          return c.healthTests.update(id, decision);
        }),
    },
  };
}
