// Reviews from verified buyers (docs/product.md "Reviews", decision 0119), on both stores: who may write
// one (the buyer of a handed-over, not refunded order; a stranger learns nothing), the 12-month window,
// one per order (also with two processes writing at once), the scam guard, the seller's one reply, the
// buyer's edit within 30 days, a report and an admin's hide, the invitation a week after the handover,
// and the seller's rating on the listing, the catalogue's cards and the rating sort.
import os from 'node:os';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#contracts/orders.ts';
import type { PuppyPage, PuppyView } from '#contracts/puppies.ts';
import type { OwnReviewView, SellerOwnReviewsView, SellerReviewsView } from '#contracts/reviews.ts';
import type { MoneyCheckResponse } from '#contracts/payouts.ts';
import { writeReview } from '../../commerce-api/src/domain/reviews.ts';
import { scamFlags } from '../../commerce-api/src/domain/scam-guard/index.ts';
import { DEMO_BREEDER_PROFILES } from '../../commerce-api/src/seed/breeder-profiles.ts';
import { DEMO_SALES } from '../../commerce-api/src/seed/demo-sales.ts';
import { shapeOf } from '../../commerce-api/src/seed/seed-postgres.ts';
import { seedDatabase } from '../../commerce-api/src/seed/seed.ts';
import { createMemoryStorage } from '../../commerce-api/src/storage/index.ts';
import { createTestApp } from '../support/test-app.ts';
import { sendReviewInvites } from '../../commerce-api/src/domain/review-invites.ts';
import { AppError } from '../../commerce-api/src/errors.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import { signedInAgent } from '../support/api-login.ts';
import { addPuppy, marketplace, NOW } from '../support/payments.ts';
import { adminAgent, buy, connect, handOver } from '../support/payouts.ts';
import { onPostgres } from '../support/test-store.ts';

const DAY_MS = 86_400_000;
const GOOD = { rating: 5, body: 'Daisy came home healthy and happy; the breeder answered every question.' };

/** a seller, a buyer who paid for Daisy, and the handover made */
async function handedOver() {
  const world = await marketplace();
  await connect(world.seller.agent);
  const sale = await buy(world.t, world.puppy.id);
  await handOver(world.seller.agent, sale.order.reference);
  return { ...world, ...sale };
}

async function review(w: Awaited<ReturnType<typeof handedOver>>, body: object = GOOD) {
  return w.buyer.agent.post(`/api/orders/${w.order.reference}/review`).send(body);
}

