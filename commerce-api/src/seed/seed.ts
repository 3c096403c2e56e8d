// First-start data: the breeds (always: the post-puppy form needs them), the admin account from the
// configuration and, with demo data on, demo accounts, breeders, a catalogue of listings with
// generated pictures and, with the local test-mode provider, the sales the demo sellers have made with
// their buyers' reviews (demo-sales.ts). Idempotent: once breeds exist, a run only makes sure the admin exists, so a
// restart never duplicates or resets anything.
import { randomBytes } from 'node:crypto';
import { slugify } from '#contracts/breeders.ts';
import { FEATURE_DAYS } from '#contracts/features.ts';
import { PLANS, TRIAL_DAYS } from '#contracts/plans.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Collections, NewRow, Storage } from '../storage/lowdb/storage.ts';
import { DEMO_BREEDER_PROFILES } from './breeder-profiles.ts';
import { embeddedRecommended, insertDemoParents, writeDemoProofs } from './demo-parents.ts';
import { BREEDS } from './breeds.ts';
import { buildCatalogue } from './catalogue.ts';
import { DEMO_ACCOUNTS, DEMO_KENNELS, type DemoAccount } from './demo-accounts.ts';
import { DEMO_FAMILIES, markSold, recordDemoSales, type SaleToRecord } from './demo-sales.ts';
import { createLowdbRepositories } from '../storage/lowdb/repositories.ts';
import { buildBreeds, buildPuppy, buildUser } from './factories.ts';
import { breedImage, PUPPY_POOL } from './puppy-art.ts';
import { createRng } from './rng.ts';
import { generateSeedImages, type ImageRunSummary } from './seed-images.ts';

export { buildCatalogue, type CatalogueOptions } from './catalogue.ts';
export { DEMO_ACCOUNTS, DEMO_BUYER, DEMO_SELLER, type DemoAccount } from './demo-accounts.ts';

export interface SeedOptions {
  dataDir: string;
  admin: { readonly username: string; readonly password: string };
  /** demo accounts, breeders, listings and their pictures */
  demo: boolean;
  /** 'random': the demo accounts get fresh passwords (a public demo deployment), not the README's */
  demoPasswords?: 'published' | 'random';
  /** render the pictures into `<dataDir>/uploads/seed/` (default true) */
  images?: boolean;
  now?: Date;
  /** PRNG seed of the demo data: the same seed gives the same catalogue */
  seed?: number;
  /** public listings in the demo catalogue (default 68; the demo seller adds 2 drafts and 1 expired) */
  puppies?: number;
  /**
   * The demo sellers get payout accounts (decision 0101) with payouts enabled at the local provider. Only
   * while it takes the payments: with Stripe keys, a seller connects through Stripe's onboarding.
   */
  connectedSellers?: boolean;
  /**
   * The payout terms the demo's past sales were paid on (config.payouts: the platform's fee and the
   * buyer's window, decision 0101); default no fee and 3 days, the configuration's defaults.
   */
  payouts?: { readonly feePercent: number; readonly holdDays: number };
  /** the embedded content's folder, for the breeds' recommended health tests (default: ./content) */
  contentDir?: string;
}

