// Favourites: the heart on a puppy card, saved per user. A user sees only favourites they may still
// see (public listings, or their own); a listing that lapses keeps the row and reappears when renewed.
import { NotFoundError } from '../errors.ts';
import type { Store } from './store/index.ts';
import type { Puppy } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';

function visibleTo(puppy: Puppy | undefined, userId: number, now: Date): puppy is Puppy {
  return puppy !== undefined && (isPublic(puppy, now) || puppy.userId === userId);
}

/** the user's favourite puppies, most recently added first */
export async function favoritePuppies(store: Store, userId: number, now: Date): Promise<Puppy[]> {
  const rows = await store.favorites.listByUser(userId);
  const puppies = await Promise.all([...rows].reverse().map((row) => store.puppies.get(row.puppyId)));
  return puppies.filter((puppy) => visibleTo(puppy, userId, now));
}

/**
 * Idempotent: favouriting twice keeps one row (the store's favorites.add). A listing deleted between
 * the check and the add leaves no row: the store refuses a favourite of a puppy that is not there.
 */
export async function addFavorite(store: Store, userId: number, puppyId: number, now: Date): Promise<void> {
  if (!visibleTo(await store.puppies.get(puppyId), userId, now)) throw new NotFoundError('Puppy Not Found');
  if (!(await store.favorites.add(userId, puppyId, now))) throw new NotFoundError('Puppy Not Found');
}

/** idempotent: removing a favourite that is not there is fine */
export async function removeFavorite(store: Store, userId: number, puppyId: number): Promise<void> {
  await store.favorites.remove(userId, puppyId);
}
