import express from 'express';
import { PuppyQuerySchema } from '#contracts/puppies.ts';
import { idParam } from '#contracts/common.ts';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';
import { featuredPuppies, isPublic, queryPuppies, viewOf } from '../../domain/puppy-catalogue.ts';
import * as v from 'valibot';
import { parseInput } from '../validate.ts';

export function puppiesRoutes({ storage, now }: AppDeps): express.Router {
  const router = express.Router();

  router.get('/puppies', (req, res) => {
    res.json(queryPuppies(storage, parseInput(PuppyQuerySchema, req.query), now()));
  });

  router.get('/puppies/featured', (_req, res) => {
    res.json(featuredPuppies(storage, now()));
  });

  router.get('/puppies/:id', (req, res) => {
    const found = v.safeParse(idParam, req.params.id);
    const puppy = found.success ? storage.db.puppies.get(found.output) : undefined;
    if (!puppy || !isPublic(puppy, now())) throw new NotFoundError('Puppy Not Found');
    res.json(viewOf(storage, puppy, now()));
  });

  return router;
}
