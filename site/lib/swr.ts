// Data-fetch behaviour of docs/product.md §7: no automatic retries, no refetch on focus, no polling.
import useSWR, { type SWRConfiguration } from 'swr';
import { getJson } from './api-client.ts';

export const SWR_OPTIONS: SWRConfiguration = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
};

/**
 * GET a JSON resource through the one API client; `null` skips the request. `initial`: the same
 * resource the server already put in the page, used as is (no request on mount).
 */
export function useApi<T>(path: string | null, initial?: T) {
  const options =
    initial === undefined ? SWR_OPTIONS : { ...SWR_OPTIONS, fallbackData: initial, revalidateOnMount: false };
  return useSWR<T>(path, (p: string) => getJson<T>(p), options);
}
