import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../commerce-api/src/auth/passwords.ts';
import type { Puppy } from '../../../commerce-api/src/domain/model.ts';
import { REGIONS } from '../../../commerce-api/src/domain/regions.ts';
import {
  addDemoListings,
  DEMO_BUYER,
  DEMO_SELLER,
  seedDatabase,
  type SeedSummary,
} from '../../../commerce-api/src/seed/seed.ts';
import { DEMO_FAMILIES, DEMO_SALES } from '../../../commerce-api/src/seed/demo-sales.ts';
import { createMemoryStorage, type Storage } from '../../../commerce-api/src/storage/index.ts';
import { BREED_NAMES } from '#contracts/breeds.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const ADMIN = { username: 'Chief', password: 'chief-password-1' };

let dataDir: string;
let storage: Storage;
let first: SeedSummary;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'puppynest-seed-'));
  storage = createMemoryStorage();
  first = await seedDatabase(storage, { dataDir, admin: ADMIN, demo: true, now: NOW });
}, 60_000);

afterAll(async () => {
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const isPublic = (puppy: Puppy) => puppy.expiresAt !== null && Date.parse(puppy.expiresAt) > NOW.getTime();

describe('seedDatabase with demo data', () => {
  it('reports what it inserted', () => {
    expect(first).toMatchObject({ seeded: true, createdDemoData: true, adminCreated: true, warnings: [] });
    expect(first.breeds).toBe(storage.db.breeds.count());
    expect(first.puppies).toBe(storage.db.puppies.count());
    expect(first.users).toBe(storage.db.users.count());
  });

  it('creates every breed of the product list once, with categories and temperament', () => {
    const breeds = storage.db.breeds.all();
    // the pre-rendered Find My Puppy offers BREED_NAMES: the store must hold exactly those
    expect(breeds.map((breed) => breed.name).sort()).toEqual([...BREED_NAMES].sort());
    expect(breeds.length).toBeGreaterThanOrEqual(40);
    expect(breeds.every((breed) => breed.categories.length > 0 && breed.temperament.length > 0)).toBe(true);
  });

  it('creates at least 60 puppies spread over regions, genders, statuses, prices and breeds', () => {
    const puppies = storage.db.puppies.all();
    expect(puppies.length).toBeGreaterThanOrEqual(60);
    const visible = puppies.filter(isPublic);
    expect(visible.length).toBeGreaterThanOrEqual(60);
    expect(new Set(visible.map((p) => p.region))).toEqual(new Set(REGIONS));
    expect(new Set(visible.map((p) => p.gender))).toEqual(new Set(['Male', 'Female']));
    expect(new Set(visible.map((p) => p.status))).toEqual(new Set(['available', 'reserved', 'adopted']));
    expect(visible.filter((p) => p.status === 'available').length).toBeGreaterThan(visible.length / 2);
    expect(new Set(visible.map((p) => p.breedId)).size).toBeGreaterThanOrEqual(25);
    for (const puppy of puppies) {
      expect(Number.isInteger(puppy.price)).toBe(true);
      expect(puppy.price).toBeGreaterThanOrEqual(100);
      expect(puppy.price).toBeLessThanOrEqual(6000);
      expect(storage.db.breeds.get(puppy.breedId), `breed of ${puppy.name}`).toBeDefined();
      expect(storage.db.users.get(puppy.userId)?.accountType).toBe('seller');
    }
    expect(visible.some((p) => p.price < 1000)).toBe(true);
    expect(visible.some((p) => p.price > 3000)).toBe(true);
    expect(new Set(visible.map((p) => p.age)).size).toBeGreaterThan(10);
  });

  it('features several available, public puppies through real annual plans of two kennels (decision 0134)', () => {
    const features = storage.db.listingFeatures.all();
    expect(features.length).toBeGreaterThanOrEqual(6);
    const featured = features.map((f) => storage.db.puppies.get(f.puppyId)!);
    expect(featured.every((p) => p.status === 'available' && isPublic(p))).toBe(true);
    expect(storage.db.puppies.filter((p) => p.featured)).toEqual([]);
    for (const f of features) {
      const plan = storage.db.sellerSubscriptions.find((s) => s.userId === f.userId);
      expect(plan).toMatchObject({ plan: 'annual', status: 'active' });
      expect(storage.db.localPayments.find((o) => o.providerId === plan!.providerSubscriptionId)).toMatchObject({
        kind: 'subscription',
        status: 'active',
      });
    }
    expect(new Set(features.map((f) => f.userId)).size).toBe(2);
    // the demo seller shows the listing-fee flows: no plan
    const seller = storage.db.users.find((u) => u.username === DEMO_SELLER.username)!;
    expect(seller.hasActiveListingPlan).toBe(false);
  });

  it('gives the demo seller listings in every state, including two drafts and an expired one', () => {
    const seller = storage.db.users.find((u) => u.username === DEMO_SELLER.username)!;
    const own = storage.db.puppies.filter((p) => p.userId === seller.id);
    expect(own.filter((p) => p.expiresAt === null)).toHaveLength(2);
    expect(own.filter((p) => p.expiresAt !== null && Date.parse(p.expiresAt) < NOW.getTime())).toHaveLength(1);
    expect(new Set(own.filter(isPublic).map((p) => p.status))).toEqual(new Set(['available', 'reserved', 'adopted']));
    const otherSellers = new Set(storage.db.puppies.filter((p) => p.userId !== seller.id).map((p) => p.userId));
    expect(otherSellers.size).toBeGreaterThanOrEqual(2);
  });

  it('gives every demo seller, and no one else, a breeder profile with its own address', () => {
    const profiles = storage.db.breederProfiles.all();
    const sellers = new Set(storage.db.puppies.all().map((p) => p.userId));
    expect(new Set(profiles.map((p) => p.userId))).toEqual(sellers);
    expect(new Set(profiles.map((p) => p.slug)).size).toBe(profiles.length);
    const demo = profiles.find(
      (p) => p.userId === storage.db.users.find((u) => u.username === DEMO_SELLER.username)!.id,
    )!;
    expect(demo).toMatchObject({
      kennelName: 'Rose City Puppies',
      slug: 'rose-city-puppies',
      town: 'Portland',
      state: 'OR',
      photoUrl: null,
    });
  });

  it('creates the admin and the demo accounts with argon2 hashes that verify', async () => {
    const admin = storage.db.users.find((u) => u.usernameKey === 'chief')!;
    expect(admin).toMatchObject({
      username: 'Chief',
      role: 'admin',
      accountType: 'seller',
      sessionVersion: 0,
      hasActiveListingPlan: false,
      listingPlanExpiresAt: null,
    });
    expect(await verifyPassword(admin.passwordHash, ADMIN.password)).toBe(true);
    for (const demo of [DEMO_BUYER, DEMO_SELLER]) {
      const user = storage.db.users.find((u) => u.usernameKey === demo.username)!;
      expect(user).toMatchObject({
        role: 'user',
        accountType: demo.accountType,
        verifiedEmail: null,
        verifiedPhone: null,
      });
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user.passwordHash, demo.password)).toBe(true);
      expect(await verifyPassword(user.passwordHash, 'not-the-password')).toBe(false);
    }
  });

  it('renders every referenced picture in all three widths, as small 4:3 WebP files', async () => {
    const urls = new Set([
      ...storage.db.breeds.all().map((b) => b.imageUrl),
      ...storage.db.puppies.all().flatMap((p) => [p.imageUrl, ...p.imageUrls]),
    ]);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/seed\/[a-z0-9-]+\.webp$/);
      const main = path.join(dataDir, url);
      for (const file of [main, main.replace(/\.webp$/, '-w640.webp'), main.replace(/\.webp$/, '-w320.webp')]) {
        expect(existsSync(file), file).toBe(true);
      }
    }
    const sample = path.join(dataDir, storage.db.puppies.all()[0]!.imageUrl);
    const meta = await sharp(sample).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    const card = sample.replace(/\.webp$/, '-w320.webp');
    expect(await sharp(card).metadata()).toMatchObject({ width: 320, height: 240 });
    expect(statSync(card).size).toBeLessThan(10_000);
    expect(statSync(sample).size).toBeLessThan(60_000);
  });

  it('changes nothing when run again', async () => {
    const before = {
      users: storage.db.users.all(),
      breeds: storage.db.breeds.all(),
      puppies: storage.db.puppies.all(),
      profiles: storage.db.breederProfiles.all(),
    };
    const again = await seedDatabase(storage, { dataDir, admin: ADMIN, demo: true, now: NOW });
    expect(again).toMatchObject({
      seeded: false,
      createdDemoData: false,
      adminCreated: false,
      breeds: 0,
      users: 0,
      puppies: 0,
    });
    expect(storage.db.users.all()).toEqual(before.users);
    expect(storage.db.breeds.all()).toEqual(before.breeds);
    expect(storage.db.puppies.all()).toEqual(before.puppies);
    expect(storage.db.breederProfiles.all()).toEqual(before.profiles);
  });
});

