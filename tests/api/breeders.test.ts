// Breeder pages and earned badges (decision 0118): each badge's condition, a badge an admin revoked
// (gone from the page, its reason shown to the seller), the profile seeded from the application and
// edited by the seller, the kennel name and badges on listings, and the demo seed's breeder pages.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import {
  profileFormOutcome,
  type AdminBreedersResponse,
  type BreederPageView,
  type BreederSummary,
  type MyBreederProfileView,
} from '#contracts/breeders.ts';
import type { ConversationView } from '#contracts/conversations.ts';
import type { MyOrdersResponse, OrderView } from '#contracts/orders.ts';
import { DEMO_BREEDER_PROFILES } from '../../commerce-api/src/seed/breeder-profiles.ts';
import { DEMO_KENNELS } from '../../commerce-api/src/seed/demo-accounts.ts';
import { shapeOf } from '../../commerce-api/src/seed/seed-postgres.ts';
import { seedDatabase } from '../../commerce-api/src/seed/seed.ts';
import { createMemoryStorage } from '../../commerce-api/src/storage/index.ts';
import { signedInAgent } from '../support/api-login.ts';
import { buildOrder, buildPayoutAccount, buildPuppy, createRng, DEMO_SELLER } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const longAgo = new Date(NOW.getTime() - 400 * DAY).toISOString();

async function world(sellerCreatedAt = longAgo) {
  const t = await createTestApp({ now: NOW });
  const admin = await signedInAgent(t, { username: 'moderator', role: 'admin', createdAt: longAgo });
  const seller = await signedInAgent(t, { username: 'breeder', accountType: 'seller', createdAt: sellerCreatedAt });
  const buyer = await signedInAgent(t, { username: 'family', createdAt: longAgo });
  await t.store.breederProfiles.save({
    userId: seller.user.id,
    kennelName: 'Willow Creek Kennels',
    slug: 'willow-creek-kennels',
    about: 'Goldens raised in our home.',
    town: 'Austin',
    state: 'TX',
    breeds: ['Golden Retriever'],
    photoUrl: null,
    createdAt: longAgo,
    updatedAt: longAgo,
  });
  const puppy = await t.store.puppies.insert(
    buildPuppy(
      {
        name: 'Daisy',
        breedId: 1,
        userId: seller.user.id,
        status: 'available',
        expiresAt: new Date(NOW.getTime() + DAY).toISOString(),
      },
      createRng(1),
      { now: NOW },
    ),
  );
  return { t, admin, seller, buyer, puppy };
}

type World = Awaited<ReturnType<typeof world>>;

async function page(w: World): Promise<BreederPageView> {
  return (await request(w.t.app).get('/api/breeders/willow-creek-kennels').expect(200)).body as BreederPageView;
}
const kinds = (view: BreederPageView) => view.badges.map((b) => b.kind);

