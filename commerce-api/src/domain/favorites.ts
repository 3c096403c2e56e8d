// Favourites: the heart on a puppy card, saved per user. A user sees only favourites they may still
// see (public listings, or their own); a listing that lapses keeps the row and reappears when renewed.
import { NotFoundError } from '../errors.ts';
import type { Storage } from '../storage/storage.ts';
import type { Puppy } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';

function visibleTo(puppy: Puppy | undefined, userId: number, now: Date): puppy is Puppy {
  return puppy !== undefined && (isPublic(puppy, now) || puppy.userId === userId);
}

/** the user's favourite puppies, most recently added first */
export function favoritePuppies(storage: Storage, userId: number, now: Date): Puppy[] {
  const puppies: Puppy[] = [];
  const rows = storage.db.favorites.filter((f) => f.userId === userId);
  for (let i = rows.length - 1; i >= 0; i--) {
    const puppy = storage.db.puppies.get(rows[i]!.puppyId);
    if (visibleTo(puppy, userId, now)) puppies.push(puppy);
  }
  return puppies;
}

/** idempotent: favouriting twice keeps one row */
export async function addFavorite(storage: Storage, userId: number, puppyId: number, now: Date): Promise<void> {
  await storage.write((db) => {
    if (!visibleTo(db.puppies.get(puppyId), userId, now)) throw new NotFoundError('Puppy Not Found');
    if (db.favorites.find((f) => f.userId === userId && f.puppyId === puppyId)) return;
    db.favorites.insert({ userId, puppyId, createdAt: now.toISOString() });
  });
}

/** idempotent: removing a favourite that is not there is fine */
export async function removeFavorite(storage: Storage, userId: number, puppyId: number): Promise<void> {
  const existing = storage.db.favorites.find((f) => f.userId === userId && f.puppyId === puppyId);
  if (!existing) return;
  await storage.write((db) => {
    db.favorites.remove(existing.id);
  });
}
