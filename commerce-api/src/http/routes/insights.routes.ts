// Listing insights' API (docs/product.md §23, decision 0135): the puppy page's view beacon and its no-script
// pixel, and the seller's insights as JSON and CSV. The insights' level is the server's, from the plan: the
// JSON of a lower plan has no field of a higher one, and the CSV is premium's only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type Response } from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { ViewBeaconSchema } from '#contracts/insights.ts';
import type { AppDeps } from '../../deps.ts';
import { ForbiddenError } from '../../errors.ts';
import { countView, insightsCsv, insightsOf } from '../../domain/insights.ts';
import type { RequestObserver, TrustProxy } from '../request-observer.ts';
import { writeSecurityHeaders } from '../security-headers.ts';
import { currentUser, requireUser, SESSION_COOKIE } from '../session.ts';
import { urlencodedForms } from './conversations.routes.ts';

/** a 1×1 transparent GIF: the no-script pixel's answer */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const CSV_REFUSAL = 'The CSV export comes with the annual plan (premium analytics).';

export function insightsRoutes(deps: AppDeps): express.Router {
  const { store, now, config, log } = deps;
  const router = express.Router();
  const siteOrigin = new URL(config.publicSiteUrl).origin;

  /** counts the view; never fails the visitor's page: a failure is only logged */
  const count = async (req: Request, res: Response, referrer: string, from: string) => {
    const id = v.safeParse(idParam, req.params.id);
    if (!id.success) return;
    try {
      await countView(
        store,
        {
          puppyId: id.output,
          ip: req.ip ?? '',
          userAgent: req.get('user-agent') ?? '',
          viewerId: currentUser(res)?.id,
          referrer,
          from,
          siteOrigins: [siteOrigin, `${req.protocol}://${req.get('host')}`],
        },
        now(),
      );
    } catch (error) {
      log.warn(`a listing view was not counted: ${String(error)}`);
    }
  };

  // the page's script (navigator.sendBeacon, a form body): its own referrer and address marker
  router.post('/puppies/:id/views', urlencodedForms, async (req, res) => {
    const body = v.safeParse(ViewBeaconSchema, req.body ?? {});
    const { referrer, from } = body.success ? body.output : { referrer: '', from: '' };
    await count(req, res, referrer, from);
    res.status(204).end();
  });

  // without a script: the page's <noscript> image. Its Referer is the puppy page itself, so only the page's
  // address marker tells where the view came from; otherwise it counts as direct (decision 0135)
  router.get('/puppies/:id/views.gif', async (req, res) => {
    let from = '';
    try {
      from = new URL(req.get('referer') ?? '').searchParams.get('from') ?? '';
    } catch {
      // no Referer (the page's Referrer-Policy), or not an address: direct
    }
    await count(req, res, '', from);
    res.type('image/gif').send(PIXEL);
  });

  router.get('/insights', async (_req, res) => {
    const user = requireUser(res);
    const answer = await insightsOf(store, user.id, now());
    if (!answer.ok) throw new ForbiddenError(answer.message);
    res.json(answer.insights);
  });

  router.get('/insights.csv', async (_req, res) => {
    const user = requireUser(res);
    const at = now();
    const answer = await insightsOf(store, user.id, at);
    if (!answer.ok) throw new ForbiddenError(answer.message);
    if (answer.insights.level !== 'premium') throw new ForbiddenError(CSV_REFUSAL);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="puppynest-insights-${answer.insights.to}.csv"`);
    res.send(insightsCsv(answer.insights));
  });

  return router;
}

const BEACON_PATH = /^\/api\/puppies\/(\d{1,9})\/views$/;
const BEACON_ROUTE = '/api/puppies/:id/views';
/** a beacon's body is two short fields: anything longer is not read further */
const BEACON_BODY_LIMIT = 4096;

/** the client's address as Express's req.ip finds it: the first hop the trust proxy setting does not trust */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const forwarded = req.headers['x-forwarded-for'];
  const hops = [
    req.socket.remoteAddress ?? '',
    ...(typeof forwarded === 'string'
      ? forwarded
          .split(',')
          .map((a) => a.trim())
          .reverse()
      : []),
  ];
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i]!, i)) return hops[i]!;
  return hops[hops.length - 1]!;
}

export interface ViewBeacons {
  /** answers an anonymous visitor's beacon before Express; false for anything else (Express answers it) */
  front(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * The beacon at the front door, as the popular reads (decision 0126): every puppy page sends one, and the
 * way through Express's layers cost the popular reads several times what counting does (the bench
 * view-beacons). Only what needs nothing of those layers comes here: a POST from our own pages or from no
 * page (no cross-site Origin or Sec-Fetch-Site) without a session cookie. A logged-in viewer's beacon goes
 * through Express, whose session layer tells the owner.
 */
export function viewBeacons(deps: AppDeps, observer: RequestObserver, trust: TrustProxy): ViewBeacons {
  const { store, now, config, log } = deps;
  const siteOrigin = new URL(config.publicSiteUrl).origin;
  return {
    front(req, res) {
      if (req.method !== 'POST') return false;
      const match = BEACON_PATH.exec(req.url ?? '');
      if (!match) return false;
      const host = req.headers.host ?? '';
      const origin = req.headers.origin;
      if (req.headers['sec-fetch-site'] === 'cross-site') return false;
      if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) return false;
      if (req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return false;

      observer.observe(req, res, BEACON_ROUTE);
      writeSecurityHeaders(res);
      res.setHeader('Cache-Control', 'no-store');
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        if (body.length < BEACON_BODY_LIMIT) body += chunk;
      });
      req.on('error', () => undefined);
      req.on('end', () => {
        const fields = new URLSearchParams(body.length <= BEACON_BODY_LIMIT ? body : '');
        const parsed = v.safeParse(ViewBeaconSchema, {
          referrer: fields.get('referrer') ?? '',
          from: fields.get('from') ?? '',
        });
        const { referrer, from } = parsed.success ? parsed.output : { referrer: '', from: '' };
        countView(
          store,
          {
            puppyId: Number(match[1]),
            ip: clientAddress(req, trust),
            userAgent: req.headers['user-agent'] ?? '',
            viewerId: undefined,
            referrer,
            from,
            siteOrigins: [siteOrigin, `http://${host}`, `https://${host}`],
          },
          now(),
        )
          .catch((error: unknown) => log.warn(`a listing view was not counted: ${String(error)}`))
          .finally(() => {
            res.statusCode = 204;
            res.end();
          });
      });
      return true;
    },
  };
}
