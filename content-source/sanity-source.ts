// The production content source: a real Sanity project through @sanity/client.
import { createClient, type ClientConfig } from '@sanity/client';
import type { ContentSource, QueryParams } from './source.ts';

/** Pinned so a change in Sanity's API defaults can never change what the site shows. */
export const SANITY_API_VERSION = '2025-02-19';

export interface SanitySourceOptions {
  projectId: string;
  dataset: string;
  /** Only for a private dataset; public datasets need none. */
  token?: string;
  /** Tests point the client at a local server. */
  apiHost?: string;
  useProjectHostname?: boolean;
}

export function createSanitySource(options: SanitySourceOptions): ContentSource {
  const config: ClientConfig = {
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: SANITY_API_VERSION,
    // The site is built from content once per publish: read fresh from the API, not a CDN cache.
    useCdn: false,
    // Since API version 2025-02-19 the default perspective is "drafts"; visitors must see published content.
    perspective: 'published',
    ...(options.token ? { token: options.token } : {}),
    ...(options.apiHost ? { apiHost: options.apiHost } : {}),
    ...(options.useProjectHostname === undefined ? {} : { useProjectHostname: options.useProjectHostname }),
  };
  const client = createClient(config);
  return {
    name: `sanity:${options.projectId}/${options.dataset}`,
    fetch<T>(query: string, params: QueryParams = {}): Promise<T> {
      return client.fetch<T>(query, params);
    },
  };
}
