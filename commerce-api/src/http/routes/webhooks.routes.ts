// POST /api/webhooks/stripe and /api/webhooks/stripe-connect. Mounted before express.json (app.ts): the signature is over the raw bytes.
// No, a wrong or a stale signature → 400 and nothing changes; a verified event is applied once
// (fulfilment claims its id); a failure to apply answers 500 so Stripe delivers it again. A verified
// event's lag (its arrival less its making, retries included) is measured when metrics are kept
// (decision 0116); payments/index.ts logs what became of it, with its id.
import express from 'express';
import type { AppDeps } from '../../deps.ts';
import type { ProviderEvent } from '../../payments/provider.ts';
import { verifyStripeConnectEvent, verifyStripeEvent } from '../../payments/webhook-events.ts';

export function webhooksRoutes({ payments, now, metrics }: AppDeps): express.Router {
  const router = express.Router();
  const lag = (endpoint: string, event: ProviderEvent, receivedAtMs: number) => {
    if (metrics && event.createdAt)
      metrics.webhookLag.observe({ endpoint }, Math.max(0, receivedAtMs - Date.parse(event.createdAt)) / 1000);
  };
  router.post('/webhooks/stripe', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const receivedAtMs = now().getTime();
    const event = verifyStripeEvent(body, req.headers['stripe-signature'], payments.webhookSecret, receivedAtMs);
    lag('stripe', event, receivedAtMs);
    const result = await payments.fulfilment.handleEvent(event);
    res.json({ received: true, result });
  });
  // Connect's endpoint (decision 0101) (account.updated of sellers' connected accounts), with its own secret
  router.post('/webhooks/stripe-connect', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const receivedAtMs = now().getTime();
    const event = verifyStripeConnectEvent(
      body,
      req.headers['stripe-signature'],
      payments.connectWebhookSecret,
      receivedAtMs,
    );
    lag('stripe-connect', event, receivedAtMs);
    const result = await payments.fulfilment.handleEvent(event);
    res.json({ received: true, result });
  });
  return router;
}
