// robots.txt, written at build time so the sitemap line carries the configured site URL.
import type { APIRoute } from 'astro';

const PRIVATE = ['/api/', '/admin', '/my-listings', '/post-puppy', '/edit-puppy/', '/checkout', '/listing-payment/', '/studio'];

export const GET: APIRoute = ({ site }) => {
  const lines = ['User-agent: *', 'Allow: /', ...PRIVATE.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap.xml', site).href}`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
