// POST /api/hooks/sanity: Sanity's publish webhook (docs/decisions/0012). The signature is checked
// over the raw body with @sanity/webhook and the shared secret; a signed call starts the site rebuild
// in the background and is answered at once (202). Mounted before the JSON body parser (app.ts).
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { createSiteRebuilder, type SiteRebuilder } from '../../publishing/site-rebuild.ts';

/** A signature older (or newer) than this is refused, so a captured call cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export function hooksRoutes({ config, log, now, store }: AppDeps, rebuilder?: SiteRebuilder): express.Router {
  const router = express.Router();
  const rebuild = rebuilder ?? createSiteRebuilder({ command: config.sanity.rebuildCommand, log });
  // Several processes on one database (decision 0096): each rebuilds its own copy of the site
  // when another one receives the publish.
  if (config.sanity.rebuildCommand && store.announcements) {
    store.announcements
      .listen('publish', () => void rebuild.request())
      .catch((error: unknown) => {
        log.error(
          `publishing: cannot hear other processes' publishes: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }

  router.post('/hooks/sanity', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const secret = config.sanity.webhookSecret;
    if (!secret)
      throw new AppError(503, 'not_configured', 'The publishing webhook is not configured: set SANITY_WEBHOOK_SECRET.');
    const signature = req.get(SIGNATURE_HEADER_NAME) ?? '';
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    if (!signature || !body || !fresh(signature, now()) || !(await isValidSignature(body, signature, secret))) {
      throw new AppError(401, 'invalid_signature', 'The webhook signature is missing or does not match.');
    }
    const rebuildState = rebuild.request();
    if (rebuildState !== 'disabled') {
      await store.announcements?.announce('publish').catch((error: unknown) => {
        log.warn(
          `publishing: the other processes were not told of this publish: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
    if (rebuildState === 'disabled')
      log.warn('content published, but SITE_REBUILD_COMMAND is not set: the site was not rebuilt');
    res.status(202).json({ received: true, rebuild: rebuildState });
  });

  return router;
}

function fresh(signature: string, now: Date): boolean {
  const timestamp = Number(/^t=(\d+)/.exec(signature.trim())?.[1]);
  return Number.isFinite(timestamp) && Math.abs(now.getTime() - timestamp) <= SIGNATURE_TOLERANCE_MS;
}
