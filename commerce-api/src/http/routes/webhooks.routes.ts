// POST /api/webhooks/stripe and /api/webhooks/stripe-connect. Mounted before express.json (app.ts): the signature is over the raw bytes.
// No, a wrong or a stale signature → 400 and nothing changes; a verified event is applied once
// (fulfilment claims its id); a failure to apply answers 500 so Stripe delivers it again.
import express from 'express';
import type { AppDeps } from '../../deps.ts';
import { verifyStripeConnectEvent, verifyStripeEvent } from '../../payments/webhook-events.ts';

export function webhooksRoutes({ payments, now }: AppDeps): express.Router {
  const router = express.Router();
  router.post('/webhooks/stripe', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = verifyStripeEvent(body, req.headers['stripe-signature'], payments.webhookSecret, now().getTime());
    const result = await payments.fulfilment.handleEvent(event);
    res.json({ received: true, result });
  });
  // Connect's endpoint (decision 0101) (account.updated of sellers' connected accounts), with its own secret
  router.post('/webhooks/stripe-connect', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = verifyStripeConnectEvent(
      body,
      req.headers['stripe-signature'],
      payments.connectWebhookSecret,
      now().getTime(),
    );
    const result = await payments.fulfilment.handleEvent(event);
    res.json({ received: true, result });
  });
  return router;
}
