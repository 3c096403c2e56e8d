// The Content-Security-Policy as a header on every page (docs/decisions/0112, amending 0007):
// - A pre-rendered page's policy is the one the build wrote into its <meta> (Astro's directives and the
//   hash of each of its inline scripts, tools/astro-csp-inline-scripts.mjs), sent as a header with the
//   directives only a header can carry (#contracts/content-security-policy.ts). Read from the page's
//   file, so the header always matches the scripts of the file being sent, rebuilds included.
// - An on-demand page's policy is the header Astro sends with it (BaseLayout adds the same directives);
//   Astro's header replaces the default below.
// - Anything else outside /api (a JSON error answered in place of a page, the "site not built" text,
//   uploads, assets) gets a default that lets nothing run, load or frame it.
// The Studio (/studio) is a single-page app of Sanity's with its own needs; it gets none.
import { readFileSync, statSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { HEADER_ONLY_DIRECTIVES, REPORTING_ENDPOINTS } from '#contracts/content-security-policy.ts';

export const CSP_HEADER = 'Content-Security-Policy';

/** what is not a page: nothing in it may run, load, submit or be framed */
export const DEFAULT_POLICY = [
  "default-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  ...HEADER_ONLY_DIRECTIVES,
].join('; ');

const STUDIO = /^\/studio(?:\/|$)/;

/** the default policy and the report endpoint's name on every answer outside /api and the Studio */
export function siteSecurityHeaders(): RequestHandler {
  return (req, res, next) => {
    if (!STUDIO.test(req.path)) {
      res.setHeader(CSP_HEADER, DEFAULT_POLICY);
      res.setHeader('Reporting-Endpoints', REPORTING_ENDPOINTS);
    }
    next();
  };
}

const CSP_META = /<meta http-equiv="content-security-policy" content="([^"]*)"/;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/** the header for a built page's HTML: its <meta>'s policy and the header-only directives; the default without one */
export function pagePolicy(html: string): string {
  const meta = CSP_META.exec(html);
  if (!meta) return DEFAULT_POLICY;
  const directives = meta[1]!
    .replace(/&(?:amp|quot|#39|#x27);/g, (entity) => ENTITIES[entity]!)
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '');
  return [...directives, ...HEADER_ONLY_DIRECTIVES].join('; ');
}

/**
 * The policy of a built page's file, kept while the file's modification time and size stay the same:
 * a request costs a stat (sendFile's own is asynchronous and not ours to read), and a page rebuilt by a
 * publish (decision 0096) is read again, so its header names the hashes of its new scripts.
 */
export function builtPagePolicies(): (file: string) => string {
  const known = new Map<string, { mtimeMs: number; size: number; policy: string }>();
  return (file) => {
    try {
      const { mtimeMs, size } = statSync(file);
      const kept = known.get(file);
      if (kept && kept.mtimeMs === mtimeMs && kept.size === size) return kept.policy;
      const policy = pagePolicy(readFileSync(file, 'utf8'));
      known.set(file, { mtimeMs, size, policy });
      return policy;
    } catch {
      // gone between the lookup and now (a rebuild swapping files): sendFile answers for it
      return DEFAULT_POLICY;
    }
  };
}
