// A seller's rating as the site shows it (docs/product.md "Reviews", decision 0119): the average of the
// stars of their visible reviews to one decimal, and the count, read off the rating row the store keeps.
import type { RatingSummary } from '#contracts/puppies.ts';
import type { SellerRating } from './model.ts';
import type { Repositories } from './store/index.ts';

/** null for a seller without a visible review: no stars are shown rather than a zero */
export function ratingSummary(
  row: Pick<SellerRating, 'reviewCount' | 'ratingSum'> | null | undefined,
): RatingSummary | null {
  if (!row || row.reviewCount === 0) return null;
  return { average: Math.round((row.ratingSum / row.reviewCount) * 10) / 10, count: row.reviewCount };
}

/** the ratings of these sellers, by seller id (one read) */
export async function ratingsOf(
  store: Pick<Repositories, 'sellerRatings'>,
  sellerIds: readonly number[],
): Promise<Map<number, RatingSummary | null>> {
  const rows = await store.sellerRatings.forSellers(sellerIds);
  return new Map(sellerIds.map((id) => [id, ratingSummary(rows.get(id))]));
}