describe('who may review, and when', () => {
  it('the buyer of a handed-over order writes one, shown as a verified purchase; My Orders offers it before, not after', async () => {
    const w = await handedOver();
    const before = (await w.buyer.agent.get(`/api/orders/${w.order.reference}`)).body as OrderView;
    expect(before).toMatchObject({ canReview: true, review: null });
    const written = await review(w);
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const breed = (await w.t.store.breeds.list()).find((b) => b.id === w.puppy.breedId)!.name;
    expect(written.body).toMatchObject({
      rating: 5,
      body: GOOD.body,
      verifiedLine: `Verified purchase · Daisy · ${breed} · June 2026`,
      editedAt: null,
      reply: null,
      hidden: null,
    });
    const after = (await w.buyer.agent.get(`/api/orders/${w.order.reference}`)).body as OrderView;
    expect(after).toMatchObject({ canReview: false, review: { id: written.body.id, rating: 5 } });
    const sellers = (await request(w.t.app).get(`/api/sellers/${w.seller.user.id}/reviews`)).body as SellerReviewsView;
    expect(sellers).toMatchObject({
      rating: { average: 5, count: 1 },
      reviews: [{ id: written.body.id, buyerName: w.buyer.user.username }],
    });
  });

  it('before the handover the buyer is told to wait (409); the seller (403) and a stranger (404) cannot review', async () => {
    const w = await marketplace();
    const sale = await buy(w.t, w.puppy.id);
    const early = await sale.buyer.agent.post(`/api/orders/${sale.order.reference}/review`).send(GOOD);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('not_handed_over');
    await handOver(w.seller.agent, sale.order.reference);
    const bySeller = await w.seller.agent.post(`/api/orders/${sale.order.reference}/review`).send(GOOD);
    expect(bySeller.status).toBe(403);
    const stranger = await signedInAgent(w.t);
    const byStranger = await stranger.agent.post(`/api/orders/${sale.order.reference}/review`).send(GOOD);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.error.message).toBe('No order with this reference was found.');
    expect((await request(w.t.app).post(`/api/orders/${sale.order.reference}/review`).send(GOOD)).status).toBe(401);
    expect(await w.t.store.reviews.findByOrder(sale.order.id)).toBeUndefined();
  });

  it('a refunded order cannot be reviewed', async () => {
    const w = await handedOver();
    const admin = await adminAgent(w.t);
    const cancelled = await admin
      .post(`/api/admin/orders/${w.order.reference}/cancel`)
      .send({ reason: 'The puppy was sick on arrival.' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refused = await review(w);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('order_not_reviewable');
    expect(((await w.buyer.agent.get(`/api/orders/${w.order.reference}`)).body as OrderView).canReview).toBe(false);
  });

  it('the window: still open on the last day of the 12 months, closed the day after', async () => {
    const handedOverOn = async (w: Awaited<ReturnType<typeof handedOver>>, at: Date) => {
      await w.t.store.orders.transition(w.order.id, ['handed_over'], {
        status: 'handed_over',
        handedOverAt: at.toISOString(),
      });
    };
    const late = await handedOver();
    await handedOverOn(late, new Date('2025-05-31T12:00:00.000Z'));
    const refused = await review(late);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('review_window_closed');
    expect(((await late.buyer.agent.get(`/api/orders/${late.order.reference}`)).body as OrderView).canReview).toBe(
      false,
    );
    const inTime = await handedOver();
    await handedOverOn(inTime, new Date('2025-06-01T12:00:00.000Z'));
    expect((await review(inTime)).status).toBe(201);
  });

  it("the content: 1–5 stars and 20–2,000 characters, with the form's messages", async () => {
    const w = await handedOver();
    const noStars = await review(w, { rating: 0, body: GOOD.body });
    expect(noStars.status).toBe(400);
    expect(noStars.body.error.fields).toMatchObject({ rating: 'Please choose 1 to 5 stars' });
    const short = await review(w, { rating: 4, body: 'Lovely puppy!' });
    expect(short.body.error.fields).toMatchObject({ body: 'Please write at least 20 characters' });
    const long = await review(w, { rating: 4, body: 'a'.repeat(2001) });
    expect(long.body.error.fields).toMatchObject({ body: 'Please keep your review under 2,000 characters' });
    expect((await review(w, { rating: 4, body: 'a'.repeat(2000) })).status).toBe(201);
  });

  it('the scam guard refuses a review that asks to pay off PuppyNest, and says why; nothing is stored', async () => {
    const w = await handedOver();
    const flagged = await review(w, {
      rating: 5,
      body: 'Great breeder, send the deposit by Zelle to hold your puppy!',
    });
    expect(flagged.status).toBe(400);
    expect(flagged.body.error.fields.body).toContain('Reviews cannot ask anyone to pay or talk outside PuppyNest');
    expect(await w.t.store.reviews.findByOrder(w.order.id)).toBeUndefined();
  });
});

describe('one review per order', () => {
  it('a second review of the same order is refused with 409', async () => {
    const w = await handedOver();
    expect((await review(w)).status).toBe(201);
    const again = await review(w, { rating: 1, body: 'Changed my mind about this whole thing entirely.' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_reviewed');
  });

  it('two writers at once, in two processes: one review is kept, the other writer gets a clear 409', async () => {
    const w = await handedOver();
    // a second process: its own pool on the same database (on lowdb: a second caller in this one)
    const pool = onPostgres ? createPool({ connectionString: w.t.databaseUrl!, max: 4 }) : undefined;
    try {
      const other = pool ? createPostgresRepositories(pool) : w.t.store;
      const buyer = (await w.t.store.users.get(w.buyer.user.id))!;
      const results = await Promise.allSettled([
        writeReview({ store: w.t.store, now: w.t.deps.now }, buyer, w.order.reference, GOOD),
        writeReview({ store: other, now: w.t.deps.now }, buyer, w.order.reference, {
          rating: 3,
          body: 'A second tab wrote this one at the very same moment.',
        }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(AppError);
      expect(lost[0]!.reason).toMatchObject({ status: 409, code: 'already_reviewed' });
      const ratings = await w.t.store.sellerRatings.forSellers([w.seller.user.id]);
      expect(ratings.get(w.seller.user.id)).toMatchObject({ reviewCount: 1 });
    } finally {
      await pool?.end();
    }
  });
});

describe('the seller replies once; the buyer edits within 30 days', () => {
  it("only the order's seller replies, once, publicly; another seller is refused", async () => {
    const w = await handedOver();
    const id = (await review(w)).body.id as number;
    const otherSeller = await signedInAgent(w.t, { accountType: 'seller' });
    expect((await otherSeller.agent.post(`/api/reviews/${id}/reply`).send({ body: 'Thanks!' })).status).toBe(403);
    expect((await w.buyer.agent.post(`/api/reviews/${id}/reply`).send({ body: 'Me again' })).status).toBe(403);
    const replied = await w.seller.agent
      .post(`/api/reviews/${id}/reply`)
      .send({ body: 'Thank you, give Daisy a hug from us.' });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    expect(replied.body.reply).toEqual({ body: 'Thank you, give Daisy a hug from us.', at: NOW.toISOString() });
    const twice = await w.seller.agent.post(`/api/reviews/${id}/reply`).send({ body: 'One more thing.' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('already_replied');
    const shown = (await request(w.t.app).get(`/api/sellers/${w.seller.user.id}/reviews`)).body as SellerReviewsView;
    expect(shown.reviews[0]!.reply).toEqual({ body: 'Thank you, give Daisy a hug from us.', at: NOW.toISOString() });
  });

  it('the buyer edits within 30 days and the review is marked edited; the rating follows; after 30 days it is refused', async () => {
    const w = await handedOver();
    const id = (await review(w)).body.id as number;
    // written 10 days ago (the session would not last a month of ticks)
    const writtenAgo = async (days: number) =>
      void (await w.t.store.reviews.update(id, { createdAt: new Date(NOW.getTime() - days * DAY_MS).toISOString() }));
    await writtenAgo(10);
    const edited = await w.buyer.agent
      .patch(`/api/reviews/${id}`)
      .send({ rating: 3, body: 'Good puppy, but the paperwork came two weeks late.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body as OwnReviewView).editedAt).toBe(NOW.toISOString());
    expect((await request(w.t.app).get(`/api/sellers/${w.seller.user.id}/reviews`)).body.rating).toEqual({
      average: 3,
      count: 1,
    });
    expect((await w.seller.agent.patch(`/api/reviews/${id}`).send(GOOD)).status).toBe(403);
    await writtenAgo(31);
    const late = await w.buyer.agent.patch(`/api/reviews/${id}`).send(GOOD);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('review_edit_closed');
  });
});

describe('report and hide', () => {
  it('anyone logged in reports a review; an admin hides it; it leaves the public list and the rating, and both parties see why', async () => {
    const w = await handedOver();
    const id = (await review(w)).body.id as number;
    const reader = await signedInAgent(w.t);
    expect((await request(w.t.app).post('/api/reports').send({ reviewId: id, reason: 'offensive' })).status).toBe(401);
    const filed = await reader.agent
      .post('/api/reports')
      .send({ reviewId: id, reason: 'offensive', comment: 'Names a person' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const admin = await adminAgent(w.t);
    const queue = await admin.get('/api/admin/moderation');
    expect(queue.body.reports[0]).toMatchObject({
      id: filed.body.id,
      review: { id, rating: 5, hidden: false, buyer: { id: w.buyer.user.id } },
    });
    const decided = await admin.post(`/api/admin/reports/${filed.body.id}/decision`).send({ decision: 'hide_review' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const shown = (await request(w.t.app).get(`/api/sellers/${w.seller.user.id}/reviews`)).body as SellerReviewsView;
    expect(shown).toMatchObject({ rating: null, reviews: [] });
    const why = { reason: 'Hidden by our team after a report: Offensive.', at: NOW.toISOString() };
    expect(((await w.buyer.agent.get(`/api/orders/${w.order.reference}`)).body as OrderView).review?.hidden).toEqual(
      why,
    );
    expect(((await w.seller.agent.get(`/api/orders/${w.order.reference}`)).body as OrderView).review?.hidden).toEqual(
      why,
    );
    // hidden: nobody else can report it or reply to it
    expect((await reader.agent.post('/api/reports').send({ reviewId: id, reason: 'other' })).status).toBe(404);
    expect((await reader.agent.post(`/api/reviews/${id}/reply`).send({ body: 'hi' })).status).toBe(404);
  });

  it("the seller's own list (My Listings' Reviews) has every review of their sales, the hidden one with its reason, and whether a reply is open", async () => {
    const w = await handedOver();
    const id = (await review(w)).body.id as number;
    expect((await request(w.t.app).get('/api/seller-reviews')).status).toBe(401);
    const mine = async (agent = w.seller.agent) =>
      (await agent.get('/api/seller-reviews')).body as SellerOwnReviewsView;
    expect(await mine()).toMatchObject({
      rating: { average: 5, count: 1 },
      reviews: [{ id, orderReference: w.order.reference, canReply: true, hidden: null, reply: null }],
    });
    // another account sells nothing: its list is empty, never someone else's
    expect(await mine(w.buyer.agent)).toEqual({ rating: null, reviews: [] });
    await w.seller.agent.post(`/api/reviews/${id}/reply`).send({ body: 'Thank you, give Daisy a hug from us.' });
    expect((await mine()).reviews[0]).toMatchObject({
      canReply: false,
      reply: { body: 'Thank you, give Daisy a hug from us.' },
    });
    const reader = await signedInAgent(w.t);
    const filed = await reader.agent.post('/api/reports').send({ reviewId: id, reason: 'offensive' });
    const admin = await adminAgent(w.t);
    await admin.post(`/api/admin/reports/${filed.body.id}/decision`).send({ decision: 'hide_review' });
    expect(await mine()).toMatchObject({
      rating: null,
      reviews: [{ id, hidden: { reason: 'Hidden by our team after a report: Offensive.' }, canReply: false }],
    });
  });
});

describe('the invitation a week after the handover', () => {
  it('is mailed once to the buyer, not before the week, and not for an order already reviewed', async () => {
    const w = await handedOver();
    const deps = { store: w.t.store, mailer: w.t.deps.mailer, log: w.t.deps.log, siteUrl: 'http://localhost' };
    const invites = () => w.t.outbox.entries.filter((m) => m.subject.startsWith('How is Daisy settling in?'));
    expect(await sendReviewInvites(deps, new Date(NOW.getTime() + 6 * DAY_MS))).toBe(0);
    expect(await sendReviewInvites(deps, new Date(NOW.getTime() + 7 * DAY_MS))).toBe(1);
    expect(invites()).toHaveLength(1);
    expect(invites()[0]).toMatchObject({ to: `${w.buyer.user.username}@example.com` });
    expect(invites()[0]!.text).toContain('http://localhost/my-orders');
    expect(await sendReviewInvites(deps, new Date(NOW.getTime() + 8 * DAY_MS))).toBe(0);
    expect(invites()).toHaveLength(1);

    const reviewed = await handedOver();
    expect((await review(reviewed)).status).toBe(201);
    const other = { ...deps, store: reviewed.t.store, mailer: reviewed.t.deps.mailer };
    expect(await sendReviewInvites(other, new Date(NOW.getTime() + 7 * DAY_MS))).toBe(0);
  });
});

describe('the rating on listings, cards and the rating sort', () => {
  it("the listing and the catalogue card carry the seller's rating; sort=rating puts the best-rated seller first", async () => {
    const w = await handedOver();
    // a second seller, rated 2 by their buyer; a third without reviews
    const second = await signedInAgent(w.t, { accountType: 'seller' });
    const secondPuppy = await addPuppy(w.t, second.user.id, { name: 'Rex' });
    const sale = await buy(w.t, secondPuppy.id);
    await handOver(second.agent, sale.order.reference);
    const third = await signedInAgent(w.t, { accountType: 'seller' });
    await addPuppy(w.t, third.user.id, { name: 'Zed' });
    const listed = await addPuppy(w.t, w.seller.user.id, { name: 'Bella' });
    expect((await review(w, { rating: 4, body: 'Friendly breeder, healthy puppy, fair price overall.' })).status).toBe(
      201,
    );
    expect(
      (
        await sale.buyer.agent
          .post(`/api/orders/${sale.order.reference}/review`)
          .send({ rating: 2, body: 'The puppy was fine but the pickup was chaotic.' })
      ).status,
    ).toBe(201);

    const detail = (await request(w.t.app).get(`/api/puppies/${listed.id}`)).body as PuppyView;
    expect(detail.sellerRating).toEqual({ average: 4, count: 1 });
    // Daisy and Rex went home (adopted) and stay listed: the first seller's listings (4 stars), newest
    // first, then the second seller's (2), then the seller without reviews
    const page = (await request(w.t.app).get('/api/puppies?sort=rating&limit=10')).body as PuppyPage;
    expect(page.items.map((p) => [p.name, p.sellerRating?.average ?? null])).toEqual([
      ['Bella', 4],
      ['Daisy', 4],
      ['Rex', 2],
      ['Zed', null],
    ]);
    expect(page.items[0]!.sellerRating).toEqual({ average: 4, count: 1 });
    expect(page.total).toBe(4);
  });
});

describe('the demo seed', () => {
  it("gives the demo sellers handed-over, paid sales with their buyers' reviews and replies, which the money check finds as recorded", async () => {
    const memory = createMemoryStorage();
    const seeded = await seedDatabase(memory, {
      dataDir: os.tmpdir(),
      admin: { username: 'admin', password: 'admin-password-1' },
      demo: true,
      images: false,
      connectedSellers: true,
      now: NOW,
    });
    expect(seeded.reviews).toBe(DEMO_SALES.length);
    const t = await createTestApp({ now: NOW, initial: shapeOf(memory) });
    await memory.close();

    const ratings = new Set<number>();
    for (const username of Object.keys(DEMO_BREEDER_PROFILES)) {
      const seller = (await t.store.users.findByUsername(username))!;
      const shown = (await request(t.app).get(`/api/sellers/${seller.id}/reviews`)).body as SellerReviewsView;
      const expected = DEMO_SALES.filter((sale) => sale.seller === username);
      expect(shown.rating, username).toEqual({
        average: Math.round((expected.reduce((sum, sale) => sum + sale.rating, 0) / expected.length) * 10) / 10,
        count: expected.length,
      });
      expect(shown.reviews.some((r) => r.reply !== null)).toBe(true);
      for (const r of shown.reviews) {
        ratings.add(r.rating);
        expect(r.verifiedLine).toMatch(/^Verified purchase · [^·]+ · [^·]+ · [A-Z][a-z]+ \d{4}$/);
      }
      // every order a review belongs to was handed over and its seller paid
      for (const order of await t.store.orders.listLiveBySeller(seller.id)) {
        expect(order.status).toBe('handed_over');
        expect(await t.store.payouts.findByOrder(order.id)).toMatchObject({ status: 'paid', sellerId: seller.id });
        expect((await t.store.puppies.get(order.puppyId))?.status).toBe('adopted');
      }
    }
    expect(ratings.size).toBeGreaterThanOrEqual(3);
    // the cards of /puppies carry the demo sellers' ratings
    const page = (await request(t.app).get('/api/puppies?limit=100')).body as PuppyPage;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((card: PuppyView) => card.sellerRating !== null && card.sellerRating.count >= 2)).toBe(
      true,
    );
    // the payments and transfers are at the local provider as the orders and payouts say
    const admin = await adminAgent(t);
    const checked = await admin.post('/api/admin/money-check');
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect((checked.body as MoneyCheckResponse).report).toMatchObject({ orders: DEMO_SALES.length, mismatchCount: 0 });
  });

  it('writes reviews of 20 to 2,000 characters that the scam guard lets through, and replies too', () => {
    for (const sale of DEMO_SALES) {
      expect(sale.review.length).toBeGreaterThanOrEqual(20);
      expect(sale.review.length).toBeLessThanOrEqual(2000);
      expect(scamFlags(sale.review), sale.review).toEqual([]);
      if (sale.reply) expect(scamFlags(sale.reply), sale.reply).toEqual([]);
    }
  });
});
