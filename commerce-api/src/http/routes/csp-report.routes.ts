// POST /api/csp-report: where browsers report what the Content-Security-Policy blocked (decision 0112).
// Two formats reach it: `report-uri`'s one object ({"csp-report": {...}}, application/csp-report) and the
// Reporting API's list ([{type: "csp-violation", body: {...}}], application/reports+json). Each violation
// is a warn line with the directive, the blocked address and the page's address, each without its query
// or fragment: a page's address may carry a token (an onboarding link, a Stripe return's secret).
// Anyone may post here, so the body is small, the client is rate limited, and nothing a body holds can
// make the answer a 500: a body that is not JSON is the API's usual 400 (no browser sends one), a body
// of any other shape or type is 204 with nothing logged. Nothing is stored.
import express from 'express';
import { CSP_REPORT_PATH } from '#contracts/content-security-policy.ts';
import type { AppDeps } from '../../deps.ts';
import { cspReportLimiter } from '../rate-limits.ts';

/** the body types browsers send; some older ones said application/json */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];
/** a report is well under 2 kB; the Reporting API may send a few in one list */
const BODY_LIMIT = '32kb';
/** the violations one request may log: a list cannot write a thousand lines */
const MAX_LOGGED = 10;
/** the longest text of a report that is logged */
const MAX_TEXT = 500;

export interface CspViolation {
  directive: string;
  blockedUri: string;
  documentUrl: string;
  sourceFile?: string;
  line?: number;
  disposition?: string;
}

export function cspReportRoutes({ log, store }: AppDeps): express.Router {
  const router = express.Router();
  router.post(
    CSP_REPORT_PATH.replace(/^\/api/, ''),
    cspReportLimiter(store.rateLimits),
    express.json({ type: REPORT_TYPES, limit: BODY_LIMIT }),
    (req, res) => {
      for (const violation of cspViolations(req.body).slice(0, MAX_LOGGED))
        log.warn(
          { csp: violation },
          `CSP violation: ${violation.directive} blocked ${violation.blockedUri} on ${violation.documentUrl}`,
        );
      res.status(204).end();
    },
  );
  return router;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/** the violations a report body holds, in either format; nothing for a body of any other shape */
export function cspViolations(body: unknown): CspViolation[] {
  // report-uri: one violation, its fields in kebab-case
  if (isObject(body) && !Array.isArray(body) && isObject(body['csp-report'])) {
    const report = body['csp-report'];
    const violation = violationOf({
      directive: report['effective-directive'] ?? report['violated-directive'],
      blockedUri: report['blocked-uri'],
      documentUrl: report['document-uri'],
      sourceFile: report['source-file'],
      line: report['line-number'],
      disposition: report['disposition'],
    });
    return violation ? [violation] : [];
  }
  // the Reporting API: a list of reports of any type, each with a body in camelCase
  if (Array.isArray(body))
    return body.flatMap((report: unknown) => {
      if (!isObject(report) || report['type'] !== 'csp-violation' || !isObject(report['body'])) return [];
      const fields = report['body'];
      const violation = violationOf({
        directive: fields['effectiveDirective'],
        blockedUri: fields['blockedURL'],
        documentUrl: fields['documentURL'] ?? report['url'],
        sourceFile: fields['sourceFile'],
        line: fields['lineNumber'],
        disposition: fields['disposition'],
      });
      return violation ? [violation] : [];
    });
  return [];
}

function violationOf(fields: Record<keyof CspViolation, unknown>): CspViolation | undefined {
  const directive = text(fields.directive);
  if (!directive) return undefined;
  const sourceFile = text(fields.sourceFile);
  const disposition = text(fields.disposition);
  return {
    directive,
    // an empty blocked address is an inline script or style in some browsers' reports
    blockedUri: withoutQuery(text(fields.blockedUri) ?? '') || 'inline',
    documentUrl: withoutQuery(text(fields.documentUrl) ?? '') || 'unknown',
    ...(sourceFile ? { sourceFile: withoutQuery(sourceFile) } : {}),
    ...(typeof fields.line === 'number' && Number.isSafeInteger(fields.line) ? { line: fields.line } : {}),
    ...(disposition ? { disposition } : {}),
  };
}

/** a string of the report, cut to a length a log line can carry */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_TEXT) : undefined;
}

/** an address without its query and fragment (or a keyword such as "inline" or "eval", as it is) */
function withoutQuery(address: string): string {
  const end = address.search(/[?#]/);
  return end === -1 ? address : address.slice(0, end);
}
