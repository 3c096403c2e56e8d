// Listing insights (docs/product.md §23, decision 0135), on both stores: a view counts once per visitor,
// listing and day, never a known bot's or the owner's, and once when two processes count the same visitor
// at once; where it came from; the seller's figures at the plan's level (monthly basic, six-month adds the
// day-by-day figures and the breed's median, annual adds the sources and the CSV), a refusal without a
// plan, and never another seller's listing.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PLAN_MESSAGE, type InsightsView } from '../../commerce-api/src/contracts/insights.ts';
import type { PlanId } from '../../commerce-api/src/contracts/plans.ts';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';
import { countView } from '../../commerce-api/src/domain/insights.ts';
import { CSV_REFUSAL } from '../../commerce-api/src/http/routes/insights.routes.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import { signedInAgent } from '../support/api-login.ts';
import { addPuppy, marketplace, NOW } from '../support/payments.ts';
import type { TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-store.ts';

const DAY = 86_400_000;
const SITE = 'http://localhost:4321';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const others: Store[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((s) => s.close()));
});

async function givePlan(t: TestApp, userId: number, plan: PlanId) {
  await t.store.sellerSubscriptions.createForProvider({
    userId,
    plan,
    priceId: `price_${plan}`,
    providerSubscriptionId: `sub_insights_${userId}`,
    status: 'trialing',
    trialEnd: new Date(NOW.getTime() + 7 * DAY).toISOString(),
    currentPeriodEnd: null,
    createdAt: NOW.toISOString(),
  });
}

/** a seller with a public listing of breed 1, on `plan` (none: no plan) */
async function world(plan?: PlanId) {
  const w = await marketplace();
  if (plan) await givePlan(w.t, w.seller.user.id, plan);
  return w;
}

/** the page's beacon, as navigator.sendBeacon posts it */
const beacon = (t: TestApp, puppyId: number, userAgent: string, body: Record<string, string> = {}) =>
  request(t.app).post(`/api/puppies/${puppyId}/views`).set('User-Agent', userAgent).type('form').send(body);

async function insightsOf(agent: request.Agent): Promise<InsightsView> {
  const response = await agent.get('/api/insights');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as InsightsView;
}

