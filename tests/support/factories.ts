// The factories of the seed, for tests: one source of realistic records (README "Layout").
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
