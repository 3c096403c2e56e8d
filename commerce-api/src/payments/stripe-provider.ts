// Stripe through the official SDK, with a pinned API version (the objects' shape is what this code was
// written against, whatever the account's default version). Every create call carries an idempotency
// key; puppy purchases use manual capture, so a payment for a puppy sold meanwhile is released, never
// taken. Webhooks are verified in webhook-events.ts with the same SDK.
// Seller payouts (decision 0101) use Connect's "separate charges and transfers": the buyer's payment is
// captured on the platform with transfer_group = the order reference, then a Transfer of the seller's
// share goes to the seller's Express account (idempotency key: the order reference); a refund after
// the transfer reverses the transfer first.
import Stripe from 'stripe';
import {
  CardDeclinedError,
  InsufficientBalanceError,
  PaymentObjectMissingError,
  PaymentProviderError,
  ProviderRefusedError,
  type ConnectedAccountSnapshot,
  type DisputeSnapshot,
  type CreateAccountLinkInput,
  type CreateConnectedAccountInput,
  type CreatedSubscription,
  type CreatePaymentIntentInput,
  type CreateSubscriptionInput,
  type CreateTransferInput,
  type PaymentIntentSnapshot,
  type PaymentProvider,
  type ProviderError,
  type SetupIntentSnapshot,
  type SubscriptionSnapshot,
  type TransferSnapshot,
} from './provider.ts';

/** The API version this code speaks. Moving it is a code change, checked against Stripe's changelog. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const satisfies Stripe.LatestApiVersion;

export interface StripeProviderOptions {
  secretKey: string;
  /** tests pass a capturing client; production uses the SDK's Node client */
  httpClient?: Stripe.HttpClient;
  maxNetworkRetries?: number;
}