describe('counting views', () => {
  it('counts a visitor once a day per listing: the next day again, another visitor too; never a bot or the owner', async () => {
    const w = await world('annual');
    const views = async () => (await insightsOf(w.seller.agent)).totals.views;

    expect((await beacon(w.t, w.puppy.id, CHROME)).status).toBe(204);
    await beacon(w.t, w.puppy.id, CHROME).expect(204);
    expect(await views()).toBe(1);

    // past midnight (UTC): a new day
    w.t.tick(13 * 60 * 60 * 1000);
    await beacon(w.t, w.puppy.id, CHROME).expect(204);
    expect(await views()).toBe(2);

    await beacon(w.t, w.puppy.id, FIREFOX).expect(204);
    expect(await views()).toBe(3);

    // a known bot, and the owner (logged in, a browser of their own) are not counted
    await beacon(w.t, w.puppy.id, GOOGLEBOT).expect(204);
    await w.seller.agent.post(`/api/puppies/${w.puppy.id}/views`).set('User-Agent', SAFARI).type('form').send({});
    await request(w.t.app).get(`/api/puppies/${w.puppy.id}/views.gif`).set('User-Agent', GOOGLEBOT).expect(200);
    expect(await views()).toBe(3);

    const daily = (await insightsOf(w.seller.agent)).daily!;
    expect(daily.slice(-2).map((d) => d.views)).toEqual([1, 2]);
  });

  it('counts a listing that is not public for nobody, and answers an unknown or bad id without an error', async () => {
    const w = await world('annual');
    const draft = await addPuppy(w.t, w.seller.user.id, { expiresAt: null, name: 'Draft' });
    await beacon(w.t, draft.id, CHROME).expect(204);
    await beacon(w.t, 999_999, CHROME).expect(204);
    await beacon(w.t, Number.NaN, CHROME).expect(204);
    await request(w.t.app)
      .post(`/api/puppies/${w.puppy.id}/views`)
      .set('User-Agent', CHROME)
      .send('not json')
      .expect(204);
    await request(w.t.app).post(`/api/puppies/${w.puppy.id}/views`).expect(204);
    const insights = await insightsOf(w.seller.agent);
    expect(insights.listings.find((l) => l.puppyId === draft.id)!.totals.views).toBe(0);
    // the last, unreadable body still counted: a view is never refused for its body
    expect(insights.totals.views).toBe(1);
  });

  it('refuses a beacon another site posts, and counts one from our own page (with or without a session)', async () => {
    const w = await world('annual');
    const refused = await beacon(w.t, w.puppy.id, CHROME)
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site');
    expect(refused.status).toBe(403);
    await beacon(w.t, w.puppy.id, FIREFOX)
      .set('Host', 'localhost:4321')
      .set('Origin', SITE)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(204);
    // a logged-in family's beacon goes through the session layer (the owner check), and counts the same
    const family = await signedInAgent(w.t);
    await family.agent
      .post(`/api/puppies/${w.puppy.id}/views`)
      .set('User-Agent', SAFARI)
      .type('form')
      .send({})
      .expect(204);
    expect((await insightsOf(w.seller.agent)).totals.views).toBe(2);
  });

  it('two processes counting the same visitor at once count one view', async () => {
    const w = await world('annual');
    // the second process: its own connections on PostgreSQL; on lowdb (one process per data dir) the same store
    let second: Store = w.t.store;
    if (onPostgres) {
      second = createPostgresRepositories(createPool({ connectionString: w.t.databaseUrl!, max: 3 }));
      others.push(second);
    }
    const view = {
      puppyId: w.puppy.id,
      ip: '203.0.113.9',
      userAgent: CHROME,
      viewerId: undefined,
      referrer: '',
      from: '',
      siteOrigins: [SITE],
    };
    const outcomes = await Promise.all([
      countView(w.t.store, view, w.t.clock.now),
      countView(second, view, w.t.clock.now),
      countView(w.t.store, view, w.t.clock.now),
      countView(second, view, w.t.clock.now),
    ]);
    expect(outcomes.filter((o) => o === 'counted')).toHaveLength(1);
    expect((await insightsOf(w.seller.agent)).totals.views).toBe(1);
  });

  it('tells where a view came from: search, breed page, breeder page, alert mail, direct, our other pages, other sites', async () => {
    const w = await world('annual');
    const visitors = Array.from({ length: 8 }, (_, i) => `${CHROME} visitor/${i}`);
    await beacon(w.t, w.puppy.id, visitors[0]!, { referrer: `${SITE}/puppies?breed=1` }).expect(204);
    await beacon(w.t, w.puppy.id, visitors[1]!, { referrer: `${SITE}/breeds/beagle` }).expect(204);
    await beacon(w.t, w.puppy.id, visitors[2]!, { referrer: `${SITE}/breeders/happy-tails` }).expect(204);
    await beacon(w.t, w.puppy.id, visitors[3]!, { referrer: '', from: 'alert' }).expect(204);
    await beacon(w.t, w.puppy.id, visitors[4]!, { referrer: '' }).expect(204);
    await beacon(w.t, w.puppy.id, visitors[5]!, { referrer: `${SITE}/saved` }).expect(204);
    await beacon(w.t, w.puppy.id, visitors[6]!, { referrer: 'https://www.example.com/dogs' }).expect(204);
    // without a script: the pixel reads the marker from the page's own address
    await request(w.t.app)
      .get(`/api/puppies/${w.puppy.id}/views.gif`)
      .set('User-Agent', visitors[7]!)
      .set('Referer', `${SITE}/puppies/${w.puppy.id}?from=alert`)
      .expect('Content-Type', 'image/gif')
      .expect(200);
    const insights = await insightsOf(w.seller.agent);
    expect(insights.sources).toEqual({
      search: 1,
      breed: 1,
      breeder: 1,
      alert: 2,
      direct: 1,
      site: 1,
      external: 1,
    });
    expect(insights.listings[0]!.sources).toEqual(insights.sources);
  });
});

