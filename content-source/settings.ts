// Which content source to read, parsed from the environment in one place. The API reads it once in
// commerce-api/src/config.ts (config.content) and is handed the content through AppDeps; the Astro
// build, a process of its own, reads it from its environment on first use (content() in index.ts).
// Decision 0071.
import path from 'node:path';

export interface ContentSettings {
  /** Sanity project id; '' → the embedded dataset in contentDir */
  readonly projectId: string;
  readonly dataset: string;
  /** read token for a private dataset; '' when the dataset is public */
  readonly readToken: string;
  /** absolute path of the embedded dataset (a dataset export) */
  readonly contentDir: string;
}

/**
 * SANITY_PROJECT_ID set → the Sanity project (SANITY_DATASET, default "production"; optional
 * SANITY_API_READ_TOKEN for a private dataset); otherwise the embedded dataset in CONTENT_DIR (default ./content).
 */
export function contentSettingsFromEnv(env: Record<string, string | undefined>): ContentSettings {
  return {
    projectId: env.SANITY_PROJECT_ID?.trim() ?? '',
    dataset: env.SANITY_DATASET?.trim() || 'production',
    readToken: env.SANITY_API_READ_TOKEN?.trim() ?? '',
    contentDir: path.resolve(env.CONTENT_DIR?.trim() || 'content'),
  };
}
