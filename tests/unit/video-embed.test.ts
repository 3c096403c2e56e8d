// A listing's video address, as its page shows it (decision 0108): uploads play here, YouTube and Vimeo
// links become their privacy players, anything else is a plain link or nothing.
import { describe, expect, it } from 'vitest';
import { VIDEO_EMBED_ORIGINS, videoSource, type VideoSource } from '../../site/lib/video-embed.ts';

const yt = (id: string): VideoSource => ({
  kind: 'embed',
  provider: 'YouTube',
  src: `https://www.youtube-nocookie.com/embed/${id}`,
});
const vimeo = (query: string): VideoSource => ({
  kind: 'embed',
  provider: 'Vimeo',
  src: `https://player.vimeo.com/video/76979871${query}`,
});
const link = (href: string, host: string): VideoSource => ({ kind: 'link', href, host });
const NONE: VideoSource = { kind: 'none' };

const rows: Array<[raw: string, expected: VideoSource]> = [
  ['/uploads/videos/daisy.mp4', { kind: 'upload', src: '/uploads/videos/daisy.mp4' }],
  ['/uploads/../secret.mp4', NONE],
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', yt('dQw4w9WgXcQ')],
  ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', yt('dQw4w9WgXcQ')],
  ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', yt('dQw4w9WgXcQ')],
  ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', yt('dQw4w9WgXcQ')],
  ['https://youtu.be/dQw4w9WgXcQ', yt('dQw4w9WgXcQ')],
  ['https://youtu.be/dQw4w9WgXcQ?si=abc', yt('dQw4w9WgXcQ')],
  ['https://www.youtube.com/shorts/dQw4w9WgXcQ', yt('dQw4w9WgXcQ')],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ', yt('dQw4w9WgXcQ')],
  ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', yt('dQw4w9WgXcQ')],
  ['https://vimeo.com/76979871', vimeo('?dnt=1')],
  ['https://www.vimeo.com/76979871/', vimeo('?dnt=1')],
  ['https://vimeo.com/76979871/0a1b2c3d4e', vimeo('?h=0a1b2c3d4e&dnt=1')],
  ['https://player.vimeo.com/video/76979871', vimeo('?dnt=1')],
  // a YouTube or Vimeo address that names no video is only a link
  ['https://www.youtube.com/watch?v=short', link('https://www.youtube.com/watch?v=short', 'www.youtube.com')],
  [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E',
    link('https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E', 'www.youtube.com'),
  ],
  ['https://youtu.be/dQw4w9WgXcQ/extra', link('https://youtu.be/dQw4w9WgXcQ/extra', 'youtu.be')],
  ['https://vimeo.com/channels/staffpicks', link('https://vimeo.com/channels/staffpicks', 'vimeo.com')],
  // look-alikes are other sites
  [
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    link('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'youtube.com.evil.example'),
  ],
  [
    'https://evilyoutube.com/watch?v=dQw4w9WgXcQ',
    link('https://evilyoutube.com/watch?v=dQw4w9WgXcQ', 'evilyoutube.com'),
  ],
  ['https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ', NONE],
  [
    'https://player.vimeo.com.evil.example/video/76979871',
    link('https://player.vimeo.com.evil.example/video/76979871', 'player.vimeo.com.evil.example'),
  ],
  ['https://dogs.example/videos/daisy', link('https://dogs.example/videos/daisy', 'dogs.example')],
  // nothing that is not a web address
  ['javascript:alert(1)', NONE],
  ['data:text/html,<script>alert(1)</script>', NONE],
  ['//www.youtube.com/watch?v=dQw4w9WgXcQ', NONE],
  ['not a url', NONE],
  ['', NONE],
];

describe('videoSource', () => {
  it.each(rows)('%s', (raw, expected) => {
    expect(videoSource(raw)).toEqual(expected);
  });

  it('frames only the origins the CSP names', () => {
    for (const [raw] of rows) {
      const source = videoSource(raw);
      if (source.kind === 'embed') expect(VIDEO_EMBED_ORIGINS).toContain(new URL(source.src).origin);
    }
  });
});
