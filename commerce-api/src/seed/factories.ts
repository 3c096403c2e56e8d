// Deterministic builders of the stored records, shared by the seed and the tests (README "Layout": demo data
// comes from the same factories the tests use). Each returns a row ready for
// `db.<collection>.insert()`; overrides win over generated values, and values derived from others
// (usernameKey, region, description) follow the overridden ones.
import { hashPassword } from '../auth/passwords.ts';
import type { Gender, PuppyStatus } from '../domain/model.ts';
import { regionForLocation, REGIONS } from '../domain/regions.ts';
import { placedAt, zipOfPlace } from '../domain/zip-gazetteer.ts';
import type { NewRow } from '../storage/lowdb/storage.ts';
import { BREEDS, breedTemperament, type BreedSeed } from './breeds.ts';
import { CITIES_BY_REGION } from './cities.ts';
import { describePuppy } from './descriptions.ts';
import { breedImage, pickPuppyImages, seedImageUrl } from './puppy-art.ts';
import { pickPuppyName } from './puppy-names.ts';
import { createRng, type Rng } from './rng.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** how long a paid listing stays public (docs/product.md §9) */
import { LISTING_DAYS } from '#contracts/plans.ts';
export { LISTING_DAYS };

/**
 * The password of every user built without one. FACTORY_PASSWORD_HASH is its argon2id hash made
 * once with the production parameters, so tests can log in without paying for a hash per user.
 */
export const FACTORY_PASSWORD = 'puppy-lover-123';
export const FACTORY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$zFYkAHFfQi6yKxOtbYdGAQ$EfF//IfPUYLCxUXYGK4mgOxi7q/7IWCn3h8iNMIqXNI';

/** Used when a caller passes no rng: deterministic for a given order of calls. */
const sharedRng = createRng(20240601);

/** the caller gave this key a value (null included) */
function has<T extends object>(overrides: T, key: keyof T): boolean {
  return Object.hasOwn(overrides, key) && overrides[key] !== undefined;
}

function iso(date: Date | number): string {
  return new Date(date).toISOString();
}

let userSequence = 0;

export function buildUser(overrides: Partial<NewRow<'users'>> = {}, now: Date = new Date()): NewRow<'users'> {
  userSequence++;
  const username = overrides.username ?? `user${userSequence}`;
  const createdAt = overrides.createdAt ?? iso(now);
  return {
    username,
    usernameKey: username.toLowerCase(),
    passwordHash: FACTORY_PASSWORD_HASH,
    email: `${username.toLowerCase()}@example.com`,
    role: 'user',
    accountType: 'buyer',
    confirmedAdultAt: createdAt,
    sessionVersion: 0,
    hasActiveListingPlan: false,
    listingPlanExpiresAt: null,
    verifiedEmail: null,
    verifiedPhone: null,
    createdAt,
    ...definedOnly(overrides),
  };
}

/** buildUser with a real hash of `password` (about 50 ms of argon2id). */
export async function buildUserWithPassword(
  password: string,
  overrides: Partial<NewRow<'users'>> = {},
  now?: Date,
): Promise<NewRow<'users'>> {
  return buildUser({ ...overrides, passwordHash: await hashPassword(password) }, now);
}

/** The breed record of a breed profile (the first breed when none is given). */
export function buildBreed(overrides: Partial<NewRow<'breeds'>> = {}, breed: BreedSeed = BREEDS[0]!): NewRow<'breeds'> {
  return {
    name: breed.name,
    imageUrl: seedImageUrl(breedImage(breed).name),
    size: breed.size,
    categories: [...breed.categories],
    temperament: breedTemperament(breed),
    ...definedOnly(overrides),
  };
}

/** Every breed of BREEDS, in order: inserted into an empty database they get ids 1…n. */
export function buildBreeds(): NewRow<'breeds'>[] {
  return BREEDS.map((breed) => buildBreed({}, breed));
}

export interface PuppyBuildOptions {
  /** the breed profile the puppy is drawn from; by default BREEDS[breedId - 1] or a random one */
  breed?: BreedSeed;
  now?: Date;
  /** names already given, to avoid repeats in one catalogue */
  usedNames?: Set<string>;
}

