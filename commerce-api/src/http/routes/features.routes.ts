// Featured listings (docs/product.md §22, docs/decisions/0134-featured-listings.md): a seller features a
// live listing within the plan's monthly allowance; My Listings reads each listing's state; an admin
// lists the features showing and removes one with a reason. The server decides owner, state and allowance.
import express from 'express';
import * as v from 'valibot';
import { FeatureInputSchema, FeatureRemoveSchema } from '#contracts/features.ts';
import { idParam } from '#contracts/common.ts';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';
import { adminFeatures, featureListing, myListingStates, removeFeature } from '../../domain/features.ts';
import { requireAdmin, requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';

export function featuresRoutes({ store, now }: AppDeps): express.Router {
  const router = express.Router();

  router.post('/features', async (req, res) => {
    const user = requireUser(res);
    const { puppyId } = parseInput(FeatureInputSchema, req.body);
    res.status(201).json(await featureListing(store, user, puppyId, now()));
  });

  router.get('/my-listings/states', async (_req, res) => {
    const user = requireUser(res);
    res.json(await myListingStates(store, user, now()));
  });

  router.get('/admin/features', async (_req, res) => {
    requireAdmin(res);
    res.json(await adminFeatures(store, now()));
  });

  router.post('/admin/features/:id/remove', async (req, res) => {
    const admin = requireAdmin(res);
    const id = v.safeParse(idParam, req.params.id);
    if (!id.success) throw new NotFoundError('Feature not found');
    const { reason } = parseInput(FeatureRemoveSchema, req.body);
    const removed = await removeFeature(store, admin, id.output, reason, now());
    res.json({ message: 'The feature is removed: the seller sees your reason on My Listings.', feature: removed });
  });

  return router;
}
