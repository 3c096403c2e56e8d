// The breeder lines ("Sold by {kennel}" and the badges) of cards whose list carries none: the home
// page's featured puppies and My Listings' favourites (decision 0118). The catalogue's pages carry
// theirs; these ask GET /api/breeders once for all their sellers, and show the cards meanwhile.
import type { BreederSummariesResponse } from '#contracts/breeders.ts';
import { MAX_SUMMARY_SELLERS } from '#contracts/breeders.ts';
import type { PuppyView } from '#contracts/puppies.ts';
import { useApi } from './swr.ts';

export function useBreederLines(puppies: readonly PuppyView[] | undefined): BreederSummariesResponse {
  const sellers = [...new Set((puppies ?? []).map((p) => p.userId))]
    .sort((a, b) => a - b)
    .slice(0, MAX_SUMMARY_SELLERS);
  const { data } = useApi<BreederSummariesResponse>(
    sellers.length ? `/api/breeders?sellers=${sellers.join(',')}` : null,
  );
  return data ?? {};
}
