// Parents and their health records (docs/decisions/0121, docs/product.md §18). A seller keeps parent
// dogs (an outside stud too) with their health tests; each test carries a private proof an admin checks
// and marks verified or rejected (with the reason the seller sees). A listing names a sire and a dam of
// its seller's; it is "health-tested" when both have every test their breed's club recommends verified
// (the recommended lists are Studio content). That flag is kept on the listing, recomputed here whenever
// a test, a parent or a listing's parents change, so the catalogue filters on it without reading tests.
import {
  HEALTH_TEST_KINDS,
  HEALTH_TESTS,
  ofaRecordUrl,
  type HealthTestInput,
  type HealthTestKind,
  type HealthTestReviewItem,
  type HealthTestView,
  type ListingParentsView,
  type ParentInput,
  type ParentSex,
  type ParentView,
  type PublicParentView,
} from '#contracts/parents.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { canList } from './listings.ts';
import type { Breed, HealthTest, ParentDog, Puppy, User } from './model.ts';
import type { Repositories, Store } from './store/index.ts';

/** breed name → its recommended tests (Studio "Breed health tests"); a breed not in it has none */
export type RecommendedTests = ReadonlyMap<string, readonly HealthTestKind[]>;

export const PARENTS_SELLERS_ONLY_MESSAGE = 'Only seller accounts keep parent dogs. Become a seller at /sellers.';
const PARENT_NOT_FOUND = 'No parent with this id was found among your dogs.';
const TEST_NOT_FOUND = 'No health test with this id was found.';

/** the content's lists, with only the test keys the API knows */
export function recommendedFrom(
  documents: ReadonlyArray<{ breed: string; recommendedTests: readonly string[] }>,
): RecommendedTests {
  const known = new Set<string>(HEALTH_TEST_KINDS);
  return new Map(
    documents.map((d) => [d.breed, d.recommendedTests.filter((t): t is HealthTestKind => known.has(t))] as const),
  );
}

const KEEP_RECOMMENDED_MS = 60_000;
const recommendedCache = new WeakMap<object, { atMs: number; value: Promise<RecommendedTests> }>();
/**
 * The recommended tests from a content source, kept a minute per source: a listing page must not ask
 * Sanity each time, and an editor's change shows within the minute.
 */
export function recommendedTestsOf(content: {
  getBreedHealth(): Promise<Array<{ breed: string; recommendedTests: string[] }>>;
}): Promise<RecommendedTests> {
  const kept = recommendedCache.get(content);
  const nowMs = Date.now();
  if (kept && nowMs - kept.atMs < KEEP_RECOMMENDED_MS) return kept.value;
  const value = content.getBreedHealth().then(recommendedFrom);
  recommendedCache.set(content, { atMs: nowMs, value });
  value.catch(() => recommendedCache.delete(content));
  return value;
}

function assertSeller(user: User): void {
  if (!canList(user)) throw new ForbiddenError(PARENTS_SELLERS_ONLY_MESSAGE);
}

/** a parent of this seller, else 404: another seller's dog is not there for them */
async function ownParent(store: Repositories, user: User, id: number): Promise<ParentDog> {
  const parent = await store.parentDogs.get(id);
  if (!parent || parent.sellerId !== user.id) throw new NotFoundError(PARENT_NOT_FOUND);
  return parent;
}

async function ownTest(
  store: Repositories,
  user: User,
  parentId: number,
  testId: number,
): Promise<{ parent: ParentDog; test: HealthTest }> {
  const parent = await ownParent(store, user, parentId);
  const test = await store.healthTests.get(testId);
  if (!test || test.parentId !== parent.id) throw new NotFoundError(TEST_NOT_FOUND);
  return { parent, test };
}

async function assertBreed(store: Repositories, breedId: number): Promise<void> {
  if (!(await store.breeds.list()).some((b) => b.id === breedId))
    throw new ValidationError('Choose a breed from the list', { breedId: 'Choose a breed from the list' });
}

export function proofUrlOf(test: Pick<HealthTest, 'id' | 'parentId' | 'proofKey'>): string | null {
  return test.proofKey ? `/api/parents/${test.parentId}/tests/${test.id}/proof` : null;
}

export function testView(test: HealthTest): HealthTestView {
  return {
    id: test.id,
    parentId: test.parentId,
    test: test.test,
    label: HEALTH_TESTS[test.test],
    result: test.result,
    testedOn: test.testedOn,
    registry: test.registry,
    certificateNumber: test.certificateNumber,
    ofaUrl: ofaRecordUrl(test.registry, test.certificateNumber),
    status: test.status,
    verifiedAt: test.verifiedAt,
    rejectedReason: test.rejectedReason,
    hasProof: test.proofKey !== null,
    proofUrl: proofUrlOf(test),
  };
}

