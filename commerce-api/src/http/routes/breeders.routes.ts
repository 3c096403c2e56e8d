// Breeder pages and earned badges (decision 0118): the seller's own profile (JSON, or the My Listings
// form posted without JavaScript), one breeder's public page as JSON, and an admin's revocation of a
// badge. The page itself is rendered at /breeders/{slug} (http/listing-pages.ts).
import express from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import {
  AdminBreederSearchSchema,
  BreederProfileSchema,
  BreederSummariesQuerySchema,
  RevokeBadgeSchema,
  SLUG_PATTERN,
  type AdminBreedersResponse,
  type BreederSummariesResponse,
} from '#contracts/breeders.ts';
import type { AppDeps } from '../../deps.ts';
import { findBreeders } from '../../domain/breeders/admin.ts';
import { liftRevocation, revokeBadge } from '../../domain/breeders/badges.ts';
import { breederPage, breederSummaries, myBreederProfile } from '../../domain/breeders/pages.ts';
import { saveBreederProfile } from '../../domain/breeders/profiles.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { requireAdmin, requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';

/** where the My Listings form returns to, with the outcome in the query (the page says it) */
const PROFILE_FORM_PAGE = '/my-listings';

export function breedersRoutes({ store, now }: AppDeps): express.Router {
  const router = express.Router();

  router.get('/breeders/mine', async (_req, res) => {
    const user = requireUser(res);
    const profile = await myBreederProfile(store, user, now());
    if (!profile) throw new NotFoundError('You have no breeder page yet.');
    res.json(profile);
  });

  const save = async (req: express.Request, res: express.Response) => {
    const user = requireUser(res);
    if (!isFormPost(req)) {
      await saveBreederProfile(store, user, parseInput(BreederProfileSchema, req.body), now());
      res.json(await myBreederProfile(store, user, now()));
      return;
    }
    try {
      await saveBreederProfile(store, user, parseInput(BreederProfileSchema, req.body), now());
      res.redirect(303, `${PROFILE_FORM_PAGE}?profile=saved#breeder-profile`);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      res.redirect(303, `${PROFILE_FORM_PAGE}?profile=${encodeURIComponent(error.code)}#breeder-profile`);
    }
  };
  router.put('/breeders/mine', save);
  // the My Listings form: an HTML form can only POST
  router.post('/breeders/mine', urlencodedForms, save);

  // the breeder lines of cards whose list carries none (decision 0118): one store read for all
  router.get('/breeders', async (req, res) => {
    const { sellers } = parseInput(BreederSummariesQuerySchema, req.query);
    const summaries: BreederSummariesResponse = await breederSummaries(store, sellers, now());
    res.json(summaries);
  });

  router.get('/breeders/:slug', async (req, res) => {
    const slug = req.params.slug;
    const page = SLUG_PATTERN.test(slug) ? await breederPage(store, slug, now()) : null;
    if (!page) throw new NotFoundError('Breeder not found');
    res.json(page);
  });

  // /admin's Breeders panel: find a seller to see, revoke and lift their badges
  router.get('/admin/breeders', async (req, res) => {
    requireAdmin(res);
    const { q } = parseInput(AdminBreederSearchSchema, req.query);
    const answer: AdminBreedersResponse = { breeders: await findBreeders(store, q, now()) };
    res.json(answer);
  });

  router.post('/admin/breeders/:userId/badges/:kind/revoke', urlencodedForms, async (req, res) => {
    const admin = requireAdmin(res);
    const userId = v.safeParse(idParam, req.params.userId);
    if (!userId.success) throw new NotFoundError('User not found');
    const { reason } = parseInput(RevokeBadgeSchema, req.body);
    const revoked = await revokeBadge(store, admin, userId.output, req.params.kind, reason, now());
    if (isFormPost(req)) res.redirect(303, '/admin');
    else res.status(201).json(revoked);
  });

  router.post('/admin/badge-revocations/:id/lift', urlencodedForms, async (req, res) => {
    requireAdmin(res);
    const id = v.safeParse(idParam, req.params.id);
    if (!id.success) throw new NotFoundError('This revocation is not in force.');
    await liftRevocation(store, id.output, now());
    if (isFormPost(req)) res.redirect(303, '/admin');
    else res.status(204).end();
  });

  return router;
}
