// sitemap.xml, rendered on demand (docs/decisions/0065): every public, indexable page of docs/product.md §2
// (lib/sitemap-pages.ts) and every public listing with the day it last changed, so a new listing appears
// and an expired or removed one leaves without a rebuild, every breeder page (decision 0118) and every breed
// page (decision 0130). The listings come from the Express app
// (Astro.locals).
import type { APIRoute } from 'astro';
import { SITEMAP_PAGES, breedPath, breederPath, listingPath } from '../lib/sitemap-pages.ts';

export const prerender = false;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const entry = (loc: string, lastmod: string, changefreq?: string, priority?: number) =>
  `  <url>\n    <loc>${escapeXml(loc)}</loc>\n    <lastmod>${lastmod}</lastmod>\n${changefreq ? `    <changefreq>${changefreq}</changefreq>\n` : ''}${priority ? `    <priority>${priority.toFixed(1)}</priority>\n` : ''}  </url>`;

export const GET: APIRoute = async ({ site, locals }) => {
  const today = new Date().toISOString().slice(0, 10);
  const pages = SITEMAP_PAGES.map((page) =>
    entry(new URL(page.path, site).href, today, page.changefreq, page.priority),
  );
  const listings = ((await locals.catalogue?.sitemap()) ?? []).map((listing) =>
    entry(new URL(listingPath(listing.id), site).href, listing.lastmod.slice(0, 10)),
  );
  // the breeder pages are listed like the listings (decision 0118)
  const breeders = ((await locals.catalogue?.breederSitemap()) ?? []).map((b) =>
    entry(new URL(breederPath(b.slug), site).href, b.lastmod.slice(0, 10)),
  );
  // the breed pages change with the listings every day (decision 0130)
  const breeds = ((await locals.catalogue?.breedSitemap()) ?? []).map((b) =>
    entry(new URL(breedPath(b.slug), site).href, today, 'daily', 0.7),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...listings, ...breeders, ...breeds].join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
