// The one walk over the pre-rendered pages that the post-build integrations share: each rewrites a
// page's HTML and the file is written only when its text changed.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** an Astro integration that passes every built .html page through `transform` after the build */
export function rewriteBuiltPages(name, transform) {
  return {
    name,
    hooks: {
      'astro:build:done': async ({ dir }) => {
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const updated = transform(html);
          if (updated !== html) await writeFile(file, updated);
        }
      },
    },
  };
}
