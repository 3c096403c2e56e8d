// npm run studio:build (and npm start, when the Studio is missing or stale): builds Sanity Studio into
// dist/studio for the configured project, then stamps it with that project and dataset, which the server
// checks before serving it (decision 0120). Without a project it builds nothing: a Studio built for a
// placeholder project can only say it cannot reach Sanity, so /studio shows the setup page instead.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STUDIO_BUILD_STAMP, studioSettingsFromEnv, studioStamp, type StudioSettings } from '#content/settings.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STUDIO_DIR = path.join(root, 'dist', 'studio');
/** what the Studio build reads: its config and schema, and the pinned Sanity packages */
export const STUDIO_SOURCES = ['studio', 'package-lock.json'].map((source) => path.join(root, source));
/** folders under studio/ that are not sources (the CLI's own cache, a stray install) */
export const STUDIO_SKIP = new Set(['.sanity', 'node_modules', 'dist']);

/** builds the Studio for `settings`; the exit status of `sanity build` */
export function buildStudio(settings: StudioSettings): number {
  const result = spawnSync('npx', ['sanity', 'build', STUDIO_DIR, '--yes'], {
    cwd: path.join(root, 'studio'),
    stdio: 'inherit',
    env: {
      ...process.env,
      // the Studio's bundle reads only SANITY_STUDIO_* variables (studio/sanity.config.ts)
      SANITY_STUDIO_PROJECT_ID: settings.projectId,
      SANITY_STUDIO_DATASET: settings.dataset,
      SANITY_TELEMETRY_DISABLED: '1',
      DO_NOT_TRACK: '1',
    },
  });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(path.join(STUDIO_DIR, STUDIO_BUILD_STAMP), `${studioStamp(settings)}\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const settings = studioSettingsFromEnv(process.env);
  if (!settings.projectId) {
    console.error(
      'No Sanity project: set SANITY_PROJECT_ID (or SANITY_STUDIO_PROJECT_ID) first. Without one the Studio cannot reach Sanity, so it is not built and /studio shows how to set one up (README "For editors").',
    );
    process.exit(1);
  }
  process.exit(buildStudio(settings));
}
