// npm start: build the site when the build is missing, older than its sources, or made for another address
// than the server's (PUBLIC_SITE_URL, else http://localhost:{PORT}); build the Studio when a Sanity project
// is configured and its build is missing, older than studio/, or made for another project (decision 0120);
// then run the server.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STUDIO_BUILD_STAMP, studioSettingsFromEnv, studioStamp } from '#content/settings.ts';
import { defaultSiteUrl } from '../commerce-api/src/contracts/site-url.ts';
import { SITE_URL_STAMP } from './astro-site-url-stamp.mjs';
import { mtimeOf, newestMtime, rebuildReason } from './build-freshness.ts';
import { buildStudio, STUDIO_DIR, STUDIO_SKIP, STUDIO_SOURCES } from './build-studio.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['site', 'content', 'commerce-api/src/contracts', 'astro.config.mjs', 'package-lock.json'];
const BUILD_DIR = path.resolve(root, process.env.SITE_DIST_DIR ?? 'dist/site');
const BUILD_MARKER = path.join(BUILD_DIR, 'client', 'index.html');
/** the server's own rule (config.ts), so the pages' canonical URLs and the mailed links agree */
const SITE_URL = (process.env.PUBLIC_SITE_URL || defaultSiteUrl(process.env.PORT || 4321)).replace(/\/$/, '');

function readStamp(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

const siteReason = rebuildReason(
  { builtAt: mtimeOf(BUILD_MARKER), builtFor: readStamp(path.join(BUILD_DIR, SITE_URL_STAMP)) },
  { for: SITE_URL, sourcesChangedAt: Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source)))) },
);
if (siteReason) {
  console.log(
    `Building the site for ${SITE_URL} (${siteReason === 'made for something else' ? 'made for another address' : siteReason})…`,
  );
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const studio = studioSettingsFromEnv(process.env);
if (!studio.projectId) {
  console.log('No Sanity project (SANITY_PROJECT_ID): the Studio is not built; /studio says how to set one up.');
} else {
  const studioReason = rebuildReason(
    {
      builtAt: mtimeOf(path.join(STUDIO_DIR, 'index.html')),
      builtFor: readStamp(path.join(STUDIO_DIR, STUDIO_BUILD_STAMP)),
    },
    {
      for: studioStamp(studio),
      sourcesChangedAt: Math.max(...STUDIO_SOURCES.map((source) => newestMtime(source, STUDIO_SKIP))),
    },
  );
  if (studioReason) {
    console.log(
      `Building the Studio for ${studio.projectId}/${studio.dataset} (${studioReason === 'made for something else' ? 'made for another project' : studioReason})…`,
    );
    // The shop runs without its Studio: a failed build is reported, and /studio then says it is not built.
    if (buildStudio(studio) !== 0) console.error('The Studio build failed; the site and the API start without it.');
  }
}

const { main } = await import('../commerce-api/src/server.ts');
await main();
