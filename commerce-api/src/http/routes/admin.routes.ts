// /api/admin/*: admins only (403 for everyone else, 401 when logged out).
import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { disableLiveKeys, enableLiveKeys, paymentModeView } from '../../domain/payment-mode.ts';
import { requireAdmin } from '../session.ts';

export function adminRoutes({ storage, config }: AppDeps): express.Router {
  const router = express.Router();
  router.use('/admin', (_req, res, next) => {
    requireAdmin(res);
    next();
  });
  router.get('/admin/payment-mode', (_req, res) => {
    res.json(paymentModeView(config, storage));
  });
  router.post('/admin/enable-live-keys', async (_req, res) => {
    res.json(await enableLiveKeys(config, storage));
  });
  router.post('/admin/disable-live-keys', async (_req, res) => {
    res.json(await disableLiveKeys(storage));
  });
  return router;
}
