// Featured listings (docs/product.md §22, decision 0134), on both stores: the plan's features a month
// (monthly 0, six-month 1, annual 3), renewed each month counted from the plan's start; a feature runs 30
// days, or until its listing sells; two processes featuring the last one at once: one wins; an admin
// removes a feature with a reason the seller reads, and the month's feature is not given back; a plan that
// lapses ends its features; /api/puppies shows at most two featured listings above a page, labelled,
// with the counts and pages of the results as they were; every bad request is refused and changes nothing.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';
import { startSession } from '../../commerce-api/src/domain/accounts.ts';
import { createTokenService } from '../../commerce-api/src/auth/session-tokens.ts';
import { SESSION_COOKIE } from '../../commerce-api/src/http/session.ts';
import { featureListing } from '../../commerce-api/src/domain/features.ts';
import { ROTATION_MS } from '../../commerce-api/src/domain/puppy-catalogue.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { MyListingStatesView } from '../../commerce-api/src/contracts/features.ts';
import type { PuppyPage } from '../../commerce-api/src/contracts/puppies.ts';
import { signedInAgent } from '../support/api-login.ts';
import { addPuppy, inDays, marketplace, NOW } from '../support/payments.ts';
import type { TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-store.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const others: Store[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((s) => s.close()));
});

type Plan = 'monthly' | 'biannual' | 'annual';

/** an active plan that started `startedDaysAgo` days before NOW and runs until `periodEndsInDays` */
async function givePlan(t: TestApp, userId: number, plan: Plan, startedDaysAgo = 0, periodEndsInDays = 365) {
  await t.store.sellerSubscriptions.createForProvider({
    userId,
    plan,
    priceId: `price_${plan}`,
    providerSubscriptionId: `sub_feature_${userId}`,
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: inDays(periodEndsInDays),
    createdAt: new Date(NOW.getTime() - startedDaysAgo * DAY).toISOString(),
  });
}

/** a seller on `plan` with `count` live listings (20 days left each unless told) */
async function sellerWith(plan: Plan | null, count = 4, expiresInDays = 20) {
  const w = await marketplace({ expiresAt: inDays(expiresInDays) });
  if (plan) await givePlan(w.t, w.seller.user.id, plan);
  const puppies = [w.puppy];
  for (let i = 1; i < count; i++)
    puppies.push(await addPuppy(w.t, w.seller.user.id, { name: `Pup ${i}`, expiresAt: inDays(expiresInDays) }));
  return { ...w, puppies };
}

/** a fresh session for an existing account (the clock moved past the old one's life) */
async function agentOf(t: TestApp, userId: number) {
  const user = (await t.store.users.get(userId))!;
  const now = t.deps.now();
  const session = await startSession(t.store, user, now);
  const token = await createTokenService(t.deps.config.sessionSecret).sign(
    { userId: user.id, sessionId: session.id, sessionVersion: user.sessionVersion },
    now,
  );
  const agent = request.agent(t.app);
  agent.jar.setCookie(`${SESSION_COOKIE}=${token}; Path=/`, '127.0.0.1', '/');
  return agent;
}

const states = async (agent: Awaited<ReturnType<typeof signedInAgent>>['agent']) =>
  (await agent.get('/api/my-listings/states').expect(200)).body as MyListingStatesView;

