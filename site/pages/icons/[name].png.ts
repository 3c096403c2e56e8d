// The web-manifest and touch icons, rendered from the one brand drawing at build time.
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { markSvg, maskableSvg } from '../../lib/brand.ts';

const ICONS = {
  'icon-192': () => markSvg(192),
  'icon-512': () => markSvg(512),
  'maskable-512': () => maskableSvg(512),
} as const;

export const getStaticPaths: GetStaticPaths = () => Object.keys(ICONS).map((name) => ({ params: { name } }));

export const GET: APIRoute = async ({ params }) => {
  const svg = ICONS[params.name as keyof typeof ICONS]();
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
