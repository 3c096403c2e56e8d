import express from 'express';
import type { BreedView } from '#contracts/puppies.ts';
import type { AppDeps } from '../../deps.ts';

export function breedsRoutes({ storage }: AppDeps): express.Router {
  const router = express.Router();
  router.get('/breeds', (_req, res) => {
    const breeds: BreedView[] = storage.db.breeds
      .all()
      .map(({ id, name, imageUrl, size, categories }) => ({ id, name, imageUrl, size, categories }))
      .sort((a, b) => a.name.localeCompare(b.name));
    res.json(breeds);
  });
  return router;
}
