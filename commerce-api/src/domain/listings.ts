// A seller's own listings: post, edit, delete, change status, list. Only seller accounts post; only
// the owner changes a listing. A new listing is a draft until a seller plan with room covers it
// (activated here) or its listing fee is paid (payments: activateListing on fulfilment).
import { SELLERS_ONLY_MESSAGE, type PuppyCreateInput, type PuppyUpdateInput, type PuppyStatus } from '#contracts/puppies.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { Collections, Storage } from '../storage/storage.ts';
import { activateListing } from './listing-activation.ts';
import { liveOrderFor } from './orders.ts';
import type { Puppy, User } from './model.ts';
import { regionForLocation } from './regions.ts';
import { planCoverage } from './seller-plans.ts';

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

export async function createListing(storage: Storage, user: User, input: PuppyCreateInput, now: Date): Promise<CreatedListing> {
  if (!canList(user)) throw new ForbiddenError(SELLERS_ONLY_MESSAGE);
  return storage.write((db) => {
    assertBreed(db, input.breedId);
    const at = now.toISOString();
    const draft = db.puppies.insert({
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
      imageUrl: input.imageUrl,
      imageUrls: input.imageUrls,
      videoUrl: input.videoUrl,
      status: input.status,
      featured: false,
      createdAt: at,
      updatedAt: at,
      expiresAt: null,
    });
    // Checked inside the write: two posts at once cannot both take the plan's last free slot.
    if (planCoverage(db, user.id, now)?.hasRoom) {
      return { puppy: activateListing(db, draft.id, now)!, needsListingFee: false };
    }
    return { puppy: draft, needsListingFee: true };
  });
}

export async function updateListing(storage: Storage, user: User, id: number, input: PuppyUpdateInput, now: Date): Promise<ListingChange & { puppy: Puppy }> {
  return storage.write((db) => {
    const old = ownListing(db, user, id, 'You can only edit your own listings.');
    if (input.status !== undefined) assertStatusKeepsOrder(db, old, input.status);
    if (input.breedId !== undefined) assertBreed(db, input.breedId);
    const puppy = db.puppies.update(id, {
      ...input,
      ...(input.location !== undefined ? { region: regionForLocation(input.location) } : {}),
      // undefined keys are ignored by update(); null is a real value here (the video was removed)
      videoUrl: input.videoUrl,
      updatedAt: now.toISOString(),
    })!;
    return { puppy, droppedMedia: droppedMedia(db, old, puppy) };
  });
}

export async function setListingStatus(storage: Storage, user: User, id: number, status: PuppyStatus, now: Date): Promise<Puppy> {
  return storage.write((db) => {
    const puppy = ownListing(db, user, id, 'You can only change the status of your own listings.');
    assertStatusKeepsOrder(db, puppy, status);
    return db.puppies.update(id, { status, updatedAt: now.toISOString() })!;
  });
}

export async function deleteListing(storage: Storage, user: User, id: number): Promise<ListingChange> {
  return storage.write((db) => {
    const old = ownListing(db, user, id, 'You can only delete your own listings.');
    // Read in the same write that removes the row: a capture running now either sees the puppy or
    // finds its order refused here first (docs/product.md §4). Handed-over orders keep their puppy too.
    const order = liveOrderFor(db, id);
    if (order) {
      throw new ConflictError(
        order.status === 'pending'
          ? `${old.name} has an order whose payment is being confirmed (${order.reference}), so the listing cannot be deleted.`
          : `${old.name} has an order (${order.reference}), so the listing cannot be deleted. Mark the puppy as handed over instead, or contact us to cancel the order.`,
        'listing_has_order',
      );
    }
    for (const favorite of db.favorites.filter((f) => f.puppyId === id)) db.favorites.remove(favorite.id);
    db.puppies.remove(id);
    return { puppy: undefined, droppedMedia: droppedMedia(db, old, undefined) };
  });
}

/** every listing of the user, newest first, drafts and expired ones included */
export function listingsOf(storage: Storage, userId: number): Puppy[] {
  return storage.db.puppies.filter((p) => p.userId === userId).reverse();
}

function ownListing(db: Collections, user: User, id: number, message: string): Puppy {
  const puppy = db.puppies.get(id);
  if (!puppy) throw new NotFoundError('Puppy not found');
  if (puppy.userId !== user.id) throw new ForbiddenError(message);
  return puppy;
}

/** a puppy an order holds is not for sale again until that order is cancelled (docs/decisions/0056) */
function assertStatusKeepsOrder(db: Collections, puppy: Puppy, status: PuppyStatus): void {
  const order = status === 'available' && puppy.status !== 'available' ? liveOrderFor(db, puppy.id) : undefined;
  if (order) {
    throw new ConflictError(`${puppy.name} has an order (${order.reference}), so it cannot be offered as available again. Contact us to cancel the order.`, 'listing_has_order');
  }
}

function assertBreed(db: Collections, breedId: number): void {
  if (!db.breeds.get(breedId)) throw new ValidationError('Breed is required', { breedId: 'Breed is required' });
}

function mediaOf(puppy: Puppy | undefined): string[] {
  if (!puppy) return [];
  return [puppy.imageUrl, ...puppy.imageUrls, ...(puppy.videoUrl ? [puppy.videoUrl] : [])];
}

/** uploads the old row used that neither the new row nor any other listing uses */
function droppedMedia(db: Collections, before: Puppy, after: Puppy | undefined): string[] {
  const kept = new Set(mediaOf(after));
  const candidates = mediaOf(before).filter((url) => !kept.has(url) && url.startsWith('/uploads/') && !url.startsWith('/uploads/seed/'));
  if (candidates.length === 0) return [];
  const used = new Set<string>();
  for (const other of db.puppies.all()) if (other.id !== before.id) for (const url of mediaOf(other)) used.add(url);
  return [...new Set(candidates)].filter((url) => !used.has(url));
}
