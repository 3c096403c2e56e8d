// /api/admin/*: admins only (403 for everyone else, 401 when logged out).
import express from 'express';
import { AdminCancelOrderSchema, RefundedElsewhereSchema } from '#contracts/orders.ts';
import type { AdminMoneyIssuesResponse, AdminPayoutsResponse } from '#contracts/payouts.ts';
import type { MoneyCheckResponse } from '#contracts/payouts.ts';
import type { AdminContactMessagesResponse } from '#contracts/contacts.ts';
import { teamInbox } from '../../domain/contacts.ts';
import { runMoneyCheck } from '../../domain/money-check.ts';
import { adminMoneyIssues } from '../../domain/admin-money.ts';
import type { AppDeps } from '../../deps.ts';
import { adminPayouts } from '../../domain/payouts/earnings.ts';
import { adminRelease, retryPayout } from '../../domain/payouts/release.ts';
import { cancelOrder, markRefundedElsewhere, retryRefund } from '../../domain/order-lifecycle.ts';
import { disableLiveKeys, enableLiveKeys, paymentModeView } from '../../domain/payment-mode.ts';
import { requireAdmin } from '../session.ts';
import { parseInput } from '../validate.ts';
import { referenceParam } from './orders.routes.ts';

export function adminRoutes({ store, config, payments }: AppDeps): express.Router {
  const router = express.Router();
  router.use('/admin', (_req, res, next) => {
    requireAdmin(res);
    next();
  });
  router.get('/admin/payment-mode', async (_req, res) => {
    res.json(await paymentModeView(config, store));
  });
  router.post('/admin/enable-live-keys', async (_req, res) => {
    res.json(await enableLiveKeys(config, store));
  });
  router.post('/admin/disable-live-keys', async (_req, res) => {
    res.json(await disableLiveKeys(store));
  });
  // A full refund through the provider that took the payment; the puppy goes back on sale. The admin says
  // why, and both sides are mailed it (docs/decisions/0056). The reference is read before the reason: a
  // malformed one answers the same 404 as on every order route.
  router.post('/admin/orders/:reference/cancel', async (req, res) => {
    const reference = referenceParam(req.params.reference);
    const { reason } = parseInput(AdminCancelOrderSchema, req.body);
    res.json(await cancelOrder(payments.payouts, reference, reason));
  });
  // a refund that is pending (refused, or waiting on a reversal): ask again, or record the money given
  // back by other means (docs/product.md §10 "The money life")
  router.post('/admin/orders/:reference/retry-refund', async (req, res) => {
    res.json(await retryRefund(payments.payouts, referenceParam(req.params.reference)));
  });
  router.post('/admin/orders/:reference/refunded-elsewhere', async (req, res) => {
    const reference = referenceParam(req.params.reference);
    const { note } = parseInput(RefundedElsewhereSchema, req.body);
    res.json(await markRefundedElsewhere(payments.payouts, reference, note));
  });
  // the messages to the team, annual and six-month plans first (decision 0136)
  router.get('/admin/contact-messages', async (_req, res) => {
    res.json({ messages: await teamInbox(store) } satisfies AdminContactMessagesResponse);
  });
  // disputed payments and pending refunds, for /admin (decision 0107)
  router.get('/admin/disputes', async (_req, res) => {
    res.json((await adminMoneyIssues(store)) satisfies AdminMoneyIssuesResponse);
  });
  // held payouts (and refunds waiting on a reversal), and the admin's release (docs/decisions/0101)
  router.get('/admin/payouts', async (_req, res) => {
    res.json({ payouts: await adminPayouts(store) } satisfies AdminPayoutsResponse);
  });
  router.post('/admin/payouts/:reference/release', async (req, res) => {
    res.json(await adminRelease(payments.payouts, referenceParam(req.params.reference)));
  });
  // a transfer the provider refused (the platform's balance was short): send it again now
  router.post('/admin/payouts/:reference/retry', async (req, res) => {
    res.json(await retryPayout(payments.payouts, referenceParam(req.params.reference)));
  });
  // the money check (decision 0107): the last report, whichever process made it, and a check now
  router.get('/admin/money-check', async (_req, res) => {
    res.json({ report: await store.settings.moneyCheck() } satisfies MoneyCheckResponse);
  });
  router.post('/admin/money-check', async (_req, res) => {
    res.json({ report: await runMoneyCheck(payments.payouts) } satisfies MoneyCheckResponse);
  });
  return router;
}
