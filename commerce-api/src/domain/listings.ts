// A seller's own listings: post, edit, delete, change status, list. Only seller accounts post; only
// the owner changes a listing. A new listing is a draft until a seller plan with room covers it
// (activated here) or its listing fee is paid (payments: activateListingIn on fulfilment).
// Everything goes through the async store (decision 0086); a rule that reads then changes runs in one
// store.transaction with the listing locked (docs/decisions/0076).
import {
  SELLERS_ONLY_MESSAGE,
  ZIP_MESSAGES,
  type PuppyCreateInput,
  type PuppyUpdateInput,
  type PuppyStatus,
} from '#contracts/puppies.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { Store, Repositories } from './store/index.ts';
import type { Puppy, User } from './model.ts';
import { regionForLocation } from './regions.ts';
import { placedAt, zipCentre } from './zip-gazetteer.ts';
import { activateWithinPlan } from './seller-plans.ts';
import { assertListingParents } from './parents.ts';

export interface CreatedListing {
  puppy: Puppy;
  needsListingFee: boolean;
}

/** media a listing stopped using: the caller may remove the files once nothing else points at them */
export interface ListingChange {
  puppy: Puppy | undefined;
  droppedMedia: string[];
}

export function canList(user: User): boolean {
  return user.accountType === 'seller' || user.role === 'admin';
}

export async function createListing(
  store: Store,
  user: User,
  input: PuppyCreateInput,
  now: Date,
): Promise<CreatedListing> {
  if (!canList(user)) throw new ForbiddenError(SELLERS_ONLY_MESSAGE);
  await assertBreed(store, input.breedId);
  await assertListingParents(store, user, input);
  assertKnownZip(input.zip);
  const at = now.toISOString();
  const draft = await store.puppies.insert({
    name: input.name,
    breedId: input.breedId,
    userId: user.id,
    gender: input.gender,
    age: input.age,
    weight: input.weight,
    price: input.price,
    colors: input.colors,
    description: input.description,
    location: input.location,
    region: regionForLocation(input.location),
    ...placedAt(input.zip),
    imageUrl: input.imageUrl,
    imageUrls: input.imageUrls,
    videoUrl: input.videoUrl,
    status: input.status,
    featured: false,
    sireId: input.sireId ?? null,
    damId: input.damId ?? null,
    healthTested: false,
    createdAt: at,
    updatedAt: at,
    expiresAt: null,
  });
  // The plan's slot is checked and taken in one step: two posts at once cannot both take the last one.
  const activated = await activateWithinPlan(store, user.id, draft.id, now);
  return activated ? { puppy: activated, needsListingFee: false } : { puppy: draft, needsListingFee: true };
}

export async function updateListing(
  store: Store,
  user: User,
  id: number,
  input: PuppyUpdateInput,
  now: Date,
): Promise<ListingChange & { puppy: Puppy; priceChanged: boolean }> {
  if (input.breedId !== undefined) await assertBreed(store, input.breedId);
  if (input.zip !== undefined) assertKnownZip(input.zip);
  return store.transaction(async (tx) => {
    const old = await ownListing(tx, user, id, 'You can only edit your own listings.');
    await assertListingParents(tx, user, input);
    if (input.status !== undefined) await assertStatusKeepsOrder(tx, old, input.status);
    const puppy = (await tx.puppies.update(id, {
      ...input,
      ...(input.location !== undefined ? { region: regionForLocation(input.location) } : {}),
      ...(input.zip !== undefined ? placedAt(input.zip) : {}),
      // undefined keys are ignored by update(); null is a real value here (the video was removed)
      videoUrl: input.videoUrl,
      updatedAt: now.toISOString(),
    }))!;
    return { puppy, droppedMedia: await droppedMedia(tx, old, puppy), priceChanged: puppy.price !== old.price };
  });
}

/** a listing is placed at its ZIP's centre (decision 0129): a ZIP the gazetteer does not know is refused */
function assertKnownZip(zip: string): void {
  if (!zipCentre(zip)) throw new ValidationError(ZIP_MESSAGES.unknown(zip), { zip: ZIP_MESSAGES.unknown(zip) });
}

export async function setListingStatus(
  store: Store,
  user: User,
  id: number,
  status: PuppyStatus,
  now: Date,
): Promise<Puppy> {
  return store.transaction(async (tx) => {
    const puppy = await ownListing(tx, user, id, 'You can only change the status of your own listings.');
    await assertStatusKeepsOrder(tx, puppy, status);
    return (await tx.puppies.update(id, { status, updatedAt: now.toISOString() }))!;
  });
}

export async function deleteListing(store: Store, user: User, id: number): Promise<ListingChange> {
  return store.transaction(async (tx) => {
    const old = await ownListing(tx, user, id, 'You can only delete your own listings.');
    // Read with the listing locked, in the transaction that removes it: a capture running now either
    // sees the puppy or finds its order refused here first (docs/product.md §4). Handed-over orders
    // keep their puppy too.
    const order = await tx.orders.findLive(id);
    if (order) {
      throw new ConflictError(
        order.status === 'pending'
          ? `${old.name} has an order whose payment is being confirmed (${order.reference}), so the listing cannot be deleted.`
          : `${old.name} has an order (${order.reference}), so the listing cannot be deleted. Mark the puppy as handed over instead, or contact us to cancel the order.`,
        'listing_has_order',
      );
    }
    const dropped = await droppedMedia(tx, old, undefined);
    // its favourites go with it (the store removes them with the row)
    await tx.puppies.remove(id);
    return { puppy: undefined, droppedMedia: dropped };
  });
}

/** every listing of the user, newest first, drafts and expired ones included */
export function listingsOf(store: Repositories, userId: number): Promise<Puppy[]> {
  return store.puppies.listBySeller(userId);
}

async function ownListing(tx: Repositories, user: User, id: number, message: string): Promise<Puppy> {
  const puppy = await tx.puppies.lock(id);
  if (!puppy) throw new NotFoundError('Puppy not found');
  if (puppy.userId !== user.id) throw new ForbiddenError(message);
  return puppy;
}

/** a puppy an order holds is not for sale again until that order is cancelled (docs/decisions/0056) */
async function assertStatusKeepsOrder(tx: Repositories, puppy: Puppy, status: PuppyStatus): Promise<void> {
  const order = status === 'available' && puppy.status !== 'available' ? await tx.orders.findLive(puppy.id) : undefined;
  if (order) {
    throw new ConflictError(
      `${puppy.name} has an order (${order.reference}), so it cannot be offered as available again. Contact us to cancel the order.`,
      'listing_has_order',
    );
  }
}

async function assertBreed(store: Repositories, breedId: number): Promise<void> {
  if (!(await store.breeds.list()).some((b) => b.id === breedId))
    throw new ValidationError('Breed is required', { breedId: 'Breed is required' });
}

function mediaOf(puppy: Puppy | undefined): string[] {
  if (!puppy) return [];
  return [puppy.imageUrl, ...puppy.imageUrls, ...(puppy.videoUrl ? [puppy.videoUrl] : [])];
}

/** uploads the old row used that neither the new row nor any other listing uses */
async function droppedMedia(tx: Repositories, before: Puppy, after: Puppy | undefined): Promise<string[]> {
  const kept = new Set(mediaOf(after));
  const candidates = [
    ...new Set(
      mediaOf(before).filter(
        (url) => !kept.has(url) && url.startsWith('/uploads/') && !url.startsWith('/uploads/seed/'),
      ),
    ),
  ];
  if (candidates.length === 0) return [];
  const used = await tx.puppies.mediaInUse(candidates, before.id);
  return candidates.filter((url) => !used.has(url));
}