export function buildPuppy(
  overrides: Partial<NewRow<'puppies'>> = {},
  rng: Rng = sharedRng,
  options: PuppyBuildOptions = {},
): NewRow<'puppies'> {
  const now = options.now ?? new Date();
  const breedIndex = options.breed
    ? BREEDS.indexOf(options.breed)
    : overrides.breedId !== undefined
      ? (overrides.breedId - 1) % BREEDS.length
      : BREEDS.indexOf(rng.weighted(BREEDS, (b) => b.popularity));
  const breed = options.breed ?? BREEDS[Math.max(0, breedIndex)]!;
  const breedId = overrides.breedId ?? (breedIndex >= 0 ? breedIndex + 1 : 1);

  const gender: Gender = overrides.gender ?? (rng.chance(0.5) ? 'Male' : 'Female');
  const name = overrides.name ?? pickPuppyName(gender, rng, options.usedNames);
  const age = overrides.age ?? puppyAge(rng);
  const weight = overrides.weight ?? puppyWeight(breed, age, gender, rng);
  const price = overrides.price ?? puppyPrice(breed, rng);
  const colors = overrides.colors ?? puppyColors(breed, rng);
  const location = overrides.location ?? rng.pick(CITIES_BY_REGION[rng.pick(REGIONS)]);
  const region = has(overrides, 'region') ? (overrides.region ?? null) : regionForLocation(location);
  const description = overrides.description ?? describePuppy({ name, gender, breed, colors, age, location }, rng);
  const images = pickPuppyImages(
    breed,
    colors,
    rng,
    rng.weighted([0, 1, 2, 3], (n) => [2, 3, 3, 2][n]!),
  );
  const createdAt = overrides.createdAt ?? iso(now.getTime() - rng.int(0, 21 * 24) * 60 * 60 * 1000);
  const status: PuppyStatus = overrides.status ?? 'available';

  return {
    name,
    breedId,
    userId: overrides.userId ?? 1,
    gender,
    age,
    weight,
    price,
    colors,
    description,
    location,
    region,
    // the town's ZIP code and its centre (decision 0129), or the one given
    ...placedAt(has(overrides, 'zip') ? overrides.zip : (zipOfPlace(location) ?? null)),
    imageUrl: overrides.imageUrl ?? images.imageUrl,
    imageUrls: overrides.imageUrls ?? images.imageUrls,
    videoUrl: overrides.videoUrl ?? null,
    status,
    featured: overrides.featured ?? false,
    createdAt,
    updatedAt: overrides.updatedAt ?? createdAt,
    // A draft is an explicit `expiresAt: null`; by default a listing is paid and public.
    expiresAt: has(overrides, 'expiresAt') ? (overrides.expiresAt ?? null) : iso(now.getTime() + LISTING_DAYS * DAY_MS),
  };
}

/** Weeks: most listings are 8–16 weeks old, some are litters still with their mother, a few older. */
export function puppyAge(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.15) return rng.int(1, 7);
  if (roll < 0.8) return rng.int(8, 16);
  return rng.int(17, 40);
}

/**
 * Lbs: a share of the breed's adult weight that grows with age, faster for small breeds,
 * which finish growing sooner. Girls end a little lighter.
 */
export function puppyWeight(breed: BreedSeed, ageWeeks: number, gender: Gender, rng: Rng): number {
  const [min, max] = breed.adultWeight;
  const adult = (min + rng.next() * (max - min)) * (gender === 'Female' ? 0.92 : 1);
  const weeksToGrow = breed.size === 'small' ? 14 : breed.size === 'medium' ? 20 : 30;
  const share = 1 - Math.exp(-ageWeeks / weeksToGrow);
  const jitter = 0.92 + rng.next() * 0.16;
  return Math.max(0.4, Math.round(adult * share * jitter * 10) / 10);
}

/** Whole dollars within the breed's usual range, priced the way sellers do (1,250 or 1,499). */
export function puppyPrice(breed: BreedSeed, rng: Rng): number {
  const [min, max] = breed.price;
  let price = Math.round(rng.int(min, max) / 50) * 50;
  if (price >= 500 && rng.chance(0.3)) price -= 1;
  return Math.min(6000, Math.max(100, price));
}

export function puppyColors(breed: BreedSeed, rng: Rng): string[] {
  const first = rng.weighted(breed.colors, (color) => (color === breed.colors[0] ? 3 : 1));
  const others = breed.colors.filter((color) => color !== first);
  return others.length > 0 && rng.chance(0.3) ? [first, rng.pick(others)] : [first];
}

export function buildContactMessage(
  overrides: Partial<NewRow<'contactMessages'>> = {},
  now: Date = new Date(),
): NewRow<'contactMessages'> {
  return {
    name: 'Jamie Rivera',
    email: 'jamie.rivera@example.com',
    phone: '555-201-4477',
    message: 'Hi! Is this puppy still available? We would love to meet.',
    puppyId: null,
    userId: null,
    createdAt: iso(now),
    ...definedOnly(overrides),
  };
}

export function buildFavorite(
  overrides: Partial<NewRow<'favorites'>> = {},
  now: Date = new Date(),
): NewRow<'favorites'> {
  return { userId: 1, puppyId: 1, createdAt: iso(now), ...definedOnly(overrides) };
}

let donationSequence = 0;
export function buildDonation(
  overrides: Partial<NewRow<'donations'>> = {},
  now: Date = new Date(),
): NewRow<'donations'> {
  donationSequence++;
  return {
    donorName: 'Alex Morgan',
    donorEmail: 'alex.morgan@example.com',
    amountCents: 2500,
    message: '',
    isAnonymous: false,
    stripePaymentIntentId: `pi_test_donation_${donationSequence}`,
    status: 'pending',
    createdAt: iso(now),
    ...definedOnly(overrides),
  };
}

/** docs/product.md §9's care package, in cents */
const CARE_PACKAGE_CENTS = 4999;
let orderSequence = 0;
export function buildOrder(overrides: Partial<NewRow<'orders'>> = {}, now: Date = new Date()): NewRow<'orders'> {
  orderSequence++;
  const puppyPriceCents = overrides.puppyPriceCents ?? 150_000;
  const carePackageCents = overrides.carePackageCents ?? CARE_PACKAGE_CENTS;
  return {
    reference: `PN-TEST-${String(orderSequence).padStart(5, '0')}`,
    puppyId: 1,
    buyerId: 1,
    sellerId: 2,
    puppyPriceCents,
    carePackageCents,
    totalCents: puppyPriceCents + carePackageCents,
    paymentIntentId: `pi_test_order_${orderSequence}`,
    status: 'pending',
    createdAt: iso(now),
    paidAt: null,
    ...definedOnly(overrides),
  };
}

/** drops keys whose value is undefined, so `{ name: undefined }` does not erase a default */
function definedOnly<T extends object>(overrides: T): Partial<T> {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as Partial<T>;
}
