// Where a visitor may be sent after logging in, or after any page that takes a `next`: only a path on
// this site (docs/decisions/0108-redirects-embeds-and-abuse-limits.md). Browsers read `/\host` and
// `/<tab>/host` as another site, and layers of percent-encoding can hide either, so every decoded layer
// is checked, then the URL parser has the last word.

const PLACEHOLDER_ORIGIN = 'https://puppynest.invalid';
const MAX_LENGTH = 2048;
/** more layers of encoding than any link of ours carries: only an attack nests them this deep */
const MAX_DECODES = 4;
/** controls, invisible format characters (bidi, zero-width) and every kind of space */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

const isPlainPath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !UNSAFE_CHARACTER.test(value);

/** `raw` as a same-origin path (with its query and fragment), or '/' */
export function safeNextPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return '/';
  let layer = raw;
  for (let decodes = 0; ; decodes++) {
    if (!isPlainPath(layer)) return '/';
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return '/';
    }
    if (decoded === layer) break;
    if (decodes === MAX_DECODES) return '/';
    layer = decoded;
  }
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  // The parser resolves dot segments: `/..//host` becomes `//host`, a path that leaves the site.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(path) ? path : '/';
}
