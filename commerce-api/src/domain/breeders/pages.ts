// What the site shows of breeders (decision 0118): the page at /breeders/{slug}, the seller's own
// view in My Listings, and the kennel name with badges on cards and listing pages.
import type { BreederLink, BreederPageView, BreederSummary, MyBreederProfileView } from '#contracts/breeders.ts';
import type { BreederEvidence, Repositories } from '../store/index.ts';
import type { BreederProfile, User } from '../model.ts';
import { badgesOf, badgeViews, evidenceOf, revokedBadges } from './badges.ts';
import { breederFigures } from './figures.ts';

/** a seller's page; null when no seller has the slug, or the account is suspended (its listings are hidden too) */
export async function breederPage(store: Repositories, slug: string, now: Date): Promise<BreederPageView | null> {
  const profile = await store.breederProfiles.findBySlug(slug);
  const seller = profile && (await store.users.get(profile.userId));
  if (!profile || !seller || seller.suspendedAt) return null;
  return pageView(store, profile, seller, now);
}

async function pageView(
  store: Repositories,
  profile: BreederProfile,
  seller: User,
  now: Date,
): Promise<BreederPageView> {
  const [badges, figures] = await Promise.all([badgesOf(store, [seller.id], now), breederFigures(store, seller, now)]);
  const { id: _id, userId, createdAt: _createdAt, ...fields } = profile;
  return { ...fields, userId, badges: badges.get(seller.id) ?? [], figures };
}

/** the seller's own profile with the badges an admin revoked; null before they have one */
export async function myBreederProfile(
  store: Repositories,
  seller: User,
  now: Date,
): Promise<MyBreederProfileView | null> {
  const profile = await store.breederProfiles.findByUser(seller.id);
  if (!profile) return null;
  const [page, revoked] = await Promise.all([pageView(store, profile, seller, now), revokedBadges(store, seller.id)]);
  return { ...page, revoked };
}

/** the kennel name, address and badges of each seller that has a profile (cards, listing pages) */
export async function breederSummaries(
  store: Repositories,
  sellerIds: readonly number[],
  now: Date,
): Promise<Record<number, BreederSummary>> {
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return {};
  return summariesFrom(await evidenceOf(store, ids, now), now);
}

/** the cards' breeder lines from evidence already read (the catalogue reads it once for ratings and lines) */
export function summariesFrom(
  evidence: ReadonlyMap<number, BreederEvidence>,
  now: Date,
): Record<number, BreederSummary> {
  const result: Record<number, BreederSummary> = {};
  for (const [id, e] of evidence)
    if (e.profile) result[id] = { slug: e.profile.slug, kennelName: e.profile.kennelName, badges: badgeViews(e, now) };
  return result;
}

/**
 * The breeder page of each of these sellers as a link (conversations, orders, the buyer's order mail):
 * only sellers with a profile who are not suspended, as a suspended seller's page answers 404.
 */
export async function breederLinks(
  store: Repositories,
  sellerIds: readonly number[],
): Promise<Map<number, BreederLink>> {
  const ids = [...new Set(sellerIds)];
  const links = new Map<number, BreederLink>();
  if (ids.length === 0) return links;
  const profiles = await store.breederProfiles.listByUsers(ids);
  const sellers = await Promise.all(profiles.map((p) => store.users.get(p.userId)));
  profiles.forEach((p, i) => {
    if (sellers[i] && !sellers[i]!.suspendedAt) links.set(p.userId, { slug: p.slug, kennelName: p.kennelName });
  });
  return links;
}

/** one seller's breeder page as a link, or null */
export async function breederLink(store: Repositories, sellerId: number): Promise<BreederLink | null> {
  return (await breederLinks(store, [sellerId])).get(sellerId) ?? null;
}

/** every breeder page for sitemap.xml, with the day its profile last changed */
export async function breederSitemap(store: Repositories): Promise<Array<{ slug: string; lastmod: string }>> {
  const profiles = await store.breederProfiles.list();
  const sellers = await Promise.all(profiles.map((p) => store.users.get(p.userId)));
  return profiles
    .filter((_, i) => sellers[i] && !sellers[i]!.suspendedAt)
    .map((p) => ({ slug: p.slug, lastmod: p.updatedAt }));
}