export function createStripeClient(options: StripeProviderOptions): Stripe {
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Retries reuse the request's idempotency key, so they never duplicate a payment.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'PuppyNest' },
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  const livemode = /^(sk|rk)_live_/.test(options.secretKey);

  return {
    name: 'stripe',
    livemode,

    async createPaymentIntent(input: CreatePaymentIntentInput) {
      return call(async () =>
        intentSnapshot(
          await stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: 'usd',
              capture_method: input.captureMethod,
              // The pages collect cards with the Card Element (confirmCardPayment).
              allowed_payment_method_types: ['card'],
              description: input.description,
              metadata: input.metadata,
              ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
              // The seller's transfer later carries the same group: Stripe ties the two together.
              ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      );
    },

    async retrievePaymentIntent(id) {
      return call(async () => intentSnapshot(await stripe.paymentIntents.retrieve(id)), id);
    },

    async capturePaymentIntent(id, idempotencyKey) {
      return call(async () => intentSnapshot(await stripe.paymentIntents.capture(id, {}, { idempotencyKey })), id);
    },

    async cancelPaymentIntent(id, idempotencyKey) {
      return call(
        async () =>
          intentSnapshot(
            await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, { idempotencyKey }),
          ),
        id,
      );
    },

    async refundPaymentIntent(id, idempotencyKey) {
      await call(
        () => stripe.refunds.create({ payment_intent: id, reason: 'requested_by_customer' }, { idempotencyKey }),
        id,
      );
    },

    async refundedCents(id) {
      return call(async () => {
        // a refund that failed or was canceled gave nothing back; a pending one is on its way
        let cents = 0;
        for await (const refund of stripe.refunds.list({ payment_intent: id, limit: 100 })) {
          if (refund.status !== 'failed' && refund.status !== 'canceled') cents += refund.amount;
        }
        return cents;
      }, id);
    },

    async retrieveSetupIntent(id) {
      return call(async () => setupSnapshot(await stripe.setupIntents.retrieve(id)), id);
    },

    // Stripe's search is eventually consistent (about a minute): an intent made just now may be missed,
    // and the order's price check then releases it when it is confirmed.
    async listOpenCheckouts(puppyId) {
      const query = `metadata['purpose']:'puppy_purchase' AND metadata['puppyId']:'${puppyId}' AND status:'requires_payment_method'`;
      return call(async () => (await stripe.paymentIntents.search({ query, limit: 100 })).data.map(intentSnapshot));
    },

    async retrieveSubscription(id) {
      return call(async () => subscriptionSnapshot(await stripe.subscriptions.retrieve(id)), id);
    },

    async retrieveDispute(id) {
      return call(async () => disputeSnapshot(await stripe.disputes.retrieve(id)), id);
    },

    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      const key = input.idempotencyKey;
      return call(async () => {
        // Attaching the card to the customer is Stripe's first card check (a declined card fails here).
        const customer = await stripe.customers.create(
          {
            email: input.email,
            payment_method: input.paymentMethodId,
            invoice_settings: { default_payment_method: input.paymentMethodId },
            metadata: input.metadata,
          },
          { idempotencyKey: `${key}:customer` },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price: input.priceId }],
            trial_period_days: input.trialDays,
            default_payment_method: input.paymentMethodId,
            trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
            metadata: input.metadata,
          },
          { idempotencyKey: `${key}:subscription` },
        );
        try {
          // The card is verified for later off-session charges now, while the seller is present
          // (a card that asks for authentication sends requires_action back to the page).
          const setup = await stripe.setupIntents.create(
            {
              customer: customer.id,
              payment_method: input.paymentMethodId,
              confirm: true,
              usage: 'off_session',
              allowed_payment_method_types: ['card'],
              metadata: { ...input.metadata, subscription: subscription.id },
            },
            { idempotencyKey: `${key}:setup` },
          );
          return { subscription: subscriptionSnapshot(subscription), setupIntent: setupSnapshot(setup) };
        } catch (error) {
          // A card that cannot be set up must not leave a trial running without a payment method.
          await stripe.subscriptions
            .cancel(subscription.id, {}, { idempotencyKey: `${key}:cancel` })
            .catch(() => undefined);
          throw error;
        }
      });
    },

    // ---- Connect (decision 0101) ----

    async createConnectedAccount(input: CreateConnectedAccountInput) {
      return call(async () =>
        accountSnapshot(
          await stripe.accounts.create(
            {
              // An Express account, said with controller properties: in the pinned version's types
              // (AccountCreateParams) `type` is deprecated ("Use controller instead"). These four are
              // what Stripe documents as the equivalent of type=express: the Express Dashboard, the
              // platform pays Stripe's fees and is liable for negative balances, Stripe collects the
              // requirements (its hosted onboarding, through Account Links).
              controller: {
                stripe_dashboard: { type: 'express' },
                fees: { payer: 'application' },
                losses: { payments: 'application' },
                requirement_collection: 'stripe',
              },
              country: 'US',
              email: input.email,
              // Separate charges and transfers need only transfers (the charge is the platform's).
              capabilities: { transfers: { requested: true } },
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
          livemode,
        ),
      );
    },

    async retrieveConnectedAccount(id) {
      return call(async () => accountSnapshot(await stripe.accounts.retrieve(id), livemode), id);
    },

    async createAccountLink(input: CreateAccountLinkInput) {
      // Account Links are single-use and short-lived: a new one per visit, so no idempotency key.
      const link = await call(
        () =>
          stripe.accountLinks.create({
            account: input.accountId,
            type: 'account_onboarding',
            refresh_url: input.refreshUrl,
            return_url: input.returnUrl,
          }),
        input.accountId,
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000).toISOString() };
    },

    async createTransfer(input: CreateTransferInput) {
      return call(async () =>
        transferSnapshot(
          await stripe.transfers.create(
            {
              amount: input.amountCents,
              currency: 'usd',
              destination: input.destination,
              transfer_group: input.transferGroup,
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      );
    },

    async findTransfer(transferGroup) {
      return call(async () => {
        const page = await stripe.transfers.list({ transfer_group: transferGroup, limit: 1 });
        return page.data[0] ? transferSnapshot(page.data[0]) : undefined;
      });
    },

    async retrieveTransfer(id) {
      return call(async () => transferSnapshot(await stripe.transfers.retrieve(id)), id);
    },

    async reverseTransfer(id, idempotencyKey) {
      return call(async () => {
        // No amount: Stripe reverses what is left of the transfer. The reversal is answered with its
        // transfer expanded, as it is after the reversal (amount_reversed, reversed).
        const reversal = await stripe.transfers.createReversal(id, { expand: ['transfer'] }, { idempotencyKey });
        const transfer =
          typeof reversal.transfer === 'string'
            ? await stripe.transfers.retrieve(reversal.transfer)
            : reversal.transfer;
        return transferSnapshot(transfer);
      }, id);
    },
  };
}

/** SDK errors become the seam's errors: card errors carry Stripe's message to the page */
async function call<T>(fn: () => Promise<T>, id?: string): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw translateStripeError(error, id);
  }
}