describe('the insights by plan', () => {
  async function withActivity(plan: PlanId) {
    const w = await world(plan);
    // another seller's listing of the same breed, viewed twice, and one of their own with no views
    const rival = await signedInAgent(w.t, { accountType: 'seller' });
    const theirs = await addPuppy(w.t, rival.user.id, { name: 'Rival' });
    await addPuppy(w.t, rival.user.id, { name: 'Quiet' });
    await beacon(w.t, theirs.id, CHROME).expect(204);
    await beacon(w.t, theirs.id, FIREFOX).expect(204);
    await beacon(w.t, w.puppy.id, CHROME).expect(204);
    const fan = await signedInAgent(w.t);
    await fan.agent.put(`/api/favorites/${w.puppy.id}`).expect(200);
    return { ...w, rival, theirs };
  }

  it('monthly (basic): the 30-day totals per listing and in all; no days, medians, sources or CSV', async () => {
    const w = await withActivity('monthly');
    const insights = await insightsOf(w.seller.agent);
    expect(insights).toMatchObject({ plan: 'monthly', level: 'basic', from: '2026-05-03', to: '2026-06-01' });
    expect(insights.totals).toEqual({ views: 1, favorites: 1, conversations: 0, checkouts: 0, sales: 0 });
    expect(insights.listings).toEqual([
      {
        puppyId: w.puppy.id,
        name: 'Daisy',
        breedName: expect.any(String),
        totals: { views: 1, favorites: 1, conversations: 0, checkouts: 0, sales: 0 },
      },
    ]);
    expect(insights).not.toHaveProperty('daily');
    expect(insights).not.toHaveProperty('sources');
    const csv = await w.seller.agent.get('/api/insights.csv');
    expect(csv.status).toBe(403);
    expect(csv.body.error.message).toBe(CSV_REFUSAL);
  });

  it('six-month (advanced): adds 30 days of figures and the breed’s median listing; no sources or CSV', async () => {
    const w = await withActivity('biannual');
    const insights = await insightsOf(w.seller.agent);
    expect(insights.level).toBe('advanced');
    expect(insights.daily).toHaveLength(30);
    expect(insights.daily!.at(-1)).toEqual({
      day: '2026-06-01',
      views: 1,
      favorites: 1,
      conversations: 0,
      checkouts: 0,
      sales: 0,
    });
    // the breed's three live listings viewed 1, 2 and 0 times: the median is 1
    expect(insights.listings[0]!.breedMedian).toEqual({
      listings: 3,
      views: 1,
      favorites: 0,
      conversations: 0,
      checkouts: 0,
      sales: 0,
    });
    expect(insights).not.toHaveProperty('sources');
    expect(insights.listings[0]).not.toHaveProperty('sources');
    expect((await w.seller.agent.get('/api/insights.csv')).status).toBe(403);
  });

  it('annual (premium): adds the sources and a CSV download of every listing', async () => {
    const w = await withActivity('annual');
    const insights = await insightsOf(w.seller.agent);
    expect(insights.level).toBe('premium');
    expect(insights.daily).toHaveLength(30);
    expect(insights.sources).toMatchObject({ direct: 1 });
    const csv = await w.seller.agent.get('/api/insights.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="puppynest-insights-2026-06-01.csv"');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'listing_id,name,breed,views,favorites,conversations,checkouts,sales,views_from_search,views_from_breed,views_from_breeder,views_from_alert,views_from_direct,views_from_site,views_from_external',
    );
    expect(lines[1]).toMatch(new RegExp(`^${w.puppy.id},Daisy,[^,]+,1,1,0,0,0,0,0,0,0,1,0,0$`));
    expect(lines.at(-1)).toBe('total,All listings,,1,1,0,0,0,0,0,0,0,1,0,0');
    expect(lines).toHaveLength(3);
  });

  it('never shows another seller’s listings', async () => {
    const w = await withActivity('annual');
    await givePlan(w.t, w.rival.user.id, 'annual');
    const mine = await insightsOf(w.seller.agent);
    expect(mine.listings.map((l) => l.puppyId)).toEqual([w.puppy.id]);
    const theirs = await insightsOf(w.rival.agent);
    expect(theirs.listings.map((l) => l.name).sort()).toEqual(['Quiet', 'Rival']);
    expect(theirs.totals.views).toBe(2);
    expect((await w.rival.agent.get('/api/insights.csv')).text).not.toContain('Daisy');
  });

  it('without a plan: refused with the reason and where to get one; a visitor must log in', async () => {
    const w = await world();
    for (const path of ['/api/insights', '/api/insights.csv']) {
      const refused = await w.seller.agent.get(path);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(NO_PLAN_MESSAGE);
    }
    // a plan that ended no longer counts
    await w.t.store.sellerSubscriptions.createForProvider({
      userId: w.seller.user.id,
      plan: 'annual',
      priceId: 'price_annual',
      providerSubscriptionId: 'sub_ended',
      status: 'canceled',
      trialEnd: null,
      currentPeriodEnd: new Date(NOW.getTime() - DAY).toISOString(),
      createdAt: new Date(NOW.getTime() - 30 * DAY).toISOString(),
    });
    expect((await w.seller.agent.get('/api/insights')).status).toBe(403);
    expect((await request(w.t.app).get('/api/insights')).status).toBe(401);
  });

  it('counts saves, conversations, checkouts started and sales of the last 30 days only', async () => {
    const w = await world('monthly');
    const fan = await signedInAgent(w.t);
    // a save 40 days ago is outside the window; one today is in it
    await w.t.store.favorites.add(fan.user.id, w.puppy.id, new Date(NOW.getTime() - 40 * DAY));
    const second = await signedInAgent(w.t);
    await w.t.store.favorites.add(second.user.id, w.puppy.id, NOW);
    await w.t.store.conversations.startOrContinue(
      { puppyId: w.puppy.id, buyerId: fan.user.id, sellerId: w.seller.user.id },
      { senderId: fan.user.id, body: 'Is Daisy still available?', flags: [] },
      NOW,
    );
    expect((await insightsOf(w.seller.agent)).totals).toEqual({
      views: 0,
      favorites: 1,
      conversations: 1,
      checkouts: 0,
      sales: 0,
    });
  });
});