describe('earned badges', () => {
  it('a seller with nothing checked and a same-day account has no badge', async () => {
    const w = await world(NOW.toISOString());
    expect(kinds(await page(w))).toEqual([]);
  });

  it('email and phone verified come from the proven contacts, with when', async () => {
    const w = await world();
    await w.t.store.users.update(w.seller.user.id, {
      verifiedEmail: 'breeder@example.com',
      verifiedEmailAt: '2026-05-01T10:00:00.000Z',
    });
    let view = await page(w);
    expect(view.badges).toEqual([
      expect.objectContaining({ kind: 'email_verified', label: 'Email verified', at: '2026-05-01T10:00:00.000Z' }),
      expect.objectContaining({ kind: 'no_upheld_reports' }),
    ]);
    await w.t.store.users.update(w.seller.user.id, {
      verifiedPhone: '5550102000',
      verifiedPhoneAt: '2026-05-02T10:00:00.000Z',
    });
    view = await page(w);
    expect(kinds(view)).toEqual(['email_verified', 'phone_verified', 'no_upheld_reports']);
  });

  it("identity verified needs the payout account's identity check passed", async () => {
    const w = await world();
    await w.t.store.payoutAccounts.createForUser(
      buildPayoutAccount({ userId: w.seller.user.id, accountId: 'acct_breeder', status: 'pending_verification' }, NOW),
    );
    expect(kinds(await page(w))).not.toContain('identity_verified');
    await w.t.store.payoutAccounts.update('acct_breeder', {
      status: 'payouts_enabled',
      requirements: [],
      updatedAt: '2026-05-20T09:00:00.000Z',
    });
    expect((await page(w)).badges.find((b) => b.kind === 'identity_verified')).toMatchObject({
      at: '2026-05-20T09:00:00.000Z',
    });
  });

  it('puppies placed counts handed-over orders, not refunded ones, and the page shows the figure', async () => {
    const w = await world();
    const order = (status: 'handed_over' | 'refunded', at: string) =>
      w.t.store.orders.create(
        buildOrder(
          { puppyId: w.puppy.id, buyerId: w.buyer.user.id, sellerId: w.seller.user.id, status, handedOverAt: at },
          NOW,
        ),
      );
    await order('refunded', '2026-04-01T00:00:00.000Z');
    expect(kinds(await page(w))).not.toContain('puppies_placed');
    await order('handed_over', '2026-05-01T00:00:00.000Z');
    const view = await page(w);
    expect(view.badges.find((b) => b.kind === 'puppies_placed')).toMatchObject({
      label: '1 puppy placed',
      at: '2026-05-01T00:00:00.000Z',
    });
    expect(view.figures).toMatchObject({ puppiesPlaced: 1, yearsOnPuppyNest: 1 });
  });

  it('no upheld reports goes when a report against the seller is upheld within 12 months', async () => {
    const w = await world();
    expect(kinds(await page(w))).toContain('no_upheld_reports');
    await w.buyer.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'scam' }).expect(201);
    // a report alone changes nothing: only a decision against the seller does
    expect(kinds(await page(w))).toContain('no_upheld_reports');
    const queue = await w.admin.agent.get('/api/admin/moderation').expect(200);
    const reportId = (queue.body as { reports: Array<{ id: number }> }).reports[0]!.id;
    await w.admin.agent.post(`/api/admin/reports/${reportId}/decision`).send({ decision: 'hide_listing' }).expect(200);
    expect(kinds(await page(w))).not.toContain('no_upheld_reports');
  });

  it('the median reply time is measured from the conversations', async () => {
    const w = await world();
    const { conversation } = await w.t.store.conversations.startOrContinue(
      { puppyId: w.puppy.id, buyerId: w.buyer.user.id, sellerId: w.seller.user.id },
      { senderId: w.buyer.user.id, body: 'Is Daisy still available?', flags: [] },
      NOW,
    );
    expect((await page(w)).figures.medianReplyMinutes).toBeNull();
    await w.t.store.conversations.addMessage(
      conversation.id,
      { senderId: w.seller.user.id, body: 'Yes!', flags: [] },
      new Date(NOW.getTime() + 45 * 60_000),
    );
    expect((await page(w)).figures.medianReplyMinutes).toBe(45);
  });
});

describe('GET /api/breeders?sellers= (the breeder lines of featured and favourite cards)', () => {
  it('answers the line of each named seller with a page, by id, and refuses a list it cannot read', async () => {
    const w = await world();
    const lines = (
      await request(w.t.app).get(`/api/breeders?sellers=${w.seller.user.id},${w.buyer.user.id},999999`).expect(200)
    ).body as Record<string, BreederSummary>;
    expect(Object.keys(lines)).toEqual([String(w.seller.user.id)]);
    expect(lines[w.seller.user.id]).toMatchObject({ slug: 'willow-creek-kennels', kennelName: 'Willow Creek Kennels' });
    for (const bad of [
      '',
      'sellers=',
      'sellers=one',
      'sellers=1,,2',
      `sellers=${Array.from({ length: 49 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const answer = await request(w.t.app).get(`/api/breeders?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error.fields.sellers, bad).toMatch(
        /^sellers (must be a list of seller ids, like 1,2,3|may name at most 48 sellers)$/,
      );
    }
  });
});

