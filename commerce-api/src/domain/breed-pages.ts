// A breed's page (decision 0130, docs/product.md §19): the editors' words about the breed (its Studio
// document, which also holds the recommended health tests of decision 0121) and the catalogue's live
// figures: how many puppies are available, the middle half of the listings' prices, and the breed's
// breeders, best rated first. The page's puppies are a catalogue query (breed, available), as /puppies'.
import { breedListPath, BREED_PAGE_BREEDERS, type BreedPageView } from '#contracts/breed-pages.ts';
import { breedSlug } from '#contracts/breeds.ts';
import { HEALTH_TEST_KINDS, HEALTH_TESTS, type HealthTestKind } from '#contracts/parents.ts';
import { badgeViews, evidenceOf } from './breeders/badges.ts';
import { ratingSummary } from './seller-ratings.ts';
import type { Breed } from './model.ts';
import { compareRatings } from './store/catalogue-search.ts';
import type { BreedListingFigures, Store } from './store/index.ts';

/** what the content seam answers per breed (content-source BreedHealth) */
export interface BreedDocument {
  breed: string;
  recommendedTests: string[];
  note: string | null;
  size?: 'small' | 'medium' | 'large' | null;
  adultWeight?: string | null;
  temperament?: string | null;
  careNotes?: string | null;
}

interface BreedContent {
  getBreedHealth(): Promise<BreedDocument[]>;
}

const KEEP_DOCUMENTS_MS = 60_000;
const documentsCache = new WeakMap<object, { atMs: number; value: Promise<Map<string, BreedDocument>> }>();

/** the breed documents by breed name, kept a minute per source as the recommended tests are (decision 0121) */
function breedDocuments(content: BreedContent, nowMs = Date.now()): Promise<Map<string, BreedDocument>> {
  const kept = documentsCache.get(content);
  if (kept && nowMs - kept.atMs < KEEP_DOCUMENTS_MS) return kept.value;
  const value = content.getBreedHealth().then((docs) => new Map(docs.map((d) => [d.breed, d])));
  documentsCache.set(content, { atMs: nowMs, value });
  value.catch(() => documentsCache.delete(content));
  return value;
}

/** the breed a slug names, among the store's breeds; undefined for any other slug */
export async function breedBySlug(store: Pick<Store, 'breeds'>, slug: string): Promise<Breed | undefined> {
  return (await store.breeds.list()).find((b) => breedSlug(b.name) === slug);
}

// lowdb can tell when its catalogue changed (catalogueVersion): a breed's figures are kept until then,
// so a page view costs no pass over the listings. PostgreSQL reads them from the breed's index each time.
const figuresCache = new WeakMap<Store, { version: string; byBreed: Map<number, Promise<BreedListingFigures>> }>();

function figuresOf(store: Store, breedId: number, now: Date): Promise<BreedListingFigures> {
  const version = store.catalogueVersion?.(now);
  if (version === undefined) return store.puppies.breedFigures(breedId, now);
  let kept = figuresCache.get(store);
  if (!kept || kept.version !== version) figuresCache.set(store, (kept = { version, byBreed: new Map() }));
  let figures = kept.byBreed.get(breedId);
  if (!figures) {
    figures = store.puppies.breedFigures(breedId, now);
    const byBreed = kept.byBreed;
    byBreed.set(breedId, figures);
    figures.catch(() => byBreed.delete(breedId));
  }
  return figures;
}

/** GET /api/breeds/{slug} and /breeds/{slug}: null for a slug that names no breed */
export async function breedPage(
  store: Store,
  content: BreedContent,
  slug: string,
  now: Date,
): Promise<BreedPageView | null> {
  const breed = await breedBySlug(store, slug);
  if (!breed) return null;
  const [documents, figures] = await Promise.all([
    breedDocuments(content, now.getTime()),
    figuresOf(store, breed.id, now),
  ]);
  const doc = documents.get(breed.name);
  const known = new Set<string>(HEALTH_TEST_KINDS);
  const tests = (doc?.recommendedTests ?? []).filter((t): t is HealthTestKind => known.has(t));
  const profile =
    doc && (doc.size || doc.adultWeight || doc.temperament || doc.careNotes)
      ? {
          size: doc.size ?? null,
          adultWeight: doc.adultWeight ?? null,
          temperament: doc.temperament ?? null,
          careNotes: doc.careNotes ?? null,
        }
      : null;
  return {
    id: breed.id,
    slug: breedSlug(breed.name),
    name: breed.name,
    imageUrl: breed.imageUrl,
    profile,
    recommendedTests: tests.map((test) => ({ test, label: HEALTH_TESTS[test] })),
    healthNote: doc?.note ?? null,
    figures: { available: figures.available, listings: figures.listings, priceRange: figures.priceQuartiles },
    breeders: await breedBreeders(store, figures.sellers, now),
    listPath: breedListPath(breed.id),
  };
}

/**
 * The breed's sellers that have a breeder page, best rated first (the catalogue's rating order, decision
 * 0119: the better average, then more reviews; sellers without reviews last), then those with more
 * listings of the breed. Ratings are one read for all; badges are read only for the ones shown.
 */
async function breedBreeders(
  store: Store,
  sellers: BreedListingFigures['sellers'],
  now: Date,
): Promise<BreedPageView['breeders']> {
  if (sellers.length === 0) return [];
  const ratings = await store.sellerRatings.forSellers(sellers.map((s) => s.userId));
  const ordered = [...sellers].sort(
    (a, b) =>
      compareRatings(ratings.get(a.userId), ratings.get(b.userId)) || b.listings - a.listings || a.userId - b.userId,
  );
  // a few more than are shown: a seller without a breeder page is left out
  const candidates = ordered.slice(0, BREED_PAGE_BREEDERS * 2);
  const evidence = await evidenceOf(
    store,
    candidates.map((s) => s.userId),
    now,
  );
  const shown: BreedPageView['breeders'] = [];
  for (const seller of candidates) {
    const e = evidence.get(seller.userId);
    if (!e?.profile) continue;
    shown.push({
      slug: e.profile.slug,
      kennelName: e.profile.kennelName,
      badges: badgeViews(e, now),
      rating: ratingSummary(ratings.get(seller.userId)),
      listings: seller.listings,
    });
    if (shown.length === BREED_PAGE_BREEDERS) break;
  }
  return shown;
}

/** every breed page in sitemap.xml (decision 0130): each of the store's breeds, by its slug */
export async function breedSitemap(store: Pick<Store, 'breeds'>): Promise<Array<{ slug: string; name: string }>> {
  return (await store.breeds.list())
    .map((b) => ({ slug: breedSlug(b.name), name: b.name }))
    .sort((a, b) => a.slug.localeCompare(b.slug));
}
