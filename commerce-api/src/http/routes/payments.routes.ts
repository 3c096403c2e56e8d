// The payment calls of docs/product.md §7 (amounts decided here, from stored prices), the return pages' re-check
// of a payment, and the local test-mode card form's calls (only while the local
// provider takes this mode's payments).
import express from 'express';
import * as v from 'valibot';
import {
  ActivateListingPlanSchema,
  CheckoutIntentSchema,
  DonationIntentSchema,
  ListingFeeIntentSchema,
  LocalAuthenticateSchema,
  LocalCardSchema,
  LocalConfirmSchema,
  RefreshPaymentSchema,
  SubscriptionSchema,
} from '#contracts/payments.ts';
import type { AppDeps } from '../../deps.ts';
import { startDonation } from '../../domain/donations.ts';
import { activateListingPlan, startListingFee } from '../../domain/listing-fees.ts';
import { startCheckout } from '../../domain/orders.ts';
import { startSubscription } from '../../domain/subscriptions.ts';
import { NotFoundError } from '../../errors.ts';
import { paymentLimiters, paymentRefreshLimiters, subscriptionLimiters } from '../rate-limits.ts';
import { currentUser, requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';

const intentIdParam = v.pipe(v.string(), v.regex(/^(pi|seti)_[A-Za-z0-9_]{1,200}$/));

export function paymentsRoutes({ config, store, payments, now, log }: AppDeps): express.Router {
  const router = express.Router();
  const { provider, fulfilment } = payments;
  const limits = paymentLimiters(store.rateLimits);
  const accountOf = (res: express.Response) => currentUser(res)?.id;
  const subscriptionLimits = subscriptionLimiters(config.limits, accountOf, store.rateLimits);
  const refreshLimits = paymentRefreshLimiters(config.limits, accountOf, store.rateLimits);
  const feeContext = { store, provider, fulfilment, now, log };

  router.get('/stripe-public-key', async (_req, res) => {
    res.json(await payments.publicKey());
  });

  router.post('/create-payment-intent', async (req, res) => {
    const buyer = requireUser(res);
    const input = parseInput(CheckoutIntentSchema, req.body);
    res.json(await startCheckout({ store, provider, now: now(), referenceSecret: config.sessionSecret }, buyer, input));
  });

  router.post('/create-listing-fee-intent', async (req, res) => {
    const user = requireUser(res);
    res.json(await startListingFee(feeContext, user, parseInput(ListingFeeIntentSchema, req.body)));
  });

  router.post('/create-donation-intent', limits.donation, async (req, res) => {
    const input = parseInput(DonationIntentSchema, req.body);
    res.json(await startDonation({ store, provider, now: now() }, input));
  });

  router.post('/create-subscription', ...subscriptionLimits, async (req, res) => {
    const user = requireUser(res);
    res.json(await startSubscription({ store, provider, now: now() }, user, parseInput(SubscriptionSchema, req.body)));
  });

  router.post('/user/activate-listing-plan', async (req, res) => {
    const user = requireUser(res);
    res.json(await activateListingPlan(feeContext, user, parseInput(ActivateListingPlanSchema, req.body)));
  });

  // The return pages ask this after confirming, so a late or lost webhook never strands a paid user.
  // Allowed to whoever holds the client secret, or to the logged-in user the payment is for.
  router.post('/payments/:intentId/refresh', ...refreshLimits, async (req, res) => {
    const id = v.safeParse(intentIdParam, req.params.intentId);
    if (!id.success) throw new NotFoundError('No such payment.');
    const { clientSecret } = parseInput(RefreshPaymentSchema, req.body);
    const user = currentUser(res);
    const status = await fulfilment.refresh(id.output, (object) => {
      const owner = Number(object.metadata['buyerId'] ?? object.metadata['userId']);
      const allowed =
        (clientSecret !== undefined && clientSecret === object.clientSecret) ||
        (user !== undefined && owner === user.id);
      if (!allowed) throw new NotFoundError('No such payment.');
    });
    res.json(status);
  });

  // ---- the local card form (test mode without Stripe keys): Stripe.js's part, played by the server
  const local = async () => {
    const provider = await payments.local();
    if (!provider) throw new NotFoundError('The local test-mode payment provider is not active.');
    return provider;
  };
  router.post('/local-payments/payment-methods', limits.testCard, async (req, res) => {
    const provider = await local();
    res.json(await provider.createPaymentMethod(parseInput(LocalCardSchema, req.body)));
  });
  router.post('/local-payments/confirm', async (req, res) => {
    const provider = await local();
    const input = parseInput(LocalConfirmSchema, req.body);
    res.json(await provider.confirm(input.clientSecret, input.paymentMethodId));
  });
  router.post('/local-payments/authenticate', async (req, res) => {
    const provider = await local();
    const input = parseInput(LocalAuthenticateSchema, req.body);
    res.json(await provider.authenticate(input.clientSecret, input.approve));
  });

  return router;
}