describe('/puppies?verified=1 (Verified breeders)', () => {
  it('lists only the listings of sellers whose identity was checked, and not while an admin revoked that badge', async () => {
    const w = await world();
    const other = await signedInAgent(w.t, { username: 'other-kennel', accountType: 'seller', createdAt: longAgo });
    const theirs = await w.t.store.puppies.insert(
      buildPuppy(
        {
          name: 'Rex',
          breedId: 1,
          userId: other.user.id,
          status: 'available',
          expiresAt: new Date(NOW.getTime() + DAY).toISOString(),
        },
        createRng(2),
        { now: NOW },
      ),
    );
    const listed = async (query: string) =>
      ((await request(w.t.app).get(`/api/puppies?${query}&limit=24`).expect(200)).body.items as Array<{ id: number }>)
        .map((p) => p.id)
        .sort((a, b) => a - b);
    expect(await listed('status=all')).toEqual([w.puppy.id, theirs.id]);
    expect(await listed('status=all&verified=1')).toEqual([]);
    // a check in progress is not a checked identity
    await w.t.store.payoutAccounts.createForUser(
      buildPayoutAccount({ userId: other.user.id, accountId: 'acct_other', status: 'pending_verification' }, NOW),
    );
    await w.t.store.payoutAccounts.createForUser(
      buildPayoutAccount({ userId: w.seller.user.id, accountId: 'acct_breeder', status: 'payouts_enabled' }, NOW),
    );
    expect(await listed('status=all&verified=1')).toEqual([w.puppy.id]);
    const revoked = await w.admin.agent
      .post(`/api/admin/breeders/${w.seller.user.id}/badges/identity_verified/revoke`)
      .send({ reason: 'The documents did not match.' })
      .expect(201);
    expect(await listed('status=all&verified=1')).toEqual([]);
    await w.admin.agent.post(`/api/admin/badge-revocations/${revoked.body.id}/lift`).expect(204);
    expect(await listed('status=all&verified=1')).toEqual([w.puppy.id]);
    expect((await request(w.t.app).get('/api/puppies?verified=1&limit=24&status=all').expect(200)).body.total).toBe(1);
  });
});

describe('a revoked badge', () => {
  it('an admin revokes a badge with a reason: the page drops it, the seller sees why, and lifting gives it back', async () => {
    const w = await world();
    await w.t.store.users.update(w.seller.user.id, {
      verifiedEmail: 'breeder@example.com',
      verifiedEmailAt: '2026-05-01T10:00:00.000Z',
    });
    const path = `/api/admin/breeders/${w.seller.user.id}/badges/email_verified/revoke`;
    expect((await w.seller.agent.post(path).send({ reason: 'x' })).status).toBe(403);
    expect((await w.admin.agent.post(path).send({ reason: '' })).status).toBe(400);
    expect(
      (
        await w.admin.agent
          .post(`/api/admin/breeders/${w.seller.user.id}/badges/self_declared/revoke`)
          .send({ reason: 'x' })
      ).status,
    ).toBe(404);
    const revoked = await w.admin.agent.post(path).send({ reason: 'The address bounced our mail.' }).expect(201);
    expect((await w.admin.agent.post(path).send({ reason: 'again' })).status).toBe(400);

    expect(kinds(await page(w))).not.toContain('email_verified');
    const mine = (await w.seller.agent.get('/api/breeders/mine').expect(200)).body as MyBreederProfileView;
    expect(mine.revoked).toEqual([
      {
        id: revoked.body.id,
        kind: 'email_verified',
        label: 'Email verified',
        reason: 'The address bounced our mail.',
        revokedAt: NOW.toISOString(),
      },
    ]);
    // the listing's card and page leave it out too
    const detail = await request(w.t.app).get(`/api/puppies/${w.puppy.id}`).expect(200);
    expect(detail.body.seller.breeder.badges.map((b: { kind: string }) => b.kind)).not.toContain('email_verified');

    await w.admin.agent.post(`/api/admin/badge-revocations/${revoked.body.id}/lift`).expect(204);
    expect(kinds(await page(w))).toContain('email_verified');
    expect((await w.admin.agent.post(`/api/admin/badge-revocations/${revoked.body.id}/lift`)).status).toBe(404);
  });
});

