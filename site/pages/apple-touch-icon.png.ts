// iOS home-screen icon: the mark full-bleed on the brand colour (iOS rounds the corners itself).
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { maskableSvg } from '../lib/brand.ts';

export const GET: APIRoute = async () => {
  const png = await sharp(Buffer.from(maskableSvg(180)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
