import express from 'express';
import * as v from 'valibot';
import {
  PuppyCreateSchema,
  NearestZipQuerySchema,
  NO_ZIP_NEAR_MESSAGE,
  type NearestZipView,
  PuppyStatusSchema,
  PuppyUpdateSchema,
  type PuppyCreatedView,
  type PuppyDetailView,
} from '#contracts/puppies.ts';
import { idParam } from '#contracts/common.ts';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';
import { featuredPuppies, puppyDetail, puppyView, puppyViews } from '../../domain/puppy-catalogue.ts';
import { nearestZip } from '../../domain/zip-gazetteer.ts';
import { createListing, deleteListing, listingsOf, setListingStatus, updateListing } from '../../domain/listings.ts';
import { cancelOpenCheckouts } from '../../domain/orders.ts';
import { recommendedTestsOf, refreshHealthTested } from '../../domain/parents.ts';
import type { Puppy } from '../../domain/model.ts';
import { createLocalMediaStore } from '../../media/media-store.ts';
import { removeMedia } from '../../media/uploads.ts';
import { currentUser, requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';
import { send, type PopularReads } from './popular-reads.ts';

export function puppiesRoutes(deps: AppDeps, reads: PopularReads): express.Router {
  const { store, now, log, payments } = deps;
  const media = deps.media ?? createLocalMediaStore(deps.paths.uploadsDir);
  const router = express.Router();

  /** files a listing no longer uses; the listing change is already saved, so a failure is only logged */
  const forget = (urls: string[]) => {
    for (const url of urls)
      removeMedia(media, url).catch((error: unknown) => log.warn(`could not remove ${url}: ${String(error)}`));
  };
  /** the seller's listings' health-tested flags again, when this listing's parents may have changed */
  const withHealthFlag = async (puppy: Puppy, sellerId: number): Promise<Puppy> => {
    if (!puppy.sireId && !puppy.damId && !puppy.healthTested) return puppy;
    await refreshHealthTested(store, sellerId, await recommendedTestsOf(deps.content));
    return (await store.puppies.get(puppy.id)) ?? puppy;
  };
  const puppyId = (raw: unknown) => {
    const found = v.safeParse(idParam, raw);
    if (!found.success) throw new NotFoundError('Puppy not found');
    return found.output;
  };

  // A GET is answered at the front door, before Express (popular-reads.ts, decision 0139); what comes
  // here is what it does not take (HEAD, another encoding), answered the same.
  router.get('/puppies', async (req, res) => {
    send(res, await reads.answer(req));
  });

  // "Use my location" (decision 0129): the nearest ZIP to a position the page rounded to 0.1°; the
  // position is neither logged nor kept
  router.get('/zips/nearest', (req, res) => {
    const { lat, lon } = parseInput(NearestZipQuerySchema, req.query);
    const zip = nearestZip({ latitude: lat, longitude: lon });
    if (!zip) throw new NotFoundError(NO_ZIP_NEAR_MESSAGE);
    const answer: NearestZipView = { zip };
    res.json(answer);
  });

  router.get('/puppies/featured', async (_req, res) => {
    res.json(await featuredPuppies(store, now()));
  });

  // Drafts and expired listings are visible to their owner only; everyone else gets 404.
  router.get('/puppies/:id', async (req, res) => {
    const found = v.safeParse(idParam, req.params.id);
    const view: PuppyDetailView | null = found.success
      ? await puppyDetail(store, found.output, currentUser(res)?.id, now(), await recommendedTestsOf(deps.content))
      : null;
    if (!view) throw new NotFoundError('Puppy Not Found');
    res.json(view);
  });

  router.post('/puppies', async (req, res) => {
    const user = requireUser(res);
    const input = parseInput(PuppyCreateSchema, req.body);
    const at = now();
    const created = await createListing(deps.store, user, input, at);
    // a listing naming tested parents is health-tested from the start (decision 0121)
    const puppy = await withHealthFlag(created.puppy, user.id);
    const { needsListingFee } = created;
    const view: PuppyCreatedView = { ...(await puppyView(store, puppy, at)), needsListingFee };
    res.status(201).json(view);
  });

  router.put('/puppies/:id', async (req, res) => {
    const user = requireUser(res);
    const id = puppyId(req.params.id);
    const input = parseInput(PuppyUpdateSchema, req.body);
    const at = now();
    const updated = await updateListing(store, user, id, input, at);
    const { droppedMedia, priceChanged } = updated;
    const puppy = await withHealthFlag(updated.puppy, user.id);
    forget(droppedMedia);
    if (priceChanged) await cancelOpenCheckouts({ provider: payments.provider, log }, puppy.id);
    res.json(await puppyView(store, puppy, at));
  });

  router.put('/puppies/:id/status', async (req, res) => {
    const user = requireUser(res);
    const id = puppyId(req.params.id);
    const { status } = parseInput(PuppyStatusSchema, req.body);
    const at = now();
    res.json(await puppyView(store, await setListingStatus(store, user, id, status, at), at));
  });

  router.delete('/puppies/:id', async (req, res) => {
    const user = requireUser(res);
    const { droppedMedia } = await deleteListing(store, user, puppyId(req.params.id));
    forget(droppedMedia);
    res.json({ message: 'Puppy listing deleted' });
  });

  router.get('/my-puppies', async (_req, res) => {
    const user = requireUser(res);
    const at = now();
    res.json(await puppyViews(store, await listingsOf(store, user.id), at));
  });

  return router;
}
