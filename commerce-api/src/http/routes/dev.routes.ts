// Development helpers. Not mounted in production (see app.ts): the route does not exist there.
import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';
import { runAlerts } from '../../domain/saved-searches.ts';
import { alertDepsOf } from './alerts.routes.ts';

/**
 * A mail's HTML as a mail client would get it: no script may run, styles are the mail's inline ones,
 * and images load from anywhere as they would in an inbox.
 */
const MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'none'";

export function devRoutes(deps: AppDeps): express.Router {
  const { outbox } = deps;
  const router = express.Router();
  // one run of the alerts job now, for the end-to-end tests and a person trying alerts (decision 0131)
  router.post('/dev/alerts/run', async (_req, res) => {
    res.json(await runAlerts(alertDepsOf(deps), deps.now()));
  });
  router.get('/dev/outbox', async (_req, res) => {
    res.json(await outbox.list());
  });
  // each mail's HTML part, to look at in a browser (decision 0111); its text part is in the list above
  router.get('/dev/outbox/:id.html', async (req, res) => {
    const entry = await outbox.get(req.params.id);
    if (!entry?.html) throw new NotFoundError('No mail with this id in the outbox.');
    res.set('Content-Security-Policy', MAIL_CSP).type('html').send(entry.html);
  });
  return router;
}
