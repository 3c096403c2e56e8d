// The Content-Security-Policy's parts that only a header can carry (docs/decisions/0112): browsers ignore
// `frame-ancestors` and the report directives in a <meta>. Shared by the site (BaseLayout adds them to
// the header Astro sends with an on-demand page) and the server (http/content-security-policy.ts adds
// them to each pre-rendered page's policy, and answers the reports at CSP_REPORT_PATH).

/** where browsers send violation reports: `report-uri` (one JSON object) and the Reporting API (a list) */
export const CSP_REPORT_PATH = '/api/csp-report';

/** the Reporting API's name for CSP_REPORT_PATH, declared by the Reporting-Endpoints header */
export const CSP_REPORT_GROUP = 'csp';

/**
 * No page of the site may be framed, by another site or by itself: the Studio frames none of them,
 * and Stripe's 3-D Secure runs in Stripe's own frame. `report-to` is read by browsers with the
 * Reporting API, which then ignore `report-uri`; the others (Firefox, Safari) read `report-uri`.
 */
export const HEADER_ONLY_DIRECTIVES = [
  "frame-ancestors 'none'",
  `report-uri ${CSP_REPORT_PATH}`,
  `report-to ${CSP_REPORT_GROUP}`,
] as const;

/** the Reporting-Endpoints header that names CSP_REPORT_GROUP (a path: the page's own origin) */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;
