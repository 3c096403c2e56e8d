// What a listing's video becomes on its page (decision 0108): an upload plays here; a YouTube or Vimeo
// link is framed by that service's own player, on its privacy domain; any other address is only a link.
// Only the two players may be framed, so frame-src (astro.config.mjs) names just their origins.

export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

export type VideoSource =
  | { kind: 'upload'; src: string }
  | { kind: 'embed'; src: string; provider: 'YouTube' | 'Vimeo' }
  | { kind: 'link'; href: string; host: string }
  | { kind: 'none' };

const YOUTUBE_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

const youtube = (id: string): VideoSource => ({
  kind: 'embed',
  provider: 'YouTube',
  src: `${VIDEO_EMBED_ORIGINS[0]}/embed/${id}`,
});

/** the YouTube video id of a watch, short, embed or youtu.be link */
function youtubeId(url: URL): string | undefined {
  const host = url.hostname;
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = segments.length === 1 ? segments[0] : undefined;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (segments.length === 2 && (segments[0] === 'embed' || segments[0] === 'shorts')) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/** vimeo.com/ID, an unlisted vimeo.com/ID/HASH, or player.vimeo.com/video/ID */
function vimeo(url: URL): VideoSource | undefined {
  if (!VIMEO_HOSTS.has(url.hostname)) return undefined;
  const match =
    url.hostname === 'player.vimeo.com'
      ? /^\/video\/(\d{1,12})\/?$/.exec(url.pathname)
      : /^\/(\d{1,12})(?:\/([0-9a-f]{1,32}))?\/?$/.exec(url.pathname);
  if (!match) return undefined;
  const hash = match[2] ?? url.searchParams.get('h');
  const query = hash && /^[0-9a-f]{1,32}$/.test(hash) ? `?h=${hash}&dnt=1` : '?dnt=1';
  return { kind: 'embed', provider: 'Vimeo', src: `${VIDEO_EMBED_ORIGINS[1]}/video/${match[1]}${query}` };
}

export function videoSource(raw: string): VideoSource {
  if (/^\/uploads\/[\w\-./]+$/.test(raw) && !raw.includes('..')) return { kind: 'upload', src: raw };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  // A user name or password in a link is a classic way to disguise its real host.
  if (url.username || url.password) return { kind: 'none' };
  const id = youtubeId(url);
  if (id) return youtube(id);
  return vimeo(url) ?? { kind: 'link', href: url.href, host: url.hostname };
}