describe('seedDatabase on an existing database', () => {
  it('adds a missing admin but nothing else', async () => {
    const store = createMemoryStorage({
      breeds: [
        { id: 1, name: 'Beagle', imageUrl: '/x.webp', size: 'medium', categories: ['family'], temperament: ['merry'] },
      ],
    });
    const summary = await seedDatabase(store, {
      dataDir,
      admin: { username: 'boss', password: 'boss-password' },
      demo: true,
      images: false,
    });
    expect(summary).toMatchObject({ seeded: false, adminCreated: true, users: 1, puppies: 0 });
    expect(store.db.users.all().map((u) => [u.username, u.role])).toEqual([['boss', 'admin']]);
    expect(store.db.breeds.count()).toBe(1);
    await store.close();
  });

  it('never promotes an ordinary account that holds the admin name', async () => {
    const store = createMemoryStorage();
    await store.write((db) =>
      db.users.insert({
        username: 'boss',
        usernameKey: 'boss',
        passwordHash: 'x',
        email: 'boss@example.com',
        role: 'user',
        accountType: 'buyer',
        confirmedAdultAt: NOW.toISOString(),
        sessionVersion: 0,
        hasActiveListingPlan: false,
        listingPlanExpiresAt: null,
        verifiedEmail: null,
        verifiedPhone: null,
        createdAt: NOW.toISOString(),
      }),
    );
    const summary = await seedDatabase(store, {
      dataDir,
      admin: { username: 'Boss', password: 'boss-password' },
      demo: false,
      images: false,
    });
    expect(summary.adminCreated).toBe(false);
    expect(summary.warnings.join(' ')).toContain('ADMIN_USERNAME');
    expect(store.db.users.all().map((u) => u.role)).toEqual(['user']);
    await store.close();
  });

  it('gives the demo accounts fresh random passwords when asked (a production demo), and answers them once', async () => {
    const store = createMemoryStorage();
    const summary = await seedDatabase(store, {
      dataDir,
      admin: ADMIN,
      demo: true,
      demoPasswords: 'random',
      images: false,
      now: NOW,
    });
    expect(summary.demoLogins.map((login) => login.username)).toEqual([DEMO_BUYER.username, DEMO_SELLER.username]);
    for (const login of summary.demoLogins) {
      expect(login.password).toMatch(/^[\w-]{16}$/);
      expect([DEMO_BUYER.password, DEMO_SELLER.password]).not.toContain(login.password);
      const user = store.db.users.find((u) => u.username === login.username)!;
      expect(await verifyPassword(user.passwordHash, login.password)).toBe(true);
      expect(
        await verifyPassword(
          user.passwordHash,
          login.accountType === 'buyer' ? DEMO_BUYER.password : DEMO_SELLER.password,
        ),
      ).toBe(false);
    }
    expect(
      (await seedDatabase(store, { dataDir, admin: ADMIN, demo: true, demoPasswords: 'random', images: false }))
        .demoLogins,
    ).toEqual([]);
    await store.close();
  });

  it('without demo data seeds only breeds and the admin', async () => {
    const store = createMemoryStorage();
    const summary = await seedDatabase(store, { dataDir, admin: ADMIN, demo: false, images: false });
    expect(summary).toMatchObject({ seeded: true, createdDemoData: false, adminCreated: true, users: 1, puppies: 0 });
    expect(store.db.breeds.count()).toBeGreaterThanOrEqual(40);
    expect(store.db.puppies.count()).toBe(0);
    await store.close();
  });
});