export function translateStripeError(error: unknown, id?: string): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new CardDeclinedError({
      code: error.code ?? 'card_declined',
      declineCode: error.decline_code ?? null,
      message: error.message,
    });
  }
  // the platform's balance is short for a transfer, or the account's for a reversal
  // (Stripe answers 400, an invalid_request_error with this code).
  if (error.code === 'balance_insufficient') return new InsufficientBalanceError(error.message);
  if (error.code === 'resource_missing' && id) return new PaymentObjectMissingError(id);
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return new ProviderRefusedError(error.code ?? 'invalid_request', error.message);
  return new PaymentProviderError();
}

function errorOf(
  raw: { code?: string | null; decline_code?: string | null; message?: string | null } | null | undefined,
): ProviderError | null {
  if (!raw) return null;
  return {
    code: raw.code ?? 'card_declined',
    declineCode: raw.decline_code ?? null,
    message: raw.message ?? 'Your card was declined.',
  };
}

export function intentSnapshot(pi: Stripe.PaymentIntent): PaymentIntentSnapshot {
  return {
    object: 'payment_intent',
    id: pi.id,
    status: pi.status as PaymentIntentSnapshot['status'],
    amountCents: pi.amount,
    amountCapturableCents: pi.amount_capturable ?? 0,
    amountReceivedCents: pi.amount_received ?? 0,
    currency: pi.currency,
    captureMethod: pi.capture_method === 'manual' ? 'manual' : 'automatic',
    clientSecret: pi.client_secret ?? '',
    metadata: { ...(pi.metadata ?? {}) },
    lastError: errorOf(pi.last_payment_error),
    livemode: pi.livemode,
    createdAt: pi.created ? new Date(pi.created * 1000).toISOString() : null,
  };
}

export function setupSnapshot(si: Stripe.SetupIntent): SetupIntentSnapshot {
  return {
    object: 'setup_intent',
    id: si.id,
    status: si.status as SetupIntentSnapshot['status'],
    clientSecret: si.client_secret ?? '',
    metadata: { ...(si.metadata ?? {}) },
    lastError: errorOf(si.last_setup_error),
    paymentMethodId: typeof si.payment_method === 'string' ? si.payment_method : (si.payment_method?.id ?? null),
    livemode: si.livemode,
  };
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

export function subscriptionSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items?.data?.[0];
  return {
    object: 'subscription',
    id: sub.id,
    status: sub.status,
    priceId: item?.price?.id ?? null,
    trialEnd: iso(sub.trial_end),
    currentPeriodEnd: iso(item?.current_period_end) ?? iso(sub.trial_end),
    metadata: { ...(sub.metadata ?? {}) },
    livemode: sub.livemode,
  };
}

const fieldsOf = (...lists: Array<string[] | null | undefined>) => [...new Set(lists.flatMap((list) => list ?? []))];

/**
 * What the payouts need of a connected account: can it be paid out, and what is still missing.
 * Stripe's Account object has no `livemode` field, so the caller says which mode it came from (the
 * key's mode, or the webhook event's livemode).
 */
export function accountSnapshot(account: Stripe.Account, livemode = false): ConnectedAccountSnapshot {
  const requirements = account.requirements;
  return {
    object: 'account',
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: fieldsOf(requirements?.currently_due, requirements?.past_due),
    pendingVerification: fieldsOf(requirements?.pending_verification),
    metadata: { ...(account.metadata ?? {}) },
    livemode,
  };
}

export function transferSnapshot(transfer: Stripe.Transfer): TransferSnapshot {
  const destination = transfer.destination;
  return {
    object: 'transfer',
    id: transfer.id,
    amountCents: transfer.amount,
    amountReversedCents: transfer.amount_reversed ?? 0,
    reversed: transfer.reversed ?? false,
    destination: typeof destination === 'string' ? destination : (destination?.id ?? ''),
    transferGroup: transfer.transfer_group ?? null,
    metadata: { ...(transfer.metadata ?? {}) },
    livemode: transfer.livemode,
  };
}

export function disputeSnapshot(dispute: Stripe.Dispute): DisputeSnapshot {
  const intent = dispute.payment_intent;
  return {
    object: 'dispute',
    id: dispute.id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? ''),
    amountCents: dispute.amount,
    status: dispute.status,
    livemode: dispute.livemode,
  };
}