describe("the plan's features a month", () => {
  it('monthly has none: the seller is told which plans have them, and no Feature button shows', async () => {
    const w = await sellerWith('monthly');
    const refused = await w.seller.agent.post('/api/features').send({ puppyId: w.puppy.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'no_features',
      message: 'Your monthly plan has no featured listings: the six-month plan has 1 a month, the annual plan 3.',
    });
    const seen = await states(w.seller.agent);
    expect(seen.allowance).toMatchObject({ plan: 'monthly', perMonth: 0, left: 0 });
    expect(seen.listings[String(w.puppy.id)]).toMatchObject({ state: 'live', canFeature: false });
  });

  it('six-month has 1 and annual 3; the next one is refused with the day more arrive', async () => {
    for (const [plan, perMonth] of [
      ['biannual', 1],
      ['annual', 3],
    ] as const) {
      const w = await sellerWith(plan);
      for (let i = 0; i < perMonth; i++) {
        const taken = await w.seller.agent.post('/api/features').send({ puppyId: w.puppies[i]!.id });
        expect(taken.status, JSON.stringify(taken.body)).toBe(201);
        expect(taken.body).toMatchObject({
          puppyId: w.puppies[i]!.id,
          endsAt: inDays(30),
          allowance: { perMonth, used: i + 1, left: perMonth - i - 1, nextAt: '2026-07-01T12:00:00.000Z' },
        });
      }
      const refused = await w.seller.agent.post('/api/features').send({ puppyId: w.puppies[perMonth]!.id });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'allowance_used',
        message: "You have used this month's features. More arrive on Jul 1, 2026.",
      });
      const seen = await states(w.seller.agent);
      expect(seen.allowance).toMatchObject({ perMonth, used: perMonth, left: 0 });
      expect(seen.listings[String(w.puppies[0]!.id)]).toMatchObject({ state: 'featured', featuredUntil: inDays(20) });
      expect(seen.listings[String(w.puppies[perMonth]!.id)]).toMatchObject({ state: 'live', canFeature: false });
    }
  });

  it("renews each month counted from the plan's start, not the calendar", async () => {
    const w = await sellerWith(null, 5, 90);
    // the plan began on May 22: its months begin on the 22nd
    await givePlan(w.t, w.seller.user.id, 'annual', 10);
    for (const puppy of w.puppies.slice(0, 3))
      await w.seller.agent.post('/api/features').send({ puppyId: puppy.id }).expect(201);
    const seen = await states(w.seller.agent);
    expect(seen.allowance).toEqual({
      plan: 'annual',
      perMonth: 3,
      used: 3,
      left: 0,
      monthStart: '2026-05-22T12:00:00.000Z',
      nextAt: '2026-06-22T12:00:00.000Z',
    });
    const early = await w.seller.agent.post('/api/features').send({ puppyId: w.puppies[3]!.id });
    expect(early.body.error.message).toBe("You have used this month's features. More arrive on Jun 22, 2026.");
    // a minute before the month turns: still none; at the turn: 3 again
    w.t.clock.now = new Date(Date.parse('2026-06-22T12:00:00.000Z') - MINUTE);
    w.seller.agent = await agentOf(w.t, w.seller.user.id);
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppies[3]!.id }).expect(409);
    w.t.tick(MINUTE);
    expect((await states(w.seller.agent)).allowance).toMatchObject({
      used: 0,
      left: 3,
      nextAt: '2026-07-22T12:00:00.000Z',
    });
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppies[3]!.id }).expect(201);
  });
});

describe("a feature's end", () => {
  it('runs 30 days when the listing lasts longer, then the listing is live again', async () => {
    const w = await sellerWith('annual', 1, 60);
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppy.id }).expect(201);
    const id = String(w.puppy.id);
    expect((await states(w.seller.agent)).listings[id]).toMatchObject({ state: 'featured', featuredUntil: inDays(30) });
    w.t.tick(30 * DAY - MINUTE);
    expect((await request(w.t.app).get(`/api/puppies/${w.puppy.id}`).expect(200)).body.featured).toBe(true);
    w.t.tick(MINUTE);
    w.seller.agent = await agentOf(w.t, w.seller.user.id);
    expect((await states(w.seller.agent)).listings[id]).toMatchObject({ state: 'live', featuredUntil: null });
    expect((await request(w.t.app).get(`/api/puppies/${w.puppy.id}`).expect(200)).body.featured).toBe(false);
  });

  it('ends when the listing sells', async () => {
    const w = await sellerWith('annual', 1, 60);
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppy.id }).expect(201);
    const page = async () => (await request(w.t.app).get('/api/puppies?limit=24').expect(200)).body as PuppyPage;
    expect((await page()).featured.map((p) => p.id)).toEqual([w.puppy.id]);
    await w.t.store.puppies.update(w.puppy.id, { status: 'reserved', updatedAt: w.t.clock.now.toISOString() });
    expect((await page()).featured).toEqual([]);
    expect((await states(w.seller.agent)).listings[String(w.puppy.id)]).toMatchObject({
      state: 'not_available',
      canFeature: false,
    });
  });

  it("ends when the seller's plan lapses at its period's end", async () => {
    const w = await sellerWith(null, 1, 60);
    await givePlan(w.t, w.seller.user.id, 'annual', 0, 5);
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppy.id }).expect(201);
    const featured = async () =>
      ((await request(w.t.app).get('/api/puppies?limit=24').expect(200)).body as PuppyPage).featured.length;
    w.t.tick(5 * DAY - MINUTE);
    expect(await featured()).toBe(1);
    w.t.tick(MINUTE);
    expect(await featured()).toBe(0);
    expect((await request(w.t.app).get('/api/puppies/featured').expect(200)).body[0]).toMatchObject({
      featured: false,
    });
    const seen = await states(await agentOf(w.t, w.seller.user.id));
    expect(seen.allowance).toBeNull();
    expect(seen.listings[String(w.puppy.id)]).toMatchObject({ state: 'live', canFeature: false });
  });
});

