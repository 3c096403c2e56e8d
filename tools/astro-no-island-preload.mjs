// Astro integration: Astro announces each server island with <link rel="preload" as="fetch"> and then
// fetches it from a script. In Chromium that pair leaves the script's request open for good (the page
// never becomes network-idle, which tests and tools wait for), while the island itself renders. The
// home page's only server island (featured puppies) sits below the fold, so the head start is worth
// nothing: after the build this removes those preload links from the pre-rendered pages.
import { rewriteBuiltPages } from './astro-built-pages.mjs';

const ISLAND_PRELOAD = /<link rel="preload" as="fetch" href="\/_server-islands\/[^"]*"[^>]*>/g;

export function withoutIslandPreloads(html) {
  return html.replace(ISLAND_PRELOAD, '');
}

export default function noIslandPreload() {
  return rewriteBuiltPages('puppynest:no-island-preload', withoutIslandPreloads);
}
