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

/** the Sanity project the Studio edits (decision 0120) */
export interface StudioSettings {
  /** '' → no project: /studio shows what an editor needs to set one up, and nothing is built */
  readonly projectId: string;
  readonly dataset: string;
}

/**
 * SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET when set (the names Sanity's own CLI reads), else the
 * site's SANITY_PROJECT_ID / SANITY_DATASET: one project for the site and its Studio unless told otherwise.
 */
export function studioSettingsFromEnv(env: Record<string, string | undefined>): StudioSettings {
  return {
    projectId: env.SANITY_STUDIO_PROJECT_ID?.trim() || env.SANITY_PROJECT_ID?.trim() || '',
    dataset: env.SANITY_STUDIO_DATASET?.trim() || env.SANITY_DATASET?.trim() || 'production',
  };
}

/**
 * What a Studio build was made for, written beside its index.html by tools/build-studio.ts. A dot file:
 * express.static never serves it. A build without one (a bare `sanity build`) counts as made for no project.
 */
export const STUDIO_BUILD_STAMP = '.puppynest-build.json';

/** the stamp's text for these settings; two builds for the same project and dataset have the same one */
export const studioStamp = (settings: StudioSettings): string =>
  JSON.stringify({ projectId: settings.projectId, dataset: settings.dataset });
