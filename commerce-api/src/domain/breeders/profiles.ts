// A seller's breeder profile (decision 0118, docs/product.md §15): seeded from the seller application,
// edited by the seller from My Listings. The kennel name gives the address (/breeders/{slug}); two
// sellers never share one. Renaming moves the page: the old address is free again and answers 404.
import { PROFILE_FORM_OUTCOMES, slugify, type BreederProfileInput } from '#contracts/breeders.ts';
import { AppError, ForbiddenError, ValidationError } from '../../errors.ts';
import { canList } from '../listings.ts';
import { stateOfLocation } from '../regions.ts';
import { SlugTakenError, type Repositories, type Store } from '../store/index.ts';
import type { BreederProfile, SellerApplication, User } from '../model.ts';

export const KENNEL_NAME_TAKEN = PROFILE_FORM_OUTCOMES.kennel_name_taken;
export const PHOTO_NOT_YOURS = 'Please upload the photo again.';

/**
 * The first profile of a new seller, from the application: the name as the kennel name, the location
 * as town and state, the experience as the about text, the breed specialties as breeds. Nothing when
 * the seller has one already (a second application never overwrites what they edited).
 */
export async function seedBreederProfile(
  tx: Repositories,
  user: User,
  application: SellerApplication,
  now: Date,
): Promise<BreederProfile> {
  const existing = await tx.breederProfiles.findByUser(user.id);
  if (existing) return existing;
  const base = slugify(application.name) || slugify(user.username) || 'kennel';
  // a name another seller holds gets the account's number: read first, as a failed insert would end a PostgreSQL transaction
  const holder = await tx.breederProfiles.findBySlug(base);
  const slug = holder && holder.userId !== user.id ? `${base}-${user.id}` : base;
  const at = now.toISOString();
  return tx.breederProfiles.save({
    userId: user.id,
    kennelName: application.name.trim(),
    slug,
    about: application.experience.trim(),
    town: application.location.split(',')[0]!.trim(),
    state: stateOfLocation(application.location) ?? '',
    breeds: application.breedSpecialty
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean)
      .slice(0, 10),
    photoUrl: null,
    createdAt: at,
    updatedAt: at,
  });
}

/** the seller's edit from My Listings; the photo must be one of their own uploads */
export async function saveBreederProfile(
  store: Store,
  user: User,
  input: BreederProfileInput,
  now: Date,
): Promise<BreederProfile> {
  if (!canList(user))
    throw new ForbiddenError('Only seller accounts have a breeder page. Become a seller at /sellers.');
  if (input.photoUrl !== null) {
    const mine = await store.uploads.listByUser(user.id);
    if (!mine.some((u) => u.url === input.photoUrl))
      throw new ValidationError(PHOTO_NOT_YOURS, { photoUrl: PHOTO_NOT_YOURS });
  }
  const existing = await store.breederProfiles.findByUser(user.id);
  const at = now.toISOString();
  try {
    return await store.breederProfiles.save({
      userId: user.id,
      ...input,
      slug: slugify(input.kennelName),
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    });
  } catch (error) {
    if (error instanceof SlugTakenError)
      throw new AppError(409, 'kennel_name_taken', KENNEL_NAME_TAKEN, { kennelName: KENNEL_NAME_TAKEN });
    throw error;
  }
}
