import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { breedViews } from '../../domain/puppy-catalogue.ts';

export function breedsRoutes({ storage }: AppDeps): express.Router {
  const router = express.Router();
  router.get('/breeds', (_req, res) => {
    res.json(breedViews(storage));
  });
  return router;
}