describe('the last feature, twice at once', () => {
  it('two processes featuring the last one at once: exactly one wins', async () => {
    const w = await sellerWith('biannual', 2);
    const user = (await w.t.store.users.get(w.seller.user.id))!;
    // the second process: its own connections on PostgreSQL; on lowdb (one process per data dir) the same store
    let second: Store = w.t.store;
    if (onPostgres) {
      second = createPostgresRepositories(createPool({ connectionString: w.t.databaseUrl!, max: 3 }));
      others.push(second);
    }
    const tries = await Promise.allSettled([
      featureListing(w.t.store, user, w.puppies[0]!.id, w.t.clock.now),
      featureListing(second, user, w.puppies[1]!.id, w.t.clock.now),
    ]);
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = tries.find((r) => r.status === 'rejected');
    expect((lost?.reason as { code?: string }).code).toBe('allowance_used');
    expect(await w.t.store.listingFeatures.listBySeller(user.id)).toHaveLength(1);
  });
});

describe('an admin removes a feature', () => {
  it("with a reason the seller reads; the month's feature is not given back", async () => {
    const w = await sellerWith('biannual', 2);
    const taken = await w.seller.agent.post('/api/features').send({ puppyId: w.puppy.id }).expect(201);
    const admin = await signedInAgent(w.t, { role: 'admin' });
    const listed = await admin.agent.get('/api/admin/features').expect(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: taken.body.id,
        puppyId: w.puppy.id,
        puppyName: 'Daisy',
        seller: w.seller.user.username,
      }),
    ]);
    // not an admin; no reason; an unknown feature
    await w.seller.agent.post(`/api/admin/features/${taken.body.id}/remove`).send({ reason: 'x' }).expect(403);
    const blank = await admin.agent.post(`/api/admin/features/${taken.body.id}/remove`).send({ reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ reason: 'Say why the feature is removed: the seller reads it.' });
    await admin.agent.post(`/api/admin/features/${taken.body.id}/remove`).expect(400);
    await admin.agent.post('/api/admin/features/999999/remove').send({ reason: 'Gone' }).expect(404);
    await admin.agent.post('/api/admin/features/abc/remove').send({ reason: 'Gone' }).expect(404);
    expect((await states(w.seller.agent)).listings[String(w.puppy.id)]!.state).toBe('featured');

    const removed = await admin.agent
      .post(`/api/admin/features/${taken.body.id}/remove`)
      .send({ reason: 'The photos show a different puppy.' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await admin.agent.post(`/api/admin/features/${taken.body.id}/remove`).send({ reason: 'Again' }).expect(409);
    const seen = await states(w.seller.agent);
    expect(seen.listings[String(w.puppy.id)]).toMatchObject({
      state: 'live',
      removedFeature: { removedAt: NOW.toISOString(), reason: 'The photos show a different puppy.' },
    });
    expect(seen.allowance).toMatchObject({ used: 1, left: 0 });
    expect((await admin.agent.get('/api/admin/features').expect(200)).body).toEqual([]);
    expect(((await request(w.t.app).get('/api/puppies?limit=24').expect(200)).body as PuppyPage).featured).toEqual([]);
  });
});

describe('only the owner, only a live listing, only within the allowance', () => {
  it('refuses every bad request with a clear message and changes nothing', async () => {
    const w = await sellerWith('annual', 2);
    const draft = await addPuppy(w.t, w.seller.user.id, { name: 'Draft', expiresAt: null });
    const expired = await addPuppy(w.t, w.seller.user.id, { name: 'Old', expiresAt: inDays(-1) });
    const stranger = await signedInAgent(w.t, { accountType: 'seller' });
    await givePlan(w.t, stranger.user.id, 'annual');
    const cases: Array<[number, string | undefined, () => Promise<{ status: number; body: { error?: unknown } }>]> = [
      [401, 'not_logged_in', () => request(w.t.app).post('/api/features').send({ puppyId: w.puppy.id })],
      [400, 'validation_failed', () => w.seller.agent.post('/api/features')],
      [400, 'validation_failed', () => w.seller.agent.post('/api/features').send({ puppyId: 'abc' })],
      [400, 'validation_failed', () => w.seller.agent.post('/api/features').send({ puppyId: -3 })],
      [400, 'validation_failed', () => w.seller.agent.post('/api/features').send([1, 2])],
      [
        400,
        undefined,
        () => w.seller.agent.post('/api/features').set('Content-Type', 'application/json').send('{"puppyId":'),
      ],
      [404, 'not_found', () => w.seller.agent.post('/api/features').send({ puppyId: 999_999 })],
      [403, 'forbidden', () => stranger.agent.post('/api/features').send({ puppyId: w.puppy.id })],
      [409, 'listing_not_live', () => w.seller.agent.post('/api/features').send({ puppyId: draft.id })],
      [409, 'listing_not_live', () => w.seller.agent.post('/api/features').send({ puppyId: expired.id })],
    ];
    for (const [status, code, send] of cases) {
      const response = await send();
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      if (code) expect(response.body.error).toMatchObject({ code, message: expect.any(String) });
    }
    const forbidden = await stranger.agent.post('/api/features').send({ puppyId: w.puppy.id });
    expect(forbidden.body.error.message).toBe('You can only feature your own listings.');
    // a seller without a plan
    const unplanned = await signedInAgent(w.t, { accountType: 'seller' });
    const own = await addPuppy(w.t, unplanned.user.id, { name: 'Solo' });
    const noPlan = await unplanned.agent.post('/api/features').send({ puppyId: own.id });
    expect(noPlan.body.error).toEqual({
      code: 'no_plan',
      message: 'Featured listings come with the six-month and annual seller plans.',
    });
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppy.id }).expect(201);
    const twice = await w.seller.agent.post('/api/features').send({ puppyId: w.puppy.id });
    expect(twice.body.error).toEqual({ code: 'already_featured', message: 'This listing is featured already.' });
    expect(await w.t.store.listingFeatures.listBySeller(w.seller.user.id)).toHaveLength(1);
    expect(await w.t.store.listingFeatures.listBySeller(stranger.user.id)).toHaveLength(0);
    // the states need a login
    await request(w.t.app).get('/api/my-listings/states').expect(401);
  });
});