function breedNames(breeds: readonly Breed[]): Map<number, string> {
  return new Map(breeds.map((b) => [b.id, b.name]));
}

function parentView(parent: ParentDog, tests: readonly HealthTest[], breeds: Map<number, string>): ParentView {
  return {
    id: parent.id,
    name: parent.name,
    sex: parent.sex,
    breedId: parent.breedId,
    breedName: breeds.get(parent.breedId) ?? null,
    registry: parent.registry,
    registrationNumber: parent.registrationNumber,
    birthDate: parent.birthDate,
    photoUrls: parent.photoUrls,
    outsideStud: parent.outsideStud,
    tests: tests.filter((t) => t.parentId === parent.id).map(testView),
  };
}

/** GET /api/parents: the seller's parents with their tests */
export async function myParents(store: Repositories, user: User): Promise<ParentView[]> {
  assertSeller(user);
  const parents = await store.parentDogs.listBySeller(user.id);
  const [tests, breeds] = await Promise.all([
    store.healthTests.listByParents(parents.map((p) => p.id)),
    store.breeds.list(),
  ]);
  const names = breedNames(breeds);
  return parents.map((p) => parentView(p, tests, names));
}

async function viewOf(store: Repositories, parent: ParentDog): Promise<ParentView> {
  const [tests, breeds] = await Promise.all([store.healthTests.listByParents([parent.id]), store.breeds.list()]);
  return parentView(parent, tests, breedNames(breeds));
}

export interface ParentsContext {
  store: Store;
  now: () => Date;
  recommended: () => Promise<RecommendedTests>;
}

export async function createParent(ctx: ParentsContext, user: User, input: ParentInput): Promise<ParentView> {
  assertSeller(user);
  await assertBreed(ctx.store, input.breedId);
  const at = ctx.now().toISOString();
  const parent = await ctx.store.parentDogs.create({ ...input, sellerId: user.id, createdAt: at, updatedAt: at });
  return viewOf(ctx.store, parent);
}

export async function updateParent(
  ctx: ParentsContext,
  user: User,
  id: number,
  input: ParentInput,
): Promise<ParentView> {
  assertSeller(user);
  const old = await ownParent(ctx.store, user, id);
  await assertBreed(ctx.store, input.breedId);
  if (input.sex !== old.sex) {
    const naming = (await ctx.store.puppies.listBySeller(user.id)).find((p) => p.sireId === id || p.damId === id);
    if (naming)
      throw new ValidationError(
        `${old.name} is named as the ${old.sex} of ${naming.name}. Choose another parent on that listing first.`,
        { sex: `${old.name} is named as the ${old.sex} of ${naming.name}.` },
      );
  }
  const parent = (await ctx.store.parentDogs.update(id, { ...input, updatedAt: ctx.now().toISOString() }))!;
  // a new breed means other recommended tests
  await refreshHealthTested(ctx.store, user.id, await ctx.recommended());
  return viewOf(ctx.store, parent);
}

export async function addTest(
  ctx: ParentsContext,
  user: User,
  parentId: number,
  input: HealthTestInput,
): Promise<HealthTestView> {
  assertSeller(user);
  const parent = await ownParent(ctx.store, user, parentId);
  const at = ctx.now().toISOString();
  const test = await ctx.store.healthTests.create({
    ...input,
    parentId: parent.id,
    sellerId: user.id,
    proofKey: null,
    proofType: null,
    proofBytes: 0,
    status: 'pending',
    verifiedAt: null,
    reviewedBy: null,
    rejectedReason: null,
    createdAt: at,
    updatedAt: at,
  });
  return testView(test);
}

/** an edited test is checked again: the admin's decision was about the old facts */
export async function updateTest(
  ctx: ParentsContext,
  user: User,
  parentId: number,
  testId: number,
  input: HealthTestInput,
): Promise<HealthTestView> {
  assertSeller(user);
  await ownTest(ctx.store, user, parentId, testId);
  const test = (await ctx.store.healthTests.update(testId, {
    ...input,
    ...pendingAgain(),
    updatedAt: ctx.now().toISOString(),
  }))!;
  await refreshHealthTested(ctx.store, user.id, await ctx.recommended());
  return testView(test);
}

const pendingAgain = () => ({
  status: 'pending' as const,
  verifiedAt: null,
  reviewedBy: null,
  rejectedReason: null,
});

/**
 * A new proof for a test: it waits for an admin again. Answers the test and the key of the proof it
 * replaced (the caller removes that file once this is saved).
 */
