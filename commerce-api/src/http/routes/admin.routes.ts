// /api/admin/*: admins only (403 for everyone else, 401 when logged out).
import express from 'express';
import type { AdminPayoutsResponse } from '#contracts/payouts.ts';
import type { AppDeps } from '../../deps.ts';
import { adminPayouts } from '../../domain/payouts/earnings.ts';
import { adminRelease } from '../../domain/payouts/release.ts';
import { cancelOrder } from '../../domain/order-lifecycle.ts';
import { disableLiveKeys, enableLiveKeys, paymentModeView } from '../../domain/payment-mode.ts';
import { requireAdmin } from '../session.ts';
import { referenceParam } from './orders.routes.ts';

export function adminRoutes({ store, config, payments }: AppDeps): express.Router {
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
    res.json(await cancelOrder(payments.payouts, referenceParam(req.params.reference)));
  });
  // issue 18: held payouts (and refunds waiting on a reversal), and the admin's release
  router.get('/admin/payouts', async (_req, res) => {
    res.json({ payouts: await adminPayouts(store) } satisfies AdminPayoutsResponse);
  });
  router.post('/admin/payouts/:reference/release', async (req, res) => {
    res.json(await adminRelease(payments.payouts, referenceParam(req.params.reference)));
  });
  return router;
}
