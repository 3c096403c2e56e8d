// Featured listings (docs/product.md §22, docs/decisions/0134-featured-listings.md): a seller's plan gives
// features each month (PLANS[...].featuredPerMonth: 0 / 1 / 3), counted in months from the plan's start;
// a feature puts one live listing first for 30 days, or until it sells or expires, while the plan is
// active. An admin may remove one with a reason; the month's allowance is not given back.
import {
  FEATURE_DAYS,
  type AdminFeatureView,
  type FeatureAllowanceView,
  type FeatureView,
  type ListingStateView,
  type MyListingStatesView,
} from '#contracts/features.ts';
import { PLANS } from '#contracts/plans.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import type { ListingFeature, Puppy, SellerSubscription, User } from './model.ts';
import { isPublic, listingStatus } from './puppy-catalogue.ts';
import type { Repositories } from './store/index.ts';

const DAY_MS = 86_400_000;

export const FEATURE_MESSAGES = {
  notYours: 'You can only feature your own listings.',
  notLive: 'Only a live listing that is available can be featured: publish or renew it first.',
  noPlan: 'Featured listings come with the six-month and annual seller plans.',
  noFeatures: 'Your monthly plan has no featured listings: the six-month plan has 1 a month, the annual plan 3.',
  alreadyFeatured: 'This listing is featured already.',
  allowanceUsed: (next: string) => `You have used this month's features. More arrive on ${next}.`,
  removed: 'This feature was removed already.',
} as const;

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** `anchor` plus `months` calendar months (UTC), on the anchor's day or the month's last day if shorter */
export function addMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), last);
  return new Date(
    Date.UTC(
      y,
      m,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** the allowance month holding `now`, counted from the plan's start (each month is anchor + k months) */
export function allowanceMonth(anchor: Date, now: Date): { start: Date; next: Date } {
  if (now.getTime() < anchor.getTime()) return { start: anchor, next: addMonths(anchor, 1) };
  let k = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (k > 0 && addMonths(anchor, k).getTime() > now.getTime()) k--;
  while (addMonths(anchor, k + 1).getTime() <= now.getTime()) k++;
  return { start: addMonths(anchor, k), next: addMonths(anchor, k + 1) };
}

function allowanceOf(
  subscription: SellerSubscription,
  features: readonly ListingFeature[],
  now: Date,
): FeatureAllowanceView {
  const perMonth = PLANS[subscription.plan].featuredPerMonth;
  const { start, next } = allowanceMonth(new Date(subscription.createdAt), now);
  // a removed feature counts too: the allowance is spent when a feature starts (decision 0134)
  const used = features.filter((f) => Date.parse(f.startedAt) >= start.getTime()).length;
  return {
    plan: subscription.plan,
    perMonth,
    used,
    left: Math.max(0, perMonth - used),
    monthStart: start.toISOString(),
    nextAt: next.toISOString(),
  };
}

/** the seller's features this month, or null without a plan that counts */
export async function featureAllowance(
  store: Repositories,
  userId: number,
  now: Date,
): Promise<FeatureAllowanceView | null> {
  const subscription = await store.sellerSubscriptions.findActive(userId, now);
  if (!subscription) return null;
  return allowanceOf(subscription, await store.listingFeatures.listBySeller(userId), now);
}

/** public and available: what can be featured, and what a feature shows with */
function isLive(puppy: Puppy, now: Date): boolean {
  return isPublic(puppy, now) && puppy.status === 'available';
}

/** POST /api/features: the owner features a live listing within the month's allowance */
export async function featureListing(
  store: Repositories,
  user: User,
  puppyId: number,
  now: Date,
): Promise<FeatureView> {
  const puppy = await store.puppies.get(puppyId);
  if (!puppy) throw new NotFoundError('Puppy Not Found');
  if (puppy.userId !== user.id) throw new ForbiddenError(FEATURE_MESSAGES.notYours);
  if (!isLive(puppy, now)) throw new ConflictError(FEATURE_MESSAGES.notLive, 'listing_not_live');
  const subscription = await store.sellerSubscriptions.findActive(user.id, now);
  if (!subscription) throw new ConflictError(FEATURE_MESSAGES.noPlan, 'no_plan');
  const perMonth = PLANS[subscription.plan].featuredPerMonth;
  if (perMonth === 0) throw new ConflictError(FEATURE_MESSAGES.noFeatures, 'no_features');
  const month = allowanceMonth(new Date(subscription.createdAt), now);
  const claimed = await store.listingFeatures.claimWithinAllowance(
    {
      puppyId,
      userId: user.id,
      startedAt: now.toISOString(),
      endsAt: new Date(now.getTime() + FEATURE_DAYS * DAY_MS).toISOString(),
      removedAt: null,
      removedReason: null,
      removedBy: null,
    },
    perMonth,
    month.start,
    now,
  );
  if ('refused' in claimed)
    throw claimed.refused === 'already_featured'
      ? new ConflictError(FEATURE_MESSAGES.alreadyFeatured, 'already_featured')
      : new ConflictError(FEATURE_MESSAGES.allowanceUsed(dayFormat.format(month.next)), 'allowance_used');
  const { feature } = claimed;
  return {
    id: feature.id,
    puppyId: feature.puppyId,
    startedAt: feature.startedAt,
    endsAt: feature.endsAt,
    allowance: allowanceOf(subscription, await store.listingFeatures.listBySeller(user.id), now),
  };
}

/** POST /api/admin/features/{id}/remove: the feature ends now, with the reason the seller reads */
export async function removeFeature(
  store: Repositories,
  admin: User,
  featureId: number,
  reason: string,
  now: Date,
): Promise<ListingFeature> {
  const feature = await store.listingFeatures.get(featureId);
  if (!feature) throw new NotFoundError('Feature not found');
  const removed = await store.listingFeatures.remove(featureId, reason, admin.id, now);
  if (!removed) throw new ConflictError(FEATURE_MESSAGES.removed, 'feature_removed');
  return removed;
}

/**
 * The listings featured at `now`, by listing id (the feature's end): running, not removed, the plan
 * active. Whether the listing is public and available is the catalogue's check.
 */
export async function showingFeatures(store: Repositories, now: Date): Promise<Map<number, ListingFeature>> {
  const features = await store.listingFeatures.listShowing(now);
  return new Map(features.map((f) => [f.puppyId, f]));
}

/** GET /api/my-listings/states: each listing's state as My Listings shows it, and the allowance */
export async function myListingStates(store: Repositories, user: User, now: Date): Promise<MyListingStatesView> {
  const [puppies, features, subscription] = await Promise.all([
    store.puppies.listBySeller(user.id),
    store.listingFeatures.listBySeller(user.id),
    store.sellerSubscriptions.findActive(user.id, now),
  ]);
  const allowance = subscription ? allowanceOf(subscription, features, now) : null;
  const planActive = Boolean(subscription);
  const listings: Record<string, ListingStateView> = {};
  for (const puppy of puppies) {
    const own = features.filter((f) => f.puppyId === puppy.id);
    const running = own.find((f) => f.removedAt === null && Date.parse(f.endsAt) > now.getTime());
    const removed = own.find((f) => f.removedAt !== null);
    const live = isLive(puppy, now);
    const status = listingStatus(puppy, now);
    const featured = live && planActive && running !== undefined;
    const state = puppy.hiddenAt
      ? 'hidden'
      : status === 'draft'
        ? 'draft'
        : status === 'expired'
          ? 'expired'
          : featured
            ? 'featured'
            : live
              ? 'live'
              : 'not_available';
    const until =
      featured && running
        ? new Date(Math.min(Date.parse(running.endsAt), Date.parse(puppy.expiresAt!))).toISOString()
        : null;
    listings[String(puppy.id)] = {
      state,
      featuredUntil: until,
      hiddenReason: puppy.hiddenAt ? (puppy.hiddenReason ?? null) : null,
      removedFeature:
        removed && !featured ? { removedAt: removed.removedAt!, reason: removed.removedReason ?? '' } : null,
      canFeature: state === 'live' && allowance !== null && allowance.left > 0,
    };
  }
  return { allowance, listings };
}

/** GET /api/admin/features: the features showing now, newest first */
export async function adminFeatures(store: Repositories, now: Date): Promise<AdminFeatureView[]> {
  const showing = [...(await showingFeatures(store, now)).values()].reverse();
  const views: AdminFeatureView[] = [];
  for (const feature of showing) {
    const puppy = await store.puppies.get(feature.puppyId);
    if (!puppy || !isLive(puppy, now)) continue;
    const seller = await store.users.get(feature.userId);
    views.push({
      id: feature.id,
      puppyId: feature.puppyId,
      puppyName: puppy.name,
      seller: seller?.username ?? '',
      startedAt: feature.startedAt,
      endsAt: feature.endsAt,
    });
  }
  return views;
}
