// The site's address when PUBLIC_SITE_URL is unset: the server's own, on whatever PORT it listens. Shared by
// the server's config and the site build (astro.config.mjs), so links in mails and canonical URLs agree.

/** http://localhost:{port} */
export function defaultSiteUrl(port: number | string): string {
  return `http://localhost:${port}`;
}

/** a path on the site as an absolute address (links shared outside the site: the marketing kit, decision 0136) */
export function siteAddress(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
