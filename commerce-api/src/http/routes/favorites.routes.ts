import express from 'express';
import * as v from 'valibot';
import type { FavoriteChange } from '#contracts/puppies.ts';
import { idParam } from '#contracts/common.ts';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';
import { addFavorite, favoritePuppies, removeFavorite } from '../../domain/favorites.ts';
import { puppyViews } from '../../domain/puppy-catalogue.ts';
import { currentUser, requireUser } from '../session.ts';
import { urlencodedForms } from './conversations.routes.ts';
import { loginFirst } from '../private-page.ts';

export function favoritesRoutes({ store, now }: AppDeps): express.Router {
  const router = express.Router();
  const puppyId = (raw: unknown) => {
    const found = v.safeParse(idParam, raw);
    if (!found.success) throw new NotFoundError('Puppy Not Found');
    return found.output;
  };

  router.get('/favorites', async (_req, res) => {
    const user = requireUser(res);
    const at = now();
    const puppies = await favoritePuppies(store, user.id, at);
    res.json(await puppyViews(store, puppies, at));
  });

  router.put('/favorites/:puppyId', async (req, res) => {
    const user = requireUser(res);
    const id = puppyId(req.params.puppyId);
    await addFavorite(store, user.id, id, now());
    res.json({ puppyId: id, favorited: true } satisfies FavoriteChange);
  });

  router.delete('/favorites/:puppyId', async (req, res) => {
    const user = requireUser(res);
    const id = puppyId(req.params.puppyId);
    await removeFavorite(store, user.id, id);
    res.json({ puppyId: id, favorited: false } satisfies FavoriteChange);
  });

  // /saved's Remove button without a script (decision 0132): a form post, answered 303 back to the page;
  // a visitor (the session ended) is sent to log in and back
  router.post('/favorites/:puppyId/remove', urlencodedForms, async (req, res) => {
    const user = currentUser(res);
    if (!user) return res.redirect(303, loginFirst('/saved'));
    const parsed = v.safeParse(idParam, req.params.puppyId);
    if (parsed.success) await removeFavorite(store, user.id, parsed.output);
    res.redirect(303, '/saved?removed=1');
  });

  return router;
}
