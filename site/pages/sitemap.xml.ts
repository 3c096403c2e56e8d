// sitemap.xml, written at build time: every public, indexable page of spec §2. Puppy detail pages are
// data of the running API, not of the build, so they are reached through /puppies.
import type { APIRoute } from 'astro';

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

export const GET: APIRoute = ({ site }) => {
  const lastmod = new Date().toISOString().slice(0, 10);
  const urls = PUBLIC_PAGES.map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(new URL(page.path, site).href)}</loc>\n    <lastmod>${lastmod}</lastmod>\n    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority.toFixed(1)}</priority>\n  </url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
