// /api/admin/*: admins only (403 for everyone else, 401 when logged out).
import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { requireAdmin } from '../session.ts';

export function adminRoutes({ storage }: AppDeps): express.Router {
  const router = express.Router();
  router.use('/admin', (_req, res, next) => {
    requireAdmin(res);
    next();
  });
  router.get('/admin/payment-mode', (_req, res) => {
    res.json({ mode: storage.settings.get().paymentMode });
  });
  return router;
}