describe("an admin's Breeders panel", () => {
  it('finds a seller by username or part of the kennel name, with the badges shown and those revoked', async () => {
    const w = await world();
    await w.t.store.users.update(w.seller.user.id, {
      verifiedEmail: 'breeder@example.com',
      verifiedEmailAt: '2026-05-01T10:00:00.000Z',
    });
    const search = (q: string) => w.admin.agent.get('/api/admin/breeders').query({ q });

    expect((await w.seller.agent.get('/api/admin/breeders').query({ q: 'breeder' })).status).toBe(403);
    const short = await search(' w ');
    expect(short.status).toBe(400);
    expect(short.body.error.fields.q).toBe('Please type at least 2 characters');
    expect((await w.admin.agent.get('/api/admin/breeders')).status).toBe(400);

    const byName = (await search('BREEDER').expect(200)).body as AdminBreedersResponse;
    expect(byName.breeders).toEqual([
      expect.objectContaining({
        userId: w.seller.user.id,
        username: 'breeder',
        kennelName: 'Willow Creek Kennels',
        slug: 'willow-creek-kennels',
        suspended: false,
        revoked: [],
      }),
    ]);
    expect(byName.breeders[0]!.badges.map((b) => b.kind)).toEqual(['email_verified', 'no_upheld_reports']);
    // a buyer is no breeder: their username finds nobody
    expect(((await search('family').expect(200)).body as AdminBreedersResponse).breeders).toEqual([]);

    await w.admin.agent
      .post(`/api/admin/breeders/${w.seller.user.id}/badges/email_verified/revoke`)
      .send({ reason: 'The address bounced our mail.' })
      .expect(201);
    const byKennel = ((await search('creek').expect(200)).body as AdminBreedersResponse).breeders[0]!;
    expect(byKennel.badges.map((b) => b.kind)).toEqual(['no_upheld_reports']);
    expect(byKennel.revoked).toEqual([
      expect.objectContaining({ kind: 'email_verified', reason: 'The address bounced our mail.' }),
    ]);
  });

  it('revoking and lifting from the form without JavaScript come back to /admin; an empty reason changes nothing', async () => {
    const w = await world();
    const path = `/api/admin/breeders/${w.seller.user.id}/badges/no_upheld_reports/revoke`;
    const empty = await w.admin.agent.post(path).type('form').send({ reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.reason).toBe('Please say why');
    expect(await w.t.store.badgeRevocations.listInForce([w.seller.user.id])).toEqual([]);
    const posted = await w.admin.agent.post(path).type('form').send({ reason: 'Under review.' });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/admin');
    const [row] = await w.t.store.badgeRevocations.listInForce([w.seller.user.id]);
    const lifted = await w.admin.agent.post(`/api/admin/badge-revocations/${row!.id}/lift`).type('form').send({});
    expect(lifted.status).toBe(303);
    expect(await w.t.store.badgeRevocations.listInForce([w.seller.user.id])).toEqual([]);
  });
});

describe('the breeder page from conversations and orders', () => {
  it("a conversation and an order name the seller's breeder page, and not while the seller is suspended", async () => {
    const w = await world();
    const { conversation } = await w.t.store.conversations.startOrContinue(
      { puppyId: w.puppy.id, buyerId: w.buyer.user.id, sellerId: w.seller.user.id },
      { senderId: w.buyer.user.id, body: 'Is Daisy still available?', flags: [] },
      NOW,
    );
    const link = { slug: 'willow-creek-kennels', kennelName: 'Willow Creek Kennels' };
    const thread = (agent: typeof w.buyer.agent) =>
      agent.get(`/api/conversations/${conversation.id}`).expect(200) as Promise<{ body: ConversationView }>;
    expect((await thread(w.buyer.agent)).body.breeder).toEqual(link);
    expect((await thread(w.seller.agent)).body.breeder).toEqual(link);

    const order = await w.t.store.orders.create(
      buildOrder(
        {
          reference: 'PN-20260601-B1EEDE12',
          puppyId: w.puppy.id,
          buyerId: w.buyer.user.id,
          sellerId: w.seller.user.id,
          status: 'paid',
        },
        NOW,
      ),
    );
    const mine = (await w.buyer.agent.get('/api/my-orders').expect(200)).body as MyOrdersResponse;
    expect(mine.orders[0]!.breeder).toEqual(link);
    const one = (await w.buyer.agent.get(`/api/orders/${order.reference}`).expect(200)).body as OrderView;
    expect(one.breeder).toEqual(link);

    await w.t.store.moderation.suspendUser(w.seller.user.id, 'suspended', NOW);
    expect((await thread(w.buyer.agent)).body.breeder).toBeNull();
    expect(
      ((await w.buyer.agent.get(`/api/orders/${order.reference}`).expect(200)).body as OrderView).breeder,
    ).toBeNull();
  });
});

describe('breeder profiles', () => {
  it('the seller application seeds the profile; the seller edits it, and a taken kennel name is refused', async () => {
    const t = await createTestApp({ now: NOW });
    const applicant = await signedInAgent(t, {
      username: 'newbreeder',
      verifiedEmail: 'new@example.com',
      createdAt: longAgo,
    });
    await applicant.agent
      .post('/api/seller-applications')
      .send({
        name: 'Sunny Acres',
        email: 'new@example.com',
        phone: '555 010 2000',
        location: 'Portland, OR',
        experience: 'Ten years of Corgis.',
        breedSpecialty: 'Corgi, Beagle',
        termsAgreed: true,
      })
      .expect(201);
    const seeded = (await applicant.agent.get('/api/breeders/mine').expect(200)).body as MyBreederProfileView;
    expect(seeded).toMatchObject({
      kennelName: 'Sunny Acres',
      slug: 'sunny-acres',
      town: 'Portland',
      state: 'OR',
      about: 'Ten years of Corgis.',
      breeds: ['Corgi', 'Beagle'],
    });

    const edited = await applicant.agent
      .put('/api/breeders/mine')
      .send({
        kennelName: 'Sunny Acres Corgis',
        about: 'Health-tested parents.',
        town: 'Salem',
        state: 'or',
        breeds: 'Corgi',
      })
      .expect(200);
    expect(edited.body).toMatchObject({ slug: 'sunny-acres-corgis', state: 'OR', breeds: ['Corgi'] });
    // the old address is free again
    expect((await request(t.app).get('/api/breeders/sunny-acres')).status).toBe(404);

    const other = await signedInAgent(t, { username: 'otherbreeder', accountType: 'seller', createdAt: longAgo });
    const taken = await other.agent
      .put('/api/breeders/mine')
      .send({ kennelName: 'Sunny  Acres Corgis!', town: 'Bend', state: 'OR' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.kennelName).toMatch(/Another kennel/);

    // the form without JavaScript posts and comes back to My Listings
    const posted = await other.agent
      .post('/api/breeders/mine')
      .type('form')
      .send({ kennelName: 'Bend Beagles', town: 'Bend', state: 'OR', breeds: 'Beagle, Basset Hound' });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/my-listings?profile=saved#breeder-profile');
    expect((await request(t.app).get('/api/breeders/bend-beagles').expect(200)).body.breeds).toEqual([
      'Beagle',
      'Basset Hound',
    ]);

    // refused without JavaScript: back to My Listings with a code the page words itself, nothing saved
    const refusedPost = async (fields: Record<string, string>) => {
      const answer = await other.agent.post('/api/breeders/mine').type('form').send(fields);
      expect(answer.status).toBe(303);
      return new URL(answer.headers.location as string, 'http://x').searchParams.get('profile');
    };
    const takenCode = await refusedPost({ kennelName: 'Sunny Acres Corgis', town: 'Bend', state: 'OR' });
    expect(profileFormOutcome(takenCode)).toEqual({ saved: false, text: expect.stringMatching(/Another kennel/) });
    const invalidCode = await refusedPost({ kennelName: '', town: 'Bend', state: 'Oregon' });
    expect(profileFormOutcome(invalidCode)?.text).toMatch(/not saved/);
    expect(profileFormOutcome('<script>')).toBeUndefined();
    expect(((await other.agent.get('/api/breeders/mine').expect(200)).body as MyBreederProfileView).kennelName).toBe(
      'Bend Beagles',
    );
  });

  it('a photo must be one of the seller’s uploads; a buyer has no breeder page', async () => {
    const w = await world();
    const refused = await w.seller.agent.put('/api/breeders/mine').send({
      kennelName: 'Willow Creek Kennels',
      town: 'Austin',
      state: 'TX',
      photoUrl: '/uploads/someone-else.webp',
    });
    expect(refused.status).toBe(400);
    expect(
      (await w.buyer.agent.put('/api/breeders/mine').send({ kennelName: 'Family', town: 'Austin', state: 'TX' }))
        .status,
    ).toBe(403);
  });

  it('listings carry the kennel name and badges; an unknown or suspended breeder is 404', async () => {
    const w = await world();
    const list = await request(w.t.app).get('/api/puppies?limit=10').expect(200);
    expect(list.body.breeders[w.seller.user.id]).toMatchObject({
      slug: 'willow-creek-kennels',
      kennelName: 'Willow Creek Kennels',
    });
    expect((await request(w.t.app).get(`/api/puppies/${w.puppy.id}`).expect(200)).body.seller.breeder.slug).toBe(
      'willow-creek-kennels',
    );
    expect((await request(w.t.app).get('/api/breeders/nobody-here')).status).toBe(404);
    await w.t.store.moderation.suspendUser(w.seller.user.id, 'suspended', NOW);
    expect((await request(w.t.app).get('/api/breeders/willow-creek-kennels')).status).toBe(404);
  });
});

describe('the demo seed', () => {
  it('gives every demo seller a breeder page, reached from their listings', async () => {
    const memory = createMemoryStorage();
    await seedDatabase(memory, {
      dataDir: os.tmpdir(),
      admin: { username: 'admin', password: 'admin-password-1' },
      demo: true,
      images: false,
      now: NOW,
    });
    const t = await createTestApp({ now: NOW, initial: shapeOf(memory) });
    await memory.close();

    const usernames = [DEMO_SELLER.username, ...DEMO_KENNELS.map((k) => k.username)];
    const breedNames = new Map((await t.store.breeds.list()).map((b) => [b.id, b.name]));
    for (const username of usernames) {
      const seller = (await t.store.users.findByUsername(username))!;
      const own = await t.store.puppies.listBySeller(seller.id);
      const listing = own.find((p) => p.expiresAt !== null && Date.parse(p.expiresAt) > NOW.getTime())!;
      expect(listing, `a public listing of ${username}`).toBeDefined();
      const profile = DEMO_BREEDER_PROFILES[username]!;
      const breeder = (await request(t.app).get(`/api/puppies/${listing.id}`).expect(200)).body.seller
        .breeder as BreederSummary;
      expect(breeder.kennelName).toBe(profile.kennelName);
      const view = (await request(t.app).get(`/api/breeders/${breeder.slug}`).expect(200)).body as BreederPageView;
      expect(view).toMatchObject({
        userId: seller.id,
        kennelName: breeder.kennelName,
        town: profile.town,
        state: profile.state,
      });
      expect(view.about.length).toBeGreaterThan(40);
      // the breeds named are ones the seller has listings of
      expect(view.breeds.length).toBeGreaterThan(0);
      expect(view.breeds.every((name) => own.some((p) => breedNames.get(p.breedId) === name))).toBe(true);
      // a demo seller is months old with nothing against them: the page shows at least that badge
      expect(view.badges.map((b) => b.kind)).toContain('no_upheld_reports');
    }
  }, 60_000);
});