describe('the demo sales (with the local test-mode provider)', () => {
  it('makes each sale a paid, handed-over order with a paid payout on the configured terms, and a review; a second run adds nothing', async () => {
    const store = createMemoryStorage();
    const options = {
      dataDir,
      admin: ADMIN,
      demo: true,
      images: false,
      connectedSellers: true,
      payouts: { feePercent: 10, holdDays: 5 },
      now: NOW,
    };
    const summary = await seedDatabase(store, options);
    expect(summary.reviews).toBe(DEMO_SALES.length);
    const families = DEMO_FAMILIES.map((f) => store.db.users.find((u) => u.username === f.username));
    expect(families.every((u) => u?.accountType === 'buyer')).toBe(true);
    const orders = store.db.orders.all();
    expect(orders).toHaveLength(DEMO_SALES.length);
    for (const order of orders) {
      const puppy = store.db.puppies.get(order.puppyId)!;
      expect(order).toMatchObject({ status: 'handed_over', sellerId: puppy.userId, livemode: false });
      expect(puppy.status).toBe('adopted');
      expect(order.puppyPriceCents).toBe(puppy.price * 100);
      expect(order.totalCents).toBe(order.puppyPriceCents + order.carePackageCents);
      // the listing, the order, its payment and the handover follow each other, all before now
      expect(puppy.createdAt < order.createdAt && order.paidAt! < order.handedOverAt!).toBe(true);
      const intent = store.db.localPayments.find((o) => o.providerId === order.paymentIntentId)!;
      expect(intent).toMatchObject({ kind: 'payment_intent', status: 'succeeded', amountCents: order.totalCents });
      const payout = store.db.payouts.find((p) => p.orderId === order.id)!;
      const fee = Math.round(order.puppyPriceCents / 10);
      expect(payout).toMatchObject({ status: 'paid', feeCents: fee, amountCents: order.puppyPriceCents - fee });
      expect(Date.parse(payout.releaseAt) - Date.parse(order.handedOverAt!)).toBe(5 * 86_400_000);
      const transfer = store.db.localPayments.find((o) => o.providerId === payout.transferId)!;
      expect(transfer).toMatchObject({ kind: 'transfer', amountCents: payout.amountCents });
      expect(transfer.metadata['transferGroup']).toBe(order.reference);
      const review = store.db.reviews.find((r) => r.orderId === order.id)!;
      expect(review.buyerId).toBe(order.buyerId);
      expect(review.createdAt > order.handedOverAt! && review.createdAt < NOW.toISOString()).toBe(true);
    }
    expect(store.db.reviews.filter((r) => r.reply !== null).length).toBe(DEMO_SALES.filter((s) => s.reply).length);
    expect(store.db.sellerRatings.count()).toBe(new Set(DEMO_SALES.map((s) => s.seller)).size);
    // the demo seller still has listings in every state for My Listings' tabs
    const seller = store.db.users.find((u) => u.username === DEMO_SELLER.username)!;
    const own = store.db.puppies.filter((p) => p.userId === seller.id && isPublic(p));
    expect(new Set(own.map((p) => p.status))).toEqual(new Set(['available', 'reserved', 'adopted']));

    expect(await seedDatabase(store, options)).toMatchObject({ seeded: false, reviews: 0 });
    expect(store.db.orders.count()).toBe(DEMO_SALES.length);
    await store.close();
  });

  it('without the local provider (Stripe) seeds no sales: their payments would not exist there', () => {
    expect(first.reviews).toBe(0);
    expect(storage.db.orders.count()).toBe(0);
    expect(storage.db.reviews.count()).toBe(0);
  });
});

describe('addDemoListings (npm run seed -- --listings=N)', () => {
  it('adds N public listings spread over the seeded sellers, and N more on the next run', async () => {
    const before = storage.db.puppies.count();
    const sellers = new Set(
      storage.db.users.filter((u) => u.accountType === 'seller' && u.role !== 'admin').map((u) => u.id),
    );
    expect(await addDemoListings(storage, 200, { now: NOW })).toBe(200);
    const added = storage.db.puppies.all().slice(before);
    expect(added).toHaveLength(200);
    expect(added.every(isPublic)).toBe(true);
    expect(added.every((p) => sellers.has(p.userId))).toBe(true);
    expect(new Set(added.map((p) => p.userId)).size).toBeGreaterThan(1);
    expect(await addDemoListings(storage, 10, { now: NOW })).toBe(10);
    expect(storage.db.puppies.count()).toBe(before + 210);
  });

  it('refuses a store without the demo breeds and sellers, and adds nothing', async () => {
    const empty = createMemoryStorage();
    await expect(addDemoListings(empty, 5, { now: NOW })).rejects.toThrow(/demo breeds and sellers/);
    expect(empty.db.puppies.count()).toBe(0);
  });
});
