// Serves what is not /api nor an on-demand page: user uploads, the built Studio (or the page that says
// how to set it up), the static Astro build, the shells of the per-user dynamic routes, and the 404 page
// with status 404 for anything else (docs/decisions/0002, 0065, 0120).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { STUDIO_BUILD_STAMP, studioStamp, type StudioSettings } from '#content/settings.ts';
import { studioHelpPage } from './studio-help-page.ts';
import { builtPagePolicies, CSP_HEADER } from './content-security-policy.ts';

export interface StaticSiteOptions {
  /** the Astro build's static files (dist/site/client) */
  siteDir: string;
  /** the Studio build (dist/studio); served only when it was built for the configured project */
  studioDir: string;
  /** the project the Studio edits (config.studio) and the site's address, for /studio and its help page */
  studio: { settings: StudioSettings; siteUrl: string };
  /** DATA_DIR/uploads */
  uploadsDir: string;
  /** the embedded content's pictures, served at /content/images/ (config.content.contentDir + /images) */
  contentImagesDir: string;
}

/**
 * The dynamic routes keep the spec's URLs; each is answered with the shell page Astro pre-rendered
 * for a placeholder id, and the island reads the real id from the address bar.
 */
const SHELLS: ReadonlyArray<[RegExp, string]> = [
  [/^\/edit-puppy\/[^/]+\/?$/, 'edit-puppy/_.html'],
  [/^\/checkout\/[^/]+\/?$/, 'checkout/_.html'],
  [/^\/listing-payment\/[^/]+\/?$/, 'listing-payment/_.html'],
];

const HTML_HEADERS = { 'Cache-Control': 'no-cache' };
/** the site's icon that every mail's layout shows (mail/layout.ts) */
const MAIL_LOGO = '/apple-touch-icon.png';

export function staticSite({ siteDir, studioDir, studio, uploadsDir, contentImagesDir }: StaticSiteOptions): Router {
  const router = express.Router();

  // Content pictures outside Astro's pipeline (the /api/products and /api/testimonials image URLs).
  router.use('/content/images', express.static(contentImagesDir, { index: false, redirect: false, maxAge: '1d' }));

  router.use('/uploads', express.static(uploadsDir, { index: false, redirect: false, maxAge: '7d', immutable: true }));

  const studioState = studioBuildState(studioDir, studio.settings);
  if (studioState === 'ready') {
    router.use('/studio', express.static(studioDir, { index: 'index.html', redirect: false }));
    // The Studio is a single-page app: its own router owns every path below /studio.
    router.get(['/studio', '/studio/{*splat}'], (_req, res) => {
      res.set(HTML_HEADERS).sendFile(path.join(studioDir, 'index.html'));
    });
  } else {
    // No Studio that could reach its project: say what is missing, at every address below /studio
    // (a bookmarked /studio/structure/terms too), rather than 404 or a Studio that cannot connect.
    const help = studioHelpPage({ studio: studio.settings, siteUrl: studio.siteUrl, reason: studioState });
    router.get(['/studio', '/studio/{*splat}'], (_req, res) => {
      res.set(HTML_HEADERS).type('html').send(help);
    });
  }

  router.use(
    '/_astro',
    express.static(path.join(siteDir, '_astro'), { index: false, redirect: false, maxAge: '365d', immutable: true }),
  );

  // each page with its own Content-Security-Policy header (decision 0112)
  const policyOf = builtPagePolicies();
  router.use(pages(siteDir, policyOf));
  // The mails show this icon as their logo (decision 0111): a webmail page on another origin may load it.
  router.get(MAIL_LOGO, (_req, res, next) => {
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });
  router.use(
    express.static(siteDir, {
      index: false,
      redirect: false,
      maxAge: '1h',
      // a page asked for by its file name (/donate.html) is the same page, with the same policy
      setHeaders: (res, file) => {
        if (file.endsWith('.html')) res.setHeader(CSP_HEADER, policyOf(file));
      },
    }),
  );
  router.use(notFoundPage(siteDir, policyOf));
  return router;
}

/** Pre-rendered pages, found once at start-up so a request costs a Set lookup, not a stat. */
function pages(siteDir: string, policyOf: (file: string) => string): RequestHandler {
  const files = new Set(htmlFiles(siteDir));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const urlPath = decodeSafe(req.path);
    if (urlPath === undefined) return next();
    const shell = SHELLS.find(([pattern]) => pattern.test(urlPath));
    const trimmed = urlPath.replace(/\/+$/, '');
    const file = shell ? shell[1] : trimmed === '' ? 'index.html' : `${trimmed.slice(1)}.html`;
    if (!files.has(file) || file === '404.html') return next();
    const full = path.join(siteDir, file);
    res.set(HTML_HEADERS).setHeader(CSP_HEADER, policyOf(full));
    res.sendFile(full);
  };
}

function notFoundPage(siteDir: string, policyOf: (file: string) => string): RequestHandler {
  const file = path.join(siteDir, '404.html');
  return (_req, res) => {
    res.status(404).set(HTML_HEADERS);
    if (existsSync(file)) res.setHeader(CSP_HEADER, policyOf(file)).sendFile(file);
    else
      res
        .type('text/plain')
        .send(
          '404 Page Not Found\nDid you forget to add the page to the router?\n(The site has not been built: run npm run build.)',
        );
  };
}

function htmlFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '_astro') return [];
    const rel = prefix + entry.name;
    if (entry.isDirectory()) return htmlFiles(path.join(dir, entry.name), `${rel}/`);
    return rel.endsWith('.html') ? [rel] : [];
  });
}

function decodeSafe(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * 'ready' when the Studio in studioDir was built (by tools/build-studio.ts) for the configured project and
 * dataset; otherwise why not. Read once at start-up, like the pages: npm start builds before the server starts.
 */
export function studioBuildState(studioDir: string, settings: StudioSettings): 'ready' | 'no-project' | 'not-built' {
  if (!settings.projectId) return 'no-project';
  if (!existsSync(path.join(studioDir, 'index.html'))) return 'not-built';
  try {
    return readFileSync(path.join(studioDir, STUDIO_BUILD_STAMP), 'utf8').trim() === studioStamp(settings)
      ? 'ready'
      : 'not-built';
  } catch {
    return 'not-built';
  }
}
