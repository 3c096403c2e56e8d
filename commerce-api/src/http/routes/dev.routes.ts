// Development helpers. Not mounted in production (see app.ts): the route does not exist there.
import express from 'express';
import type { AppDeps } from '../../deps.ts';

export function devRoutes({ outbox }: AppDeps): express.Router {
  const router = express.Router();
  router.get('/dev/outbox', async (_req, res) => {
    res.json(await outbox.list());
  });
  return router;
}
