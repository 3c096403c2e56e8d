// The parents area of the store (docs/decisions/0121): the parent dogs sellers keep and their health
// tests, each checked by an admin against its proof.
import type { HealthTest, ParentDog } from '../model.ts';
import type { New, Patch } from './rows.ts';

export interface ParentDogsRepository {
  get(id: number): Promise<ParentDog | undefined>;
  /** these parents, any seller's (a listing page reads its sire and dam) */
  listByIds(ids: readonly number[]): Promise<ParentDog[]>;
  /** a seller's parents, in the order they were added */
  listBySeller(sellerId: number): Promise<ParentDog[]>;
  create(row: New<ParentDog>): Promise<ParentDog>;
  update(id: number, patch: Patch<ParentDog>): Promise<ParentDog | undefined>;
}

export interface HealthTestsRepository {
  get(id: number): Promise<HealthTest | undefined>;
  /** the tests of these parents, in the order they were added */
  listByParents(parentIds: readonly number[]): Promise<HealthTest[]>;
  /** the tests with a proof that wait for an admin, oldest first */
  listAwaitingReview(limit: number): Promise<HealthTest[]>;
  create(row: New<HealthTest>): Promise<HealthTest>;
  update(id: number, patch: Patch<HealthTest>): Promise<HealthTest | undefined>;
  /**
   * An admin's decision on a pending test, only while it is still the proof the admin looked at:
   * undefined when the test is unknown, not pending, or its proof changed (another admin decided, or
   * the seller uploaded a new proof meanwhile).
   */
  review(
    id: number,
    proofKey: string,
    decision: Pick<HealthTest, 'status' | 'verifiedAt' | 'reviewedBy' | 'rejectedReason' | 'updatedAt'>,
  ): Promise<HealthTest | undefined>;
}

/** the repositories of the parents area (Repositories is every area's) */
export interface ParentsRepositories {
  readonly parentDogs: ParentDogsRepository;
  readonly healthTests: HealthTestsRepository;
}
