// Making a listing public: a paid listing fee or a seller plan sets expiresAt LISTING_DAYS ahead.
// Both paths go through here so the rule lives in one place.
import { LISTING_DAYS } from '#contracts/plans.ts';
import type { Collections } from '../storage/storage.ts';
import type { Puppy } from './model.ts';

const DAY_MS = 86_400_000;

/** Inside storage.write(): public for LISTING_DAYS from now (a renewal of an active listing extends it). */
export function activateListing(db: Collections, puppyId: number, now: Date, days = LISTING_DAYS): Puppy | undefined {
  const puppy = db.puppies.get(puppyId);
  if (!puppy) return undefined;
  const from = puppy.expiresAt && Date.parse(puppy.expiresAt) > now.getTime() ? Date.parse(puppy.expiresAt) : now.getTime();
  return db.puppies.update(puppyId, { expiresAt: new Date(from + days * DAY_MS).toISOString(), updatedAt: now.toISOString() });
}
