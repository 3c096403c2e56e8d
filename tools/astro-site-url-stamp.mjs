// Astro integration: writes the address a build was made for (the `site` of astro.config.mjs, from
// PUBLIC_SITE_URL) into site-url.txt beside client/ and server/. Canonical URLs, share images and the
// sitemap carry it, so npm start (tools/start.ts) rebuilds a build made for another address.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SITE_URL_STAMP = 'site-url.txt';

export default function siteUrlStamp() {
  let site = '';
  return {
    name: 'puppynest:site-url-stamp',
    hooks: {
      'astro:config:done': ({ config }) => {
        site = String(config.site ?? '').replace(/\/$/, '');
      },
      // `dir` is the build's client/ folder
      'astro:build:done': async ({ dir }) => {
        await writeFile(path.join(path.dirname(fileURLToPath(dir)), SITE_URL_STAMP), `${site}\n`);
      },
    },
  };
}
