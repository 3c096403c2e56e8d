// robots.txt, written at build time so the sitemap line carries the configured site URL.
import type { APIRoute } from 'astro';
import { PRIVATE_ON_DEMAND_PATHS } from '#contracts/on-demand-routes.ts';

/** a path's fixed start: '/messages/:id' is covered by '/messages' */
const prefix = (path: string) => path.split('/:')[0]!.split('/*')[0]!;

// The private on-demand pages (the one list, decision 0065's note of 2026-11-26) and the private
// pre-rendered ones, which are noindex too; a crawler need not fetch any of them.
const PRIVATE = [
  ...new Set([
    '/api/',
    '/admin',
    '/my-listings',
    '/post-puppy',
    '/edit-puppy/',
    '/checkout',
    '/listing-payment/',
    '/studio',
    ...PRIVATE_ON_DEMAND_PATHS.map(prefix),
  ]),
];

export const GET: APIRoute = ({ site }) => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', site).href}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
