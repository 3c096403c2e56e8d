// The site (docs/decisions/0065): content pages pre-rendered; the pages that #contracts/on-demand-routes.ts
// lists (/puppies, /puppies/{id}, sitemap.xml, /messages, /earnings/onboarding…) rendered on demand by
// @astrojs/node in middleware mode, mounted by the Express app in the same process. React only in the
// islands.
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import cspInlineScripts from './tools/astro-csp-inline-scripts.mjs';
import devPageLocals from './tools/astro-dev-page-locals.mjs';
import noIslandPreload from './tools/astro-no-island-preload.mjs';
import siteUrlStamp from './tools/astro-site-url-stamp.mjs';
import { VIDEO_EMBED_ORIGINS } from './site/lib/video-embed.ts';
import { defaultSiteUrl } from './commerce-api/src/contracts/site-url.ts';

const apiPort = process.env.API_PORT ?? '4322';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // SITE_DIST_DIR lets two checkouts' test runs build side by side; the server reads the same variable.
  outDir: process.env.SITE_DIST_DIR ?? './dist/site',
  // The server's rule (config.ts): unset or empty, the address of the server that serves this build.
  site: process.env.PUBLIC_SITE_URL || defaultSiteUrl(process.env.PORT || 4321),
  // Pages are pre-rendered unless they say `prerender = false`. The build writes the static files to
  // <outDir>/client and the on-demand handler to <outDir>/server/entry.mjs.
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  // "/puppies" is served as puppies.html: no trailing-slash redirects on the way to a page.
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'auto' },
  integrations: [react(), cspInlineScripts(), noIslandPreload(), siteUrlStamp(), devPageLocals({ apiPort })],
  // A Content-Security-Policy <meta> on every page: scripts only from this site (and Stripe.js), each
  // inline script by its hash, which Astro computes at build time.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https://cdn.sanity.io",
        "media-src 'self' blob:",
        "font-src 'self' data:",
        `connect-src 'self' https://api.stripe.com${process.env.PUBLIC_API_URL ? ` ${new URL(process.env.PUBLIC_API_URL).origin}` : ''}`,
        // Stripe Elements and its 3-D Secure frame, and the two video players a listing may frame;
        // nothing else (decision 0108).
        `frame-src https://js.stripe.com https://hooks.stripe.com ${VIDEO_EMBED_ORIGINS.join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'", 'https://js.stripe.com'] },
      // React renders style="" attributes (image boxes, toasts); style hashes cannot cover attributes.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // Content pictures from a real Sanity project (SANITY_PROJECT_ID) go through Astro's image pipeline
  // like the embedded ones: fetched at build time, resized, re-encoded (site/lib/content/astro-images.ts).
  image: { remotePatterns: [{ protocol: 'https', hostname: 'cdn.sanity.io' }] },
  server: { port: 4321, host: '127.0.0.1' },
  vite: {
    server: {
      // `npm run dev`: the API runs beside astro dev; the browser sees one origin.
      proxy: {
        '/api': `http://127.0.0.1:${apiPort}`,
        '/uploads': `http://127.0.0.1:${apiPort}`,
        '/content/images': `http://127.0.0.1:${apiPort}`,
      },
    },
  },
});
