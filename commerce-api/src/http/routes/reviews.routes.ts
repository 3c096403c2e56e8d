// Reviews from verified buyers (docs/decisions/0119): the buyer writes and edits, the seller replies,
// anyone reads a seller's reviews; the seller reads the reviews of their sales (hidden ones too).
// Reports of a review go through POST /api/reports (reviewId). The buyer's write and edit are also real
// forms on My Orders: posted by the browser itself (urlencoded) they answer 303 back there (decision
// 0125); a form cannot send PATCH, so the edit form posts to /api/reviews/:id.
import express from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { ReviewReplySchema, ReviewSchema } from '#contracts/reviews.ts';
import type { AppDeps } from '../../deps.ts';
import { editReview, replyToReview, reviewsOfMySales, sellerReviews, writeReview } from '../../domain/reviews.ts';
import { NotFoundError } from '../../errors.ts';
import { answerOrderForm, referenceOf } from '../order-forms.ts';
import { requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';
import { referenceParam } from './orders.routes.ts';

function reviewId(raw: unknown): number {
  const id = v.safeParse(idParam, raw);
  if (!id.success) throw new NotFoundError('No review with this id was found.');
  return id.output;
}

export function reviewsRoutes({ store, now, log }: AppDeps): express.Router {
  const router = express.Router();
  const ctx = { store, now };

  router.post('/orders/:reference/review', urlencodedForms, async (req, res) => {
    if (isFormPost(req))
      return answerOrderForm(req, res, log, referenceOf(req.params.reference), async () => {
        const user = requireUser(res);
        const reference = referenceParam(req.params.reference);
        await writeReview(ctx, user, reference, parseInput(ReviewSchema, req.body));
        return 'review_posted';
      });
    const user = requireUser(res);
    const reference = referenceParam(req.params.reference);
    res.status(201).json(await writeReview(ctx, user, reference, parseInput(ReviewSchema, req.body)));
  });

  router.patch('/reviews/:id', async (req, res) => {
    const user = requireUser(res);
    res.json(await editReview(ctx, user, reviewId(req.params.id), parseInput(ReviewSchema, req.body)));
  });

  // My Orders' edit form without scripts: the same edit as PATCH; the form's `reference` names the card
  router.post('/reviews/:id', urlencodedForms, async (req, res) => {
    if (!isFormPost(req)) throw new NotFoundError('Edit a review with PATCH /api/reviews/:id.');
    return answerOrderForm(req, res, log, null, async () => {
      await editReview(ctx, requireUser(res), reviewId(req.params.id), parseInput(ReviewSchema, req.body));
      return 'review_updated';
    });
  });

  router.post('/reviews/:id/reply', async (req, res) => {
    const user = requireUser(res);
    const id = reviewId(req.params.id);
    res.json(await replyToReview(ctx, user, id, parseInput(ReviewReplySchema, req.body).body));
  });

  // My Listings' Reviews section: the reviews of the seller's own sales, hidden ones with the reason
  router.get('/seller-reviews', async (_req, res) => {
    res.json(await reviewsOfMySales(store, requireUser(res)));
  });

  router.get('/sellers/:id/reviews', async (req, res) => {
    const id = v.safeParse(idParam, req.params.id);
    if (!id.success) throw new NotFoundError('No seller with this id was found.');
    res.json(await sellerReviews(store, id.output));
  });

  return router;
}
