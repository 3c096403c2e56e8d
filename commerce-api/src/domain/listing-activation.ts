// Making a listing public: a paid listing fee or a seller plan sets expiresAt LISTING_DAYS ahead.
// Both paths go through here so the rule lives in one place.
import { LISTING_DAYS } from '#contracts/plans.ts';
import type { Repositories } from './store/index.ts';
import type { Puppy } from './model.ts';

const DAY_MS = 86_400_000;

/** public for LISTING_DAYS from now; a renewal of an active listing extends it from its end instead */
export function listingExpiry(puppy: Puppy, now: Date, days = LISTING_DAYS): string {
  const from =
    puppy.expiresAt && Date.parse(puppy.expiresAt) > now.getTime() ? Date.parse(puppy.expiresAt) : now.getTime();
  return new Date(from + days * DAY_MS).toISOString();
}

/**
 * Inside a transaction: the listing locked, then made public (or renewed). Locked so two fees paid
 * for one listing at once both extend it, one after the other.
 */
export async function activateListingIn(tx: Repositories, puppyId: number, now: Date): Promise<Puppy | undefined> {
  const puppy = await tx.puppies.lock(puppyId);
  if (!puppy) return undefined;
  return tx.puppies.update(puppyId, { expiresAt: listingExpiry(puppy, now), updatedAt: now.toISOString() });
}
