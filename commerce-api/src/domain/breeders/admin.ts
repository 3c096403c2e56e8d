// /admin's Breeders panel (decision 0118, docs/product.md §16): an admin finds a seller by username or
// by a part of the kennel name, sees the badges families see and the revocations in force, and revokes
// or lifts from there (badges.ts). Read from the store's existing reads, no search index: the exact
// username, then the kennel names of every profile (a list an admin reads rarely; see decision 0118).
import { ADMIN_BREEDER_RESULTS, type AdminBreederView } from '#contracts/breeders.ts';
import { canList } from '../listings.ts';
import type { Repositories } from '../store/index.ts';
import type { BreederProfile, User } from '../model.ts';
import { badgesOf, revokedBadges } from './badges.ts';

/** sellers whose username is `query`, or whose kennel name or address contains it (any case) */
export async function findBreeders(store: Repositories, query: string, now: Date): Promise<AdminBreederView[]> {
  const needle = query.trim().toLowerCase();
  const profiles = await store.breederProfiles.list();
  const byUser = new Map(profiles.map((p) => [p.userId, p]));
  const found: Array<{ user: User; profile: BreederProfile | undefined }> = [];
  const named = await store.users.findByUsername(query.trim());
  if (named && (canList(named) || byUser.has(named.id))) found.push({ user: named, profile: byUser.get(named.id) });
  for (const profile of profiles) {
    if (found.length >= ADMIN_BREEDER_RESULTS) break;
    if (profile.userId === named?.id) continue;
    if (!profile.kennelName.toLowerCase().includes(needle) && !profile.slug.includes(needle)) continue;
    const user = await store.users.get(profile.userId);
    if (user) found.push({ user, profile });
  }
  const badges = await badgesOf(
    store,
    found.map((f) => f.user.id),
    now,
  );
  return Promise.all(
    found.map(async ({ user, profile }) => ({
      userId: user.id,
      username: user.username,
      kennelName: profile?.kennelName ?? null,
      slug: profile?.slug ?? null,
      suspended: Boolean(user.suspendedAt),
      badges: badges.get(user.id) ?? [],
      revoked: await revokedBadges(store, user.id),
    })),
  );
}