export async function attachProof(
  ctx: ParentsContext,
  user: User,
  parentId: number,
  testId: number,
  proof: { key: string; type: string; bytes: number },
): Promise<{ test: HealthTestView; replaced: string | null }> {
  assertSeller(user);
  const { test: old } = await ownTest(ctx.store, user, parentId, testId);
  const test = (await ctx.store.healthTests.update(testId, {
    proofKey: proof.key,
    proofType: proof.type,
    proofBytes: proof.bytes,
    ...pendingAgain(),
    updatedAt: ctx.now().toISOString(),
  }))!;
  await refreshHealthTested(ctx.store, user.id, await ctx.recommended());
  return { test: testView(test), replaced: old.proofKey };
}

/** checks the seller may upload a proof for this test before the file is read */
export async function assertOwnTest(store: Repositories, user: User, parentId: number, testId: number): Promise<void> {
  assertSeller(user);
  await ownTest(store, user, parentId, testId);
}

/**
 * The proof of a test, for its seller or an admin. Anyone else, a visitor too, gets the same 404 as
 * for a test that does not exist: a proof is never public, and its address says nothing.
 */
export async function proofFor(
  store: Repositories,
  user: User | undefined,
  parentId: number,
  testId: number,
): Promise<{ key: string; type: string; name: string }> {
  const test = await store.healthTests.get(testId);
  const allowed = user && test && (user.role === 'admin' || test.sellerId === user.id);
  if (!allowed || test.parentId !== parentId || !test.proofKey) throw new NotFoundError('No proof was found here.');
  const ext = test.proofKey.slice(test.proofKey.lastIndexOf('.') + 1);
  return { key: test.proofKey, type: test.proofType ?? 'application/octet-stream', name: `proof-${test.id}.${ext}` };
}

// ---- admins ----

/** GET /api/admin/health-tests: tests with a proof that wait for a decision, oldest first */
export async function healthTestQueue(store: Repositories): Promise<HealthTestReviewItem[]> {
  const tests = await store.healthTests.listAwaitingReview(200);
  const parents = new Map((await store.parentDogs.listByIds(tests.map((t) => t.parentId))).map((p) => [p.id, p]));
  const sellers = new Map(
    await Promise.all(
      [...new Set(tests.map((t) => t.sellerId))].map(async (id) => [id, await store.users.get(id)] as const),
    ),
  );
  return tests.map((t) => {
    const parent = parents.get(t.parentId);
    return {
      ...testView(t),
      parentName: parent?.name ?? '',
      parentSex: parent?.sex ?? 'sire',
      parentRegistrationNumber: parent?.registrationNumber ?? '',
      sellerId: t.sellerId,
      sellerUsername: sellers.get(t.sellerId)?.username ?? '',
    };
  });
}

async function decide(
  ctx: ParentsContext,
  admin: User,
  testId: number,
  decision: { status: 'verified' } | { status: 'rejected'; reason: string },
): Promise<HealthTestView> {
  const test = await ctx.store.healthTests.get(testId);
  if (!test) throw new NotFoundError(TEST_NOT_FOUND);
  if (!test.proofKey) throw new ValidationError('This test has no proof yet: there is nothing to check it against.');
  if (test.status !== 'pending') throw new ValidationError(`This test was ${test.status} already.`);
  const at = ctx.now().toISOString();
  const decided = await ctx.store.healthTests.review(testId, test.proofKey, {
    status: decision.status,
    verifiedAt: decision.status === 'verified' ? at : null,
    reviewedBy: admin.id,
    rejectedReason: decision.status === 'rejected' ? decision.reason : null,
    updatedAt: at,
  });
  if (!decided)
    throw new ValidationError(
      'This test changed while you looked at it (a new proof, or another decision). Reload it.',
    );
  await refreshHealthTested(ctx.store, decided.sellerId, await ctx.recommended());
  return testView(decided);
}

export function verifyTest(ctx: ParentsContext, admin: User, testId: number): Promise<HealthTestView> {
  return decide(ctx, admin, testId, { status: 'verified' });
}

export function rejectTest(ctx: ParentsContext, admin: User, testId: number, reason: string): Promise<HealthTestView> {
  return decide(ctx, admin, testId, { status: 'rejected', reason });
}

// ---- listings ----

/**
 * A listing's sire and dam must be the seller's own parents of the right sex (an outside stud is a
 * parent the seller keeps too). undefined leaves a field as it is; null clears it.
 */
