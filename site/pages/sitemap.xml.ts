// sitemap.xml, rendered on demand (docs/decisions/0065): every public, indexable page of docs/product.md §2 and
// every public listing with the day it last changed, so a new listing appears and an expired or removed
// one leaves without a rebuild. The listings come from the Express app (Astro.locals).
import type { APIRoute } from 'astro';

export const prerender = false;

const PUBLIC_PAGES: ReadonlyArray<{ path: string; changefreq: 'daily' | 'weekly' | 'monthly'; priority: number }> = [
  { path: '/', changefreq: 'daily', priority: 1.0 },
  { path: '/puppies', changefreq: 'daily', priority: 0.9 },
  { path: '/sellers', changefreq: 'monthly', priority: 0.7 },
  { path: '/puppy-care-guide', changefreq: 'monthly', priority: 0.7 },
  { path: '/donate', changefreq: 'monthly', priority: 0.6 },
  { path: '/contact', changefreq: 'monthly', priority: 0.5 },
  { path: '/terms-of-service', changefreq: 'monthly', priority: 0.3 },
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const entry = (loc: string, lastmod: string, changefreq?: string, priority?: number) =>
  `  <url>\n    <loc>${escapeXml(loc)}</loc>\n    <lastmod>${lastmod}</lastmod>\n${changefreq ? `    <changefreq>${changefreq}</changefreq>\n` : ''}${priority ? `    <priority>${priority.toFixed(1)}</priority>\n` : ''}  </url>`;

export const GET: APIRoute = async ({ site, locals }) => {
  const today = new Date().toISOString().slice(0, 10);
  const pages = PUBLIC_PAGES.map((page) => entry(new URL(page.path, site).href, today, page.changefreq, page.priority));
  const listings = ((await locals.catalogue?.sitemap()) ?? []).map((listing) => entry(new URL(`/puppies/${listing.id}`, site).href, listing.lastmod.slice(0, 10)));
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...listings].join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