export interface SeedSummary {
  /** false when breeds already existed, so only the admin account was checked */
  seeded: boolean;
  /** demo accounts and listings were inserted by this run */
  createdDemoData: boolean;
  adminCreated: boolean;
  /** the demo accounts this run created and their passwords, to show once */
  demoLogins: DemoAccount[];
  /** rows inserted by this run */
  breeds: number;
  users: number;
  puppies: number;
  /** reviews of the demo sales (their orders, payouts and replies with them), inserted by this run */
  reviews: number;
  images: ImageRunSummary;
  warnings: string[];
  ms: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SEED = 7;
/** the configuration's defaults (config.ts: PLATFORM_FEE_PERCENT, PAYOUT_HOLD_DAYS) */
const DEFAULT_TERMS = { feePercent: 0, holdDays: 3 };

export async function seedDatabase(storage: Storage, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const adminKey = options.admin.username.trim().toLowerCase();
  const alreadySeeded = storage.db.breeds.count() > 0;
  const adminExists = storage.db.users.find((user) => user.usernameKey === adminKey) !== undefined;
  const withDemo = options.demo && !alreadySeeded;
  const demoAccounts = DEMO_ACCOUNTS.map((account) =>
    options.demoPasswords === 'random' ? { ...account, password: randomBytes(12).toString('base64url') } : account,
  );

  const imageWork =
    alreadySeeded || options.images === false
      ? Promise.resolve({ written: 0, skipped: 0 })
      : generateSeedImages(options.dataDir, [...BREEDS.map(breedImage), ...(options.demo ? PUPPY_POOL : [])]);
  const hashWork = Promise.all([
    adminExists ? Promise.resolve('') : hashPassword(options.admin.password),
    ...(withDemo
      ? [
          ...demoAccounts.map((account) => account.password),
          ...[...DEMO_KENNELS, ...DEMO_FAMILIES].map(() => randomBytes(24).toString('base64url')),
        ].map(hashPassword)
      : []),
  ]);
  const [images, [adminHash = '', ...demoHashes]] = await Promise.all([imageWork, hashWork]);

  const result = await storage.write((db) => {
    const warnings: string[] = [];
    const adminCreated = ensureAdmin(db, options.admin.username.trim(), adminHash, now, warnings);
    if (db.breeds.count() > 0)
      return {
        seeded: false,
        createdDemoData: false,
        adminCreated,
        demoLogins: [],
        breeds: 0,
        users: adminCreated ? 1 : 0,
        puppies: 0,
        sales: [],
        warnings,
        proofKeys: [] as string[],
      };

    const breedIds = buildBreeds().map((row) => db.breeds.insert(row).id);
    let users = adminCreated ? 1 : 0;
    let puppies = 0;
    let sales: SaleToRecord[] = [];
    let proofKeys: string[] = [];
    if (withDemo) {
      const inserted = insertDemo(db, demoAccounts, demoHashes, options, now, warnings);
      users += inserted.users;
      puppies += inserted.puppies;
      sales = inserted.sales;
      proofKeys = inserted.proofKeys;
    }
    const demoLogins = puppies > 0 ? demoAccounts : [];
    return {
      seeded: true,
      createdDemoData: puppies > 0,
      adminCreated,
      demoLogins,
      breeds: breedIds.length,
      users,
      puppies,
      sales,
      warnings,
      proofKeys,
    };
  });
  // the demo tests' proofs (decision 0121), once their rows are in; generated files, like the pictures
  const { proofKeys, ...summary } = result;
  if (options.images !== false) await writeDemoProofs(options.dataDir, proofKeys);

  // The sales go through the store's repositories, after the listings and accounts they point at.
  const { sales, ...rest } = summary;
  const reviews =
    sales.length > 0
      ? await recordDemoSales(createLowdbRepositories(storage), sales, options.payouts ?? DEFAULT_TERMS, now)
      : 0;
  return { ...rest, reviews, images, ms: Math.round(performance.now() - started) };
}

/**
 * Creates the configured admin unless that username exists; never promotes someone else's account.
 * `passwordHash` is empty when the account already existed before the write began.
 */
function ensureAdmin(db: Collections, username: string, passwordHash: string, now: Date, warnings: string[]): boolean {
  const existing = db.users.find((user) => user.usernameKey === username.toLowerCase());
  if (existing) {
    if (existing.role !== 'admin') {
      warnings.push(
        `ADMIN_USERNAME "${username}" belongs to an ordinary account, which was left as it is: choose another ADMIN_USERNAME.`,
      );
    }
    return false;
  }
  if (!passwordHash) return false;
  const local = /^[a-z0-9._-]+$/i.test(username) ? username.toLowerCase() : 'admin';
  db.users.insert(
    buildUser(
      { username, passwordHash, email: `${local}@puppynest.example`, role: 'admin', accountType: 'seller' },
      now,
    ),
  );
  return true;
}

function insertDemo(
  db: Collections,
  [buyer, seller]: DemoAccount[],
  hashes: string[],
  options: SeedOptions,
  now: Date,
  warnings: string[],
): { users: number; puppies: number; sales: SaleToRecord[]; proofKeys: string[] } {
  const people = [
    { ...buyer!, daysAgo: 45 },
    { ...seller!, daysAgo: 200 },
    ...DEMO_KENNELS.map((kennel, i) => ({ ...kennel, accountType: 'seller' as const, daysAgo: 400 + 90 * i })),
    ...DEMO_FAMILIES.map((family, i) => ({ ...family, accountType: 'buyer' as const, daysAgo: 180 + 20 * i })),
  ];
  const taken = people.filter((person) => db.users.find((user) => user.usernameKey === person.username.toLowerCase()));
  if (taken.length > 0) {
    warnings.push(`Demo data skipped: the username "${taken[0]!.username}" is already taken.`);
    return { users: 0, puppies: 0, sales: [], proofKeys: [] };
  }
  const ids = people.map(
    (person, i) =>
      db.users.insert(
        buildUser(
          {
            username: person.username,
            email: person.email,
            passwordHash: hashes[i]!,
            accountType: person.accountType,
            createdAt: new Date(now.getTime() - person.daysAgo * DAY_MS).toISOString(),
          },
          now,
        ),
      ).id,
  );
  const [, sellerId, ...others] = ids as [number, number, ...number[]];
  const kennelIds = others.slice(0, DEMO_KENNELS.length);
  const idOf = new Map(people.map((person, i) => [person.username, ids[i]!]));
  if (options.connectedSellers) [sellerId, ...kennelIds].forEach((id, i) => connectSeller(db, id, people[i + 1]!, now));

  const rng = createRng(options.seed ?? DEFAULT_SEED);
  const breedIds = BREEDS.map((breed) => db.breeds.find((row) => row.name === breed.name)!.id);
  const listings = buildCatalogue(options.puppies ?? 68, rng, { breedIds, sellerIds: [sellerId, ...kennelIds], now });
  showEveryStatus(listings.filter((puppy) => puppy.userId === sellerId));
  listings.push(...demoSellerStates(sellerId, breedIds, now));
  // past sales need the local provider's payments and the sellers' payout accounts (demo-sales.ts)
  const sold = options.connectedSellers ? markSold(listings, idOf, now) : [];

  listings.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  // the catalogue's sample marks the listings a plan features below; the flag itself is no longer read
  const picked = new Set(listings.filter((puppy) => puppy.featured));
  for (const puppy of listings) puppy.featured = false;
  const puppyIds = new Map(listings.map((puppy) => [puppy, db.puppies.insert(puppy).id]));
  // real features (decision 0134): two kennels on the annual plan, three features each. The demo seller
  // has no plan: the listing-fee flows are shown with its drafts.
  kennelIds.slice(0, 2).forEach((id, i) => insertDemoPlan(db, id, people[i + 2]!, 3, listings, picked, puppyIds, now));
  [sellerId, ...kennelIds].forEach((id, i) => insertBreederProfile(db, id, people[i + 1]!.username, listings));
  const sales = sold.map(({ listing, sale }) => ({
    sale,
    puppyId: puppyIds.get(listing)!,
    priceDollars: listing.price,
    sellerId: listing.userId,
    buyerId: idOf.get(sale.buyer)!,
  }));
  // parents and health tests (decision 0121): the first kennel earns Health-tested parents
  const proofKeys = insertDemoParents(
    db,
    {
      demoSellerId: sellerId,
      testedKennelId: kennelIds[0]!,
      adminId: db.users.find((user) => user.role === 'admin')?.id ?? null,
    },
    embeddedRecommended(options.contentDir),
    now,
  );
  return { users: ids.length, puppies: listings.length, sales, proofKeys };
}

/**
 * A demo seller's breeder page (decision 0118), as a real seller's is seeded from their application;
 * its breeds are the ones the seller lists most, so the page matches the listings it shows.
 */
function insertBreederProfile(
  db: Collections,
  userId: number,
  username: string,
  listings: readonly NewRow<'puppies'>[],
): void {
  const profile = DEMO_BREEDER_PROFILES[username];
  if (!profile) return;
  const counts = new Map<number, number>();
  for (const puppy of listings)
    if (puppy.userId === userId) counts.set(puppy.breedId, (counts.get(puppy.breedId) ?? 0) + 1);
  const breeds = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 4)
    .map(([breedId]) => db.breeds.get(breedId)!.name);
  const at = db.users.get(userId)!.createdAt;
  db.breederProfiles.insert({
    userId,
    ...profile,
    slug: slugify(profile.kennelName),
    breeds,
    photoUrl: null,
    createdAt: at,
    updatedAt: at,
  });
}

