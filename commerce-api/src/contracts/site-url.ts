// The site's address when PUBLIC_SITE_URL is unset: the server's own, on whatever PORT it listens. Shared by
// the server's config and the site build (astro.config.mjs), so links in mails and canonical URLs agree.

/** http://localhost:{port} */
export function defaultSiteUrl(port: number | string): string {
  return `http://localhost:${port}`;
}
