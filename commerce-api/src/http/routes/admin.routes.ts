// /api/admin/*: admins only (403 for everyone else, 401 when logged out).
import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { cancelOrder } from '../../domain/order-lifecycle.ts';
import { disableLiveKeys, enableLiveKeys, paymentModeView } from '../../domain/payment-mode.ts';
import { requireAdmin } from '../session.ts';
import { referenceParam } from './orders.routes.ts';

export function adminRoutes({ store, config, payments, mailer, now, log }: AppDeps): express.Router {
  const router = express.Router();
  router.use('/admin', (_req, res, next) => {
    requireAdmin(res);
    next();
  });
  router.get('/admin/payment-mode', async (_req, res) => {
    res.json(await paymentModeView(config, store));
  });
  router.post('/admin/enable-live-keys', async (_req, res) => {
    res.json(await enableLiveKeys(config, store));
  });
  router.post('/admin/disable-live-keys', async (_req, res) => {
    res.json(await disableLiveKeys(store));
  });
  // A full refund through the provider that took the payment; the puppy goes back on sale.
  router.post('/admin/orders/:reference/cancel', async (req, res) => {
    const context = { store, provider: payments.provider, mailer, now, log, siteUrl: config.publicSiteUrl };
    res.json(await cancelOrder(context, referenceParam(req.params.reference)));
  });
  return router;
}
