import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { breedViews } from '../../domain/puppy-catalogue.ts';

export function breedsRoutes({ store }: AppDeps): express.Router {
  const router = express.Router();
  router.get('/breeds', async (_req, res) => {
    res.json(await breedViews(store));
  });
  return router;
}
