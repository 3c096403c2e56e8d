// Earned badges (decision 0118, docs/product.md §16): each computed from what happened here, never
// typed in, with what was checked and when. An admin may revoke one with a reason its seller sees; a
// revoked badge is not shown until an admin lifts the revocation. Health-tested parents (decision 0121)
// reads the listings' health-tested flags, which domain/parents.ts keeps.
import { BADGE_KINDS, BADGE_TEXT, type BadgeKind, type BadgeView, type RevokedBadgeView } from '#contracts/breeders.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { BreederEvidence, Repositories, Store } from '../store/index.ts';
import type { User } from '../model.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;
/** an account this old, with no report upheld against it in 12 months, earns No upheld reports */
export const CLEAN_RECORD_MIN_AGE_MS = 90 * DAY_MS;

/** what the badges of some sellers are computed from: one read for all of them (store/breeders.ts) */
export function evidenceOf(
  store: Repositories,
  sellerIds: readonly number[],
  now: Date,
): Promise<Map<number, BreederEvidence>> {
  return store.breederRecords.evidence(sellerIds, new Date(now.getTime() - YEAR_MS), now);
}

/** the badges a seller earned, before revocations: kind → when it was checked */
function earned(e: BreederEvidence, now: Date): Map<BadgeKind, { at: string | null; label?: string }> {
  const found = new Map<BadgeKind, { at: string | null; label?: string }>();
  const { user, placed } = e;
  if (user.verifiedEmail) found.set('email_verified', { at: user.verifiedEmailAt ?? null });
  if (user.verifiedPhone) found.set('phone_verified', { at: user.verifiedPhoneAt ?? null });
  // payouts are enabled only once the provider checked who the seller is (Stripe Connect, or the local provider's test identity)
  if (e.identityAt !== null) found.set('identity_verified', { at: e.identityAt });
  if (placed.count > 0)
    found.set('puppies_placed', {
      at: placed.lastAt,
      label: placed.count === 1 ? '1 puppy placed' : `${placed.count} puppies placed`,
    });
  // a clean record means something only after a while: a same-day account has none (decision 0118)
  if (now.getTime() - Date.parse(user.createdAt) >= CLEAN_RECORD_MIN_AGE_MS && e.upheld === 0)
    found.set('no_upheld_reports', { at: now.toISOString() });
  // every live listing names a sire and dam whose recommended tests an admin verified (decision 0121)
  if (e.healthTested) found.set('health_tested_parents', { at: e.healthTested.at });
  return found;
}

export function badgeViews(e: BreederEvidence | undefined, now: Date): BadgeView[] {
  if (!e) return [];
  const found = earned(e, now);
  const revoked = new Set(e.revoked);
  return BADGE_KINDS.filter((kind) => found.has(kind) && !revoked.has(kind)).map((kind) => {
    const { at, label } = found.get(kind)!;
    return { kind, label: label ?? BADGE_TEXT[kind].label, checked: BADGE_TEXT[kind].checked, at };
  });
}

/** the earned badges of each of these sellers, revoked ones left out */
export async function badgesOf(
  store: Repositories,
  sellerIds: readonly number[],
  now: Date,
): Promise<Map<number, BadgeView[]>> {
  const evidence = await evidenceOf(store, sellerIds, now);
  return new Map([...new Set(sellerIds)].map((id) => [id, badgeViews(evidence.get(id), now)]));
}

/** the revocations in force of a seller, as the seller sees them */
export async function revokedBadges(store: Repositories, sellerId: number): Promise<RevokedBadgeView[]> {
  return (await store.badgeRevocations.listInForce([sellerId])).map((r) => ({
    id: r.id,
    kind: r.badge,
    label: BADGE_TEXT[r.badge].label,
    reason: r.reason,
    revokedAt: r.createdAt,
  }));
}

/** an admin takes a badge away, with the reason its seller sees */
export async function revokeBadge(
  store: Store,
  admin: User,
  sellerId: number,
  kind: string,
  reason: string,
  now: Date,
): Promise<RevokedBadgeView> {
  if (!(BADGE_KINDS as readonly string[]).includes(kind)) throw new NotFoundError('There is no such badge.');
  const seller = await store.users.get(sellerId);
  if (!seller) throw new NotFoundError('User not found');
  const badge = kind as BadgeKind;
  if ((await store.badgeRevocations.listInForce([sellerId])).some((r) => r.badge === badge))
    throw new ValidationError('This badge is revoked already.');
  const row = await store.badgeRevocations.create({
    userId: sellerId,
    badge,
    reason,
    adminId: admin.id,
    createdAt: now.toISOString(),
  });
  return {
    id: row.id,
    kind: row.badge,
    label: BADGE_TEXT[row.badge].label,
    reason: row.reason,
    revokedAt: row.createdAt,
  };
}

/** an admin gives a revoked badge back (it shows again while it is still earned) */
export async function liftRevocation(store: Store, revocationId: number, now: Date): Promise<void> {
  if (!(await store.badgeRevocations.lift(revocationId, now)))
    throw new NotFoundError('This revocation is not in force.');
}
