// Astro integration: Astro announces each server island with <link rel="preload" as="fetch"> and then
// fetches it from a script. In Chromium that pair leaves the script's request open for good (the page
// never becomes network-idle, which tests and tools wait for), while the island itself renders. The
// home page's only server island (featured puppies) sits below the fold, so the head start is worth
// nothing: after the build this removes those preload links from the pre-rendered pages.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ISLAND_PRELOAD = /<link rel="preload" as="fetch" href="\/_server-islands\/[^"]*"[^>]*>/g;

export function withoutIslandPreloads(html) {
  return html.replace(ISLAND_PRELOAD, '');
}

async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(full);
      return entry.name.endsWith('.html') ? [full] : [];
    }),
  );
  return nested.flat();
}

export default function noIslandPreload() {
  return {
    name: 'puppynest:no-island-preload',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const updated = withoutIslandPreloads(html);
          if (updated !== html) await writeFile(file, updated);
        }
      },
    },
  };
}