describe('featured listings on /api/puppies', () => {
  it('at most two above a page, labelled, taking turns; the results, counts and pages stay as they were', async () => {
    const w = await sellerWith('annual', 30, 60);
    const other = await signedInAgent(w.t, { accountType: 'seller' });
    await givePlan(w.t, other.user.id, 'annual');
    const extra = await addPuppy(w.t, other.user.id, { name: 'Other Star', expiresAt: inDays(60) });
    const before = (await request(w.t.app).get('/api/puppies?limit=24').expect(200)).body as PuppyPage;
    expect(before.featured).toEqual([]);
    const starred = [w.puppies[0]!.id, w.puppies[5]!.id, w.puppies[29]!.id];
    for (const id of starred) await w.seller.agent.post('/api/features').send({ puppyId: id }).expect(201);
    await other.agent.post('/api/features').send({ puppyId: extra.id }).expect(201);
    const featuredIds = [...starred, extra.id];

    const page = (await request(w.t.app).get('/api/puppies?limit=24').expect(200)).body as PuppyPage;
    expect(page.featured).toHaveLength(2);
    for (const card of page.featured) {
      expect(featuredIds).toContain(card.id);
      expect(card).toMatchObject({ featured: true, listingStatus: 'active', status: 'available' });
    }
    // the results are the same listings in the same order, each featured one labelled in its place
    expect(page.items.map((p) => p.id)).toEqual(before.items.map((p) => p.id));
    expect(page.total).toBe(before.total);
    expect(page.total).toBe(31);
    for (const card of page.items) expect(card.featured).toBe(featuredIds.includes(card.id));
    const second = (await request(w.t.app).get('/api/puppies?limit=24&offset=24').expect(200)).body as PuppyPage;
    expect(second.items).toHaveLength(7);
    expect(second.featured).toHaveLength(2);
    // a filter the featured ones do not match: none; another status: none
    const filtered = (
      await request(w.t.app)
        .get(`/api/puppies?limit=24&search=${encodeURIComponent('Other Star')}`)
        .expect(200)
    ).body as PuppyPage;
    expect(filtered.featured.map((p) => p.id)).toEqual([extra.id]);
    expect(
      ((await request(w.t.app).get('/api/puppies?limit=24&status=reserved').expect(200)).body as PuppyPage).featured,
    ).toEqual([]);

    // every featured listing gets its turn, the turn changing every ROTATION_MS
    const seen = new Set<number>();
    for (let turn = 0; turn < 4; turn++) {
      const at = (await request(w.t.app).get('/api/puppies?limit=24').expect(200)).body as PuppyPage;
      for (const card of at.featured) seen.add(card.id);
      w.t.tick(ROTATION_MS);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...featuredIds].sort((a, b) => a - b));
  });

  it("the home page's featured section leads with the featured listings, newest feature first", async () => {
    const w = await sellerWith('annual', 10, 60);
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppies[2]!.id }).expect(201);
    w.t.tick(MINUTE);
    await w.seller.agent.post('/api/features').send({ puppyId: w.puppies[7]!.id }).expect(201);
    const home = (await request(w.t.app).get('/api/puppies/featured').expect(200)).body as PuppyPage['items'];
    expect(home.slice(0, 2).map((p) => [p.id, p.featured])).toEqual([
      [w.puppies[7]!.id, true],
      [w.puppies[2]!.id, true],
    ]);
    expect(home.length).toBe(8);
    expect(home.slice(2).every((p) => !p.featured)).toBe(true);
  });
});