export async function assertListingParents(
  store: Repositories,
  user: User,
  input: { sireId?: number | null | undefined; damId?: number | null | undefined },
): Promise<void> {
  const check = async (id: number | null | undefined, sex: ParentSex, field: 'sireId' | 'damId') => {
    if (id === undefined || id === null) return;
    const parent = await store.parentDogs.get(id);
    if (!parent || parent.sellerId !== user.id) {
      const message = `Choose the ${sex} from your own parent dogs (add it under Parents in My Listings first).`;
      throw new ValidationError(message, { [field]: message });
    }
    if (parent.sex !== sex) {
      const message = `${parent.name} is kept as a ${parent.sex}, so it cannot be this puppy's ${sex}.`;
      throw new ValidationError(message, { [field]: message });
    }
  };
  await check(input.sireId, 'sire', 'sireId');
  await check(input.damId, 'dam', 'damId');
}

/** each recommended test of the parent's breed has a verified record (and at least one test does) */
export function parentHealthTested(
  parent: ParentDog | undefined,
  tests: readonly HealthTest[],
  breeds: Map<number, string>,
  recommended: RecommendedTests,
): boolean {
  if (!parent) return false;
  const verified = new Set(tests.filter((t) => t.parentId === parent.id && t.status === 'verified').map((t) => t.test));
  if (verified.size === 0) return false;
  const wanted = recommended.get(breeds.get(parent.breedId) ?? '') ?? [];
  return wanted.every((t) => verified.has(t));
}

/**
 * Recomputes the health-tested flag of every listing of the seller and writes the ones that changed
 * (decision 0121). A seller has a handful of parents and listings: this reads them all at once.
 */
export async function refreshHealthTested(
  store: Repositories,
  sellerId: number,
  recommended: RecommendedTests,
): Promise<void> {
  const [listings, parents, breeds] = await Promise.all([
    store.puppies.listBySeller(sellerId),
    store.parentDogs.listBySeller(sellerId),
    store.breeds.list(),
  ]);
  const tests = await store.healthTests.listByParents(parents.map((p) => p.id));
  const byId = new Map(parents.map((p) => [p.id, p]));
  const names = breedNames(breeds);
  const tested = (id: number | null | undefined) =>
    id !== null && id !== undefined && parentHealthTested(byId.get(id), tests, names, recommended);
  for (const listing of listings) {
    const flag = tested(listing.sireId) && tested(listing.damId);
    if ((listing.healthTested ?? false) !== flag) await store.puppies.update(listing.id, { healthTested: flag });
  }
}

function publicParent(
  parent: ParentDog | undefined,
  tests: readonly HealthTest[],
  breeds: Map<number, string>,
  recommended: RecommendedTests,
): PublicParentView | null {
  if (!parent) return null;
  const own = tests.filter((t) => t.parentId === parent.id && t.status !== 'rejected');
  const verified = new Set(own.filter((t) => t.status === 'verified').map((t) => t.test));
  const breedName = breeds.get(parent.breedId) ?? null;
  return {
    id: parent.id,
    name: parent.name,
    sex: parent.sex,
    breedName,
    registry: parent.registry,
    registrationNumber: parent.registrationNumber,
    birthDate: parent.birthDate,
    photoUrls: parent.photoUrls,
    outsideStud: parent.outsideStud,
    tests: own.map((t) => ({
      test: t.test,
      label: HEALTH_TESTS[t.test],
      result: t.result,
      testedOn: t.testedOn,
      registry: t.registry,
      certificateNumber: t.certificateNumber,
      ofaUrl: ofaRecordUrl(t.registry, t.certificateNumber),
      verified: t.status === 'verified',
      verifiedAt: t.verifiedAt,
    })),
    recommended: (recommended.get(breedName ?? '') ?? []).map((test) => ({
      test,
      label: HEALTH_TESTS[test],
      verified: verified.has(test),
    })),
  };
}

/** a listing's parents as its page shows them; null when it names neither */
export async function listingParents(
  store: Repositories,
  puppy: Puppy,
  recommended: RecommendedTests,
): Promise<ListingParentsView | null> {
  const ids = [puppy.sireId, puppy.damId].filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return null;
  const [parents, tests, breeds] = await Promise.all([
    store.parentDogs.listByIds(ids),
    store.healthTests.listByParents(ids),
    store.breeds.list(),
  ]);
  const byId = new Map(parents.filter((p) => p.sellerId === puppy.userId).map((p) => [p.id, p]));
  const names = breedNames(breeds);
  return {
    sire: publicParent(puppy.sireId ? byId.get(puppy.sireId) : undefined, tests, names, recommended),
    dam: publicParent(puppy.damId ? byId.get(puppy.damId) : undefined, tests, names, recommended),
    healthTested: puppy.healthTested ?? false,
  };
}
