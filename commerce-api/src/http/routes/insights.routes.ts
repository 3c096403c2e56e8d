// Listing insights' API (docs/product.md §23, decision 0135): the puppy page's view beacon and its no-script
// pixel, and the seller's insights as JSON and CSV. The insights' level is the server's, from the plan: the
// JSON of a lower plan has no field of a higher one, and the CSV is premium's only.
import express, { type Request, type Response } from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { ViewBeaconSchema } from '#contracts/insights.ts';
import type { AppDeps } from '../../deps.ts';
import { ForbiddenError } from '../../errors.ts';
import { countView, insightsCsv, insightsOf } from '../../domain/insights.ts';
import { currentUser, requireUser } from '../session.ts';
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
