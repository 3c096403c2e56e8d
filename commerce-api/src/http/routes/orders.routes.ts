// Orders after checkout (docs/product.md §10; docs/decisions/0056): the buyer's paged list, the seller's orders on
// their own listings, one order by its reference (404 for anyone who may not see it), the seller's
// "handed over", and the buyer's confirmation of receipt or report of a problem (decision 0101). The admin's cancel lives with the other admin calls (admin.routes.ts).
// The buyer's two answers are also real forms on My Orders: posted by the browser itself (urlencoded) they
// run the same domain function and answer 303 back to the page (decision 0125).
import express from 'express';
import * as v from 'valibot';
import { MyOrdersQuerySchema, OrderReferenceSchema } from '#contracts/orders.ts';
import { ReportProblemSchema } from '#contracts/payouts.ts';
import type { AppDeps } from '../../deps.ts';
import { markHandedOver } from '../../domain/order-lifecycle.ts';
import { buyerOrders, orderView, sellerOrders, visibleOrder } from '../../domain/order-views.ts';
import { confirmReceipt, reportProblem } from '../../domain/payouts/release.ts';
import { NotFoundError } from '../../errors.ts';
import { answerOrderForm, referenceOf } from '../order-forms.ts';
import { requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';

/** a malformed reference is an order nobody has: 404, like a stranger's */
export function referenceParam(raw: unknown): string {
  const parsed = v.safeParse(OrderReferenceSchema, raw);
  if (!parsed.success) throw new NotFoundError('No order with this reference was found.');
  return parsed.output;
}

export function ordersRoutes({ store, payments, now, log }: AppDeps): express.Router {
  const router = express.Router();

  router.get('/my-orders', async (req, res) => {
    const buyer = requireUser(res);
    const { page, puppyId } = parseInput(MyOrdersQuerySchema, req.query);
    res.json(await buyerOrders(store, buyer.id, page, now(), puppyId));
  });

  router.get('/seller-orders', async (_req, res) => {
    const seller = requireUser(res);
    res.json(await sellerOrders(store, seller.id, now()));
  });

  router.get('/orders/:reference', async (req, res) => {
    const user = requireUser(res);
    const { order, viewer } = await visibleOrder(store, user, referenceParam(req.params.reference));
    res.json(await orderView(store, order, viewer, now()));
  });

  router.post('/orders/:reference/handed-over', async (req, res) => {
    const user = requireUser(res);
    res.json(await markHandedOver(payments.payouts, user, referenceParam(req.params.reference)));
  });

  // the buyer confirms receipt (the seller is paid now) or reports a problem (the payout is held)
  router.post('/orders/:reference/confirm-receipt', urlencodedForms, async (req, res) => {
    if (isFormPost(req))
      return answerOrderForm(req, res, log, referenceOf(req.params.reference), async () => {
        const answer = await confirmReceipt(payments.payouts, requireUser(res), referenceParam(req.params.reference));
        return answer.changed ? 'receipt_confirmed' : 'already_confirmed';
      });
    const user = requireUser(res);
    res.json(await confirmReceipt(payments.payouts, user, referenceParam(req.params.reference)));
  });

  router.post('/orders/:reference/report-problem', urlencodedForms, async (req, res) => {
    if (isFormPost(req))
      return answerOrderForm(req, res, log, referenceOf(req.params.reference), async () => {
        const user = requireUser(res);
        const reference = referenceParam(req.params.reference);
        const { problem } = parseInput(ReportProblemSchema, req.body);
        const answer = await reportProblem(payments.payouts, user, reference, problem);
        return answer.changed ? 'problem_reported' : 'already_reported';
      });
    const user = requireUser(res);
    const reference = referenceParam(req.params.reference);
    const { problem } = parseInput(ReportProblemSchema, req.body);
    res.json(await reportProblem(payments.payouts, user, reference, problem));
  });

  return router;
}
