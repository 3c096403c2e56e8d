// Parent dogs and their health tests (docs/decisions/0121).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import type { Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';

export function parentRepositories(db: Db): Pick<Repositories, 'parentDogs' | 'healthTests'> {
  return {
    parentDogs: {
      get: (id) => db.selectFrom('parentDogs').selectAll().where('id', '=', id).executeTakeFirst(),
      listByIds: (ids) =>
        ids.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom('parentDogs')
              .selectAll()
              .where('id', 'in', [...new Set(ids)])
              .orderBy('id')
              .execute(),
      listBySeller: (sellerId) =>
        db.selectFrom('parentDogs').selectAll().where('sellerId', '=', sellerId).orderBy('id').execute(),
      create: (row) => db.insertInto('parentDogs').values(row).returningAll().executeTakeFirstOrThrow(),
      update: (id, patch) =>
        Object.keys(patch).length === 0
          ? db.selectFrom('parentDogs').selectAll().where('id', '=', id).executeTakeFirst()
          : db.updateTable('parentDogs').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
    },
    healthTests: {
      get: (id) => db.selectFrom('healthTests').selectAll().where('id', '=', id).executeTakeFirst(),
      listByParents: (parentIds) =>
        parentIds.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom('healthTests')
              .selectAll()
              .where('parentId', 'in', [...new Set(parentIds)])
              .orderBy('id')
              .execute(),
      // the partial index health_tests_awaiting_review (migration 0016)
      listAwaitingReview: (limit) =>
        db
          .selectFrom('healthTests')
          .selectAll()
          .where('status', '=', 'pending')
          .where('proofKey', 'is not', null)
          .orderBy('id')
          .limit(limit)
          .execute(),
      create: (row) => db.insertInto('healthTests').values(row).returningAll().executeTakeFirstOrThrow(),
      update: (id, patch) =>
        Object.keys(patch).length === 0
          ? db.selectFrom('healthTests').selectAll().where('id', '=', id).executeTakeFirst()
          : db.updateTable('healthTests').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
      // one conditional statement: two admins at once, or a new proof meanwhile, leave one decision
      review: (id, proofKey, decision) =>
        db
          .updateTable('healthTests')
          .set(decision)
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where('proofKey', '=', proofKey)
          .returningAll()
          .executeTakeFirst(),
    },
  };
}
