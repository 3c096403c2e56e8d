// Data-fetch behaviour of docs/product.md §7: no automatic retries, no refetch on focus, no polling.
import useSWR, { type SWRConfiguration } from 'swr';
import { getJson } from './api-client.ts';

export const SWR_OPTIONS: SWRConfiguration = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
};

/** GET a JSON resource through the one API client; `null` skips the request */
export function useApi<T>(path: string | null) {
  return useSWR<T>(path, (p: string) => getJson<T>(p), SWR_OPTIONS);
}
