import express from 'express';
import { SLUG_PATTERN } from '#contracts/breeders.ts';
import type { AppDeps } from '../../deps.ts';
import { breedPage } from '../../domain/breed-pages.ts';
import { breedViews } from '../../domain/puppy-catalogue.ts';
import { NotFoundError } from '../../errors.ts';

export function breedsRoutes({ store, content, now }: AppDeps): express.Router {
  const router = express.Router();
  router.get('/breeds', async (_req, res) => {
    res.json(await breedViews(store));
  });
  // decision 0130: a breed's page as data, the editors' profile and the catalogue's live figures
  router.get('/breeds/:slug', async (req, res) => {
    const slug = req.params.slug;
    const page = SLUG_PATTERN.test(slug) ? await breedPage(store, content, slug, now()) : null;
    if (!page) throw new NotFoundError('Breed not found');
    res.json(page);
  });
  return router;
}
