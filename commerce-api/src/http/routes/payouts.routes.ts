// Seller payouts (docs/decisions/0101): /earnings' data and CSV, connecting a payout account,
// and the local provider's test-mode onboarding page (Stripe's hosted onboarding, played by the server
// while the local provider takes payments). The buyer's confirm/report calls are with the other order
// calls (orders.routes.ts); the admin's with the admin calls (admin.routes.ts).
import express from 'express';
import { LocalOnboardingSchema } from '#contracts/payouts.ts';
import type { AppDeps } from '../../deps.ts';
import { connectAccount } from '../../domain/payouts/accounts.ts';
import { earnings, earningsCsv } from '../../domain/payouts/earnings.ts';
import { NotFoundError } from '../../errors.ts';
import { requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';

export function payoutsRoutes({ payments, now }: AppDeps): express.Router {
  const router = express.Router();
  const ctx = payments.payouts;

  router.get('/earnings', async (_req, res) => {
    res.json(await earnings(ctx, requireUser(res)));
  });

  router.get('/earnings.csv', async (_req, res) => {
    const csv = await earningsCsv(ctx, requireUser(res));
    res.type('text/csv; charset=utf-8');
    res.attachment(`puppynest-earnings-${now().toISOString().slice(0, 10)}.csv`);
    res.send(csv);
  });

  router.post('/earnings/connect', async (_req, res) => {
    res.json(await connectAccount(ctx, requireUser(res)));
  });

  // ---- the local onboarding page: the link's token is what Stripe's hosted page would check
  const local = async () => {
    const provider = await payments.local();
    if (!provider) throw new NotFoundError('The local test-mode payment provider is not active.');
    return provider;
  };
  router.get('/local-connect/:link', async (req, res) => {
    res.json(await (await local()).onboardingView(req.params.link));
  });
  router.post('/local-connect/:link', async (req, res) => {
    const provider = await local();
    res.json(await provider.submitOnboarding(req.params.link, parseInput(LocalOnboardingSchema, req.body)));
  });

  return router;
}
