// The factories of the seed, for tests: one source of realistic records (README "Layout").
import type { NewRow } from '../../commerce-api/src/storage/index.ts';

export {
  buildBreed,
  buildBreeds,
  buildContactMessage,
  buildDonation,
  buildFavorite,
  buildOrder,
  buildPuppy,
  buildUser,
  buildUserWithPassword,
  FACTORY_PASSWORD,
  FACTORY_PASSWORD_HASH,
  LISTING_DAYS,
  type PuppyBuildOptions,
} from '../../commerce-api/src/seed/factories.ts';
export { buildCatalogue, type CatalogueOptions } from '../../commerce-api/src/seed/catalogue.ts';
export { BREEDS, COAT_COLORS, findBreedSeed, type BreedSeed } from '../../commerce-api/src/seed/breeds.ts';
export { createRng, type Rng } from '../../commerce-api/src/seed/rng.ts';
export { DEMO_BUYER, DEMO_SELLER } from '../../commerce-api/src/seed/demo-accounts.ts';

// Seller payouts (decision 0101) are made by the domain, not the seed, so their builders live here

const PAYOUT_HOLD_MS = 7 * 24 * 60 * 60 * 1000;

/** a scheduled payout of a $1,500 puppy (10% fee), releasing a week after `now` */
export function buildPayout(overrides: Partial<NewRow<'payouts'>> = {}, now: Date = new Date()): NewRow<'payouts'> {
  return {
    orderId: 1,
    sellerId: 2,
    amountCents: 135_000,
    feeCents: 15_000,
    status: 'scheduled',
    releaseAt: new Date(now.getTime() + PAYOUT_HOLD_MS).toISOString(),
    createdAt: now.toISOString(),
    confirmedAt: null,
    heldAt: null,
    problem: null,
    releasedAt: null,
    transferId: null,
    paidAt: null,
    reversedAt: null,
    canceledAt: null,
    lastError: null,
    holdReason: null,
    attemptAt: null,
    ...overrides,
  };
}

let payoutAccountSequence = 0;

/** a connected account that still needs the seller's details */
export function buildPayoutAccount(
  overrides: Partial<NewRow<'payoutAccounts'>> = {},
  now: Date = new Date(),
): NewRow<'payoutAccounts'> {
  payoutAccountSequence++;
  return {
    userId: 2,
    accountId: `acct_test_${payoutAccountSequence}`,
    status: 'details_needed',
    requirements: ['external_account', 'individual.ssn_last_4'],
    livemode: false,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...overrides,
  };
}
