// Astro integration: Astro's CSP hashes the scripts it bundles, not `is:inline` ones (the few that must
// run before first paint: theme and banner state, the shells' early API request). After the build this
// adds the SHA-256 of every inline executable script of a page to that page's CSP script-src.
import { createHash } from 'node:crypto';
import { rewriteBuiltPages } from './astro-built-pages.mjs';

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/;
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html) {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
}

/** the page with every inline script's hash in its CSP script-src (unchanged without a CSP meta) */
export function withInlineScriptHashes(html) {
  const meta = CSP_META.exec(html);
  if (!meta) return html;
  const hashes = inlineScriptHashes(html).filter((hash) => !meta[2].includes(hash));
  if (!hashes.length) return html;
  const policy = meta[2].replace(
    /script-src ([^;]*)/,
    (_all, sources) => `script-src ${sources.trim()} ${[...new Set(hashes)].join(' ')}`,
  );
  return html.replace(CSP_META, `$1${policy}$3`);
}

export default function cspInlineScripts() {
  return rewriteBuiltPages('puppynest:csp-inline-scripts', withInlineScriptHashes);
}