/** a payout account with payouts enabled at the local provider, as its onboarding with the test values leaves it */
function connectSeller(db: Collections, userId: number, person: { username: string; email: string }, now: Date): void {
  const at = now.toISOString();
  const accountId = `acct_local_demo_${userId}`;
  db.localPayments.insert({
    providerId: accountId,
    kind: 'account',
    status: 'payouts_enabled',
    amountCents: 0,
    currency: 'usd',
    captureMethod: 'automatic',
    clientSecret: '',
    metadata: {
      userId: String(userId),
      email: person.email,
      legalName: person.username,
      bank: '110000000/6789',
      ssnLast4: '0000',
      requirements: '',
    },
    lastError: null,
    lastErrorCode: null,
    idempotencyKey: `connect:${userId}`,
    paymentMethodId: null,
    trialEnd: null,
    refundedCents: 0,
    createdAt: at,
    updatedAt: at,
  });
  db.payoutAccounts.insert({
    userId,
    accountId,
    status: 'payouts_enabled',
    requirements: [],
    livemode: false,
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * An annual plan as the local provider would have it (an active subscription object and the app's row,
 * started `daysAgo` so its allowance month began then), and `features` of the seller's live available
 * listings featured a few hours ago: the sample's first, then the newest (docs/product.md §22).
 */
function insertDemoPlan(
  db: Collections,
  userId: number,
  person: { username: string; email: string },
  features: number,
  listings: readonly NewRow<'puppies'>[],
  picked: ReadonlySet<NewRow<'puppies'>>,
  puppyIds: ReadonlyMap<NewRow<'puppies'>, number>,
  now: Date,
): void {
  const started = new Date(now.getTime() - 20 * DAY_MS);
  const periodEnd = new Date(started.getTime() + 365 * DAY_MS).toISOString();
  const providerId = `sub_local_demo_${userId}`;
  db.localPayments.insert({
    providerId,
    kind: 'subscription',
    status: 'active',
    amountCents: PLANS.annual.amountCents,
    currency: 'usd',
    captureMethod: 'automatic',
    clientSecret: '',
    metadata: {
      purpose: 'subscription_setup',
      userId: String(userId),
      plan: 'annual',
      priceId: 'price_annual',
      email: person.email,
    },
    lastError: null,
    lastErrorCode: null,
    idempotencyKey: `subscription:${userId}:price_annual:demo`,
    paymentMethodId: null,
    trialEnd: new Date(started.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
    refundedCents: 0,
    createdAt: started.toISOString(),
    updatedAt: started.toISOString(),
  });
  db.sellerSubscriptions.insert({
    userId,
    plan: 'annual',
    priceId: 'price_annual',
    providerSubscriptionId: providerId,
    status: 'active',
    trialEnd: new Date(started.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
    currentPeriodEnd: periodEnd,
    createdAt: started.toISOString(),
  });
  db.users.update(userId, { hasActiveListingPlan: true, listingPlanExpiresAt: periodEnd });
  const live = listings.filter(
    (p) =>
      p.userId === userId &&
      p.status === 'available' &&
      p.expiresAt !== null &&
      Date.parse(p.expiresAt) > now.getTime(),
  );
  const chosen = [...live.filter((p) => picked.has(p)), ...live.filter((p) => !picked.has(p)).reverse()].slice(
    0,
    features,
  );
  chosen.forEach((puppy, i) => {
    const at = new Date(now.getTime() - (i + 1) * 3_600_000);
    db.listingFeatures.insert({
      puppyId: puppyIds.get(puppy)!,
      userId,
      startedAt: at.toISOString(),
      endsAt: new Date(at.getTime() + FEATURE_DAYS * DAY_MS).toISOString(),
      removedAt: null,
      removedReason: null,
      removedBy: null,
    });
  });
}

/** The demo seller's My Listings shows every tab filled: available, reserved and adopted. */
function showEveryStatus(own: NewRow<'puppies'>[]): void {
  for (const status of ['reserved', 'adopted'] as const) {
    if (own.some((puppy) => puppy.status === status)) continue;
    const candidates = own.filter((puppy) => puppy.status === 'available' && !puppy.featured);
    if (candidates.length > 1) candidates[0]!.status = status;
  }
}

/** Two unpaid drafts and one lapsed listing, so the listing-fee states can be shown. */
function demoSellerStates(sellerId: number, breedIds: readonly number[], now: Date): NewRow<'puppies'>[] {
  const rng = createRng(DEFAULT_SEED * 31);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const breed = (name: string) => {
    const index = BREEDS.findIndex((b) => b.name === name);
    return { breedId: breedIds[index]!, seed: BREEDS[index]! };
  };
  const draft1 = breed('Cavapoo');
  const draft2 = breed('Beagle');
  const lapsed = breed('Labrador Retriever');
  return [
    buildPuppy(
      {
        breedId: draft1.breedId,
        userId: sellerId,
        name: 'Pumpkin',
        location: 'Portland, OR',
        createdAt: at(1),
        expiresAt: null,
      },
      rng,
      { breed: draft1.seed, now },
    ),
    buildPuppy(
      {
        breedId: draft2.breedId,
        userId: sellerId,
        name: 'Scout',
        gender: 'Male',
        location: 'Portland, OR',
        createdAt: at(0.1),
        expiresAt: null,
      },
      rng,
      { breed: draft2.seed, now },
    ),
    buildPuppy(
      {
        breedId: lapsed.breedId,
        userId: sellerId,
        name: 'Sunny',
        gender: 'Female',
        location: 'Bend, OR',
        createdAt: at(34),
        expiresAt: at(4),
      },
      rng,
      { breed: lapsed.seed, now },
    ),
  ];
}

/**
 * `npm run seed -- --listings=N`: N more public demo listings over the seeded sellers, for trying search
 * at marketplace size and for the benchmarks. Needs the demo data (breeds and sellers) first; each run
 * adds N more. The listings use the pictures the seed already rendered.
 */
export async function addDemoListings(
  storage: Storage,
  count: number,
  options: { now?: Date; seed?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  return storage.write((db) => {
    const breedIds = BREEDS.map((breed) => db.breeds.find((row) => row.name === breed.name)?.id);
    const sellerIds = db.users
      .filter((user) => user.accountType === 'seller' && user.role !== 'admin')
      .map((user) => user.id);
    if (breedIds.some((id) => id === undefined) || sellerIds.length === 0) {
      throw new Error(
        'Demo listings need the demo breeds and sellers: seed with SEED_DEMO_DATA=true into an empty DATA_DIR first.',
      );
    }
    // A different stream per run, so a second run adds different puppies rather than the same ones again.
    const rng = createRng((options.seed ?? DEFAULT_SEED) + db.puppies.count());
    const listings = buildCatalogue(count, rng, { breedIds: breedIds as number[], sellerIds, now, featured: 0 });
    for (const listing of listings) db.puppies.insert(listing);
    return listings.length;
  });
}
