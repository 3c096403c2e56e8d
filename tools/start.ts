// npm start: build the site when the build is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['site', 'content', 'commerce-api/src/contracts', 'astro.config.mjs', 'package-lock.json'];
const BUILD_MARKER = path.resolve(root, process.env.SITE_DIST_DIR ?? 'dist/site', 'client', 'index.html');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function siteIsStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

if (siteIsStale()) {
  console.log('Building the site (it is missing or older than its sources)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import('../commerce-api/src/server.ts');
await main();
