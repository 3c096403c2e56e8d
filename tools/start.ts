// npm start: build the site when the build is missing, older than its sources, or made for another address
// than the server's (PUBLIC_SITE_URL, else http://localhost:{PORT}), then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultSiteUrl } from '../commerce-api/src/contracts/site-url.ts';
import { SITE_URL_STAMP } from './astro-site-url-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['site', 'content', 'commerce-api/src/contracts', 'astro.config.mjs', 'package-lock.json'];
const BUILD_DIR = path.resolve(root, process.env.SITE_DIST_DIR ?? 'dist/site');
const BUILD_MARKER = path.join(BUILD_DIR, 'client', 'index.html');
/** the server's own rule (config.ts), so the pages' canonical URLs and the mailed links agree */
const SITE_URL = (process.env.PUBLIC_SITE_URL || defaultSiteUrl(process.env.PORT || 4321)).replace(/\/$/, '');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function builtFor(): string | null {
  try {
    return readFileSync(path.join(BUILD_DIR, SITE_URL_STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

function siteIsStale(): boolean {
  if (!existsSync(BUILD_MARKER) || builtFor() !== SITE_URL) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

if (siteIsStale()) {
  console.log(
    `Building the site for ${SITE_URL} (it is missing, older than its sources, or made for another address)…`,
  );
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import('../commerce-api/src/server.ts');
await main();
