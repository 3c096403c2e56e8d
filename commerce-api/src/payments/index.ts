// The payments seam as the app sees it (AppDeps.payments). The configuration picks the implementations,
// never code: test mode uses Stripe's test keys or, without them, the local provider; live mode uses
// Stripe's live keys (the admin switch, Settings.paymentMode). New payments go to the current mode's
// provider; an existing object is handled by the provider that made it.
// Every provider event (a webhook, or the local provider's) is applied with its id on each log line
// the applying writes, and ends with one line saying what became of it (decision 0116).
import type Stripe from 'stripe';
import type { PublicKeyResponse } from '#contracts/payments.ts';
import type { Config } from '../config.ts';
import type { Mailer } from '../mail/messages.ts';
import type { Store } from '../domain/store/index.ts';
import { publicKeyFor } from '../domain/payment-mode.ts';
import { createFulfilment, type Fulfilment } from '../domain/fulfilment/index.ts';
import { withLogFields } from '../logging/log-context.ts';
import type { PayoutContext } from '../domain/payouts/context.ts';
import { createLocalProvider, type LocalProvider } from './local-provider.ts';
import {
  PaymentObjectMissingError,
  PaymentProviderError,
  type PaymentProvider,
  type ProviderEvent,
} from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import type { Log } from '../logging/log.ts';

export interface Payments {
  /** routes each call to the right implementation (see above) */
  readonly provider: PaymentProvider;
  /** the local test-mode provider while it takes the current mode's payments, else null */
  local(): Promise<LocalProvider | null>;
  readonly fulfilment: Fulfilment;
  /** what the payout use cases work with (decision 0101): the routed provider and the payout terms */
  readonly payouts: PayoutContext;
  /** what GET /api/stripe-public-key answers */
  publicKey(): Promise<PublicKeyResponse>;
  readonly webhookSecret: string;
  /** the Connect endpoint's own signing secret (decision 0101) */
  readonly connectWebhookSecret: string;
}

export interface PaymentsOptions {
  config: Config;
  /** the app's async repositories (the same instance as AppDeps.store: its transactions queue on lowdb) */
  store: Store;
  mailer: Mailer;
  now: () => Date;
  log: Log;
  /** tests: the Stripe SDK's HTTP client (a capturing one), and whether local events reach fulfilment */
  stripeHttpClient?: Stripe.HttpClient;
  /** 'drop' plays a webhook that never arrives: only the return pages' re-check fulfils */
  localEvents?: 'deliver' | 'drop';
}

const isLocalId = (id: string) => /^(pi|seti|sub|pm|acct|tr|dp)_local_/.test(id);

export function createPayments(options: PaymentsOptions): Payments {
  const { config, store } = options;
  // The local provider's events reach fulfilment, which is made below (it needs the routed provider).
  const deliver = async (event: ProviderEvent) => {
    if (options.localEvents === 'drop') return;
    await fulfilment.handleEvent(event);
  };

  const local =
    config.paymentProvider === 'local'
      ? createLocalProvider(store, { now: options.now, emit: deliver, log: options.log, siteUrl: config.publicSiteUrl })
      : null;
  const stripeTest =
    config.paymentProvider === 'stripe'
      ? createStripeProvider({ secretKey: config.stripe.test.secretKey, httpClient: options.stripeHttpClient })
      : null;
  const stripeLive = config.stripe.live.secretKey
    ? createStripeProvider({ secretKey: config.stripe.live.secretKey, httpClient: options.stripeHttpClient })
    : null;

  // The mode is read from the store at each call (an admin may switch it in another process);
  // `lastMode` only serves the synchronous name/livemode getters, which nothing decides by.
  let lastMode: 'test' | 'live' = 'test';
  const mode = async () => (lastMode = (await store.settings.get()).paymentMode);
  function providerFor(m: 'test' | 'live'): PaymentProvider {
    const provider = m === 'live' ? stripeLive : (local ?? stripeTest);
    if (!provider)
      throw new PaymentProviderError('Live payments are switched on, but no live Stripe keys are configured.');
    return provider;
  }
  const current = async () => providerFor(await mode());

  /** Stripe ids do not say which mode made them: try the current mode's keys, then the other's */
  async function onStripe<T>(id: string, fn: (provider: PaymentProvider) => Promise<T>): Promise<T> {
    if (isLocalId(id)) {
      if (!local) throw new PaymentObjectMissingError(id);
      return fn(local);
    }
    const ordered = ((await mode()) === 'live' ? [stripeLive, stripeTest] : [stripeTest, stripeLive]).filter(
      (p): p is PaymentProvider => p !== null,
    );
    if (ordered.length === 0) throw new PaymentObjectMissingError(id);
    for (let i = 0; i < ordered.length; i++) {
      try {
        return await fn(ordered[i]!);
      } catch (error) {
        if (!(error instanceof PaymentObjectMissingError) || i === ordered.length - 1) throw error;
      }
    }
    throw new PaymentObjectMissingError(id);
  }

  const provider: PaymentProvider = {
    get name() {
      return providerFor(lastMode).name;
    },
    get livemode() {
      return providerFor(lastMode).livemode;
    },
    createPaymentIntent: async (input) => (await current()).createPaymentIntent(input),
    createSubscription: async (input) => (await current()).createSubscription(input),
    retrievePaymentIntent: (id) => onStripe(id, (p) => p.retrievePaymentIntent(id)),
    capturePaymentIntent: (id, key) => onStripe(id, (p) => p.capturePaymentIntent(id, key)),
    cancelPaymentIntent: (id, key) => onStripe(id, (p) => p.cancelPaymentIntent(id, key)),
    refundPaymentIntent: (id, key) => onStripe(id, (p) => p.refundPaymentIntent(id, key)),
    refundedCents: (id) => onStripe(id, (p) => p.refundedCents(id)),
    retrieveSetupIntent: (id) => onStripe(id, (p) => p.retrieveSetupIntent(id)),
    // a checkout is made in the current mode, so its open intents are there
    listOpenCheckouts: async (puppyId) => (await current()).listOpenCheckouts(puppyId),
    retrieveSubscription: (id) => onStripe(id, (p) => p.retrieveSubscription(id)),
    retrieveDispute: (id) => onStripe(id, (p) => p.retrieveDispute(id)),
    // a seller's account, and the transfers to it, are made in the current mode
    createConnectedAccount: async (input) => (await current()).createConnectedAccount(input),
    createAccountLink: async (input) => onStripe(input.accountId, (p) => p.createAccountLink(input)),
    createTransfer: async (input) => onStripe(input.destination, (p) => p.createTransfer(input)),
    retrieveConnectedAccount: (id) => onStripe(id, (p) => p.retrieveConnectedAccount(id)),
    retrieveTransfer: (id) => onStripe(id, (p) => p.retrieveTransfer(id)),
    // a group is not an id: asked of the current mode's provider, as the transfer was made there
    findTransfer: async (group) => (await current()).findTransfer(group),
    reverseTransfer: (id, key) => onStripe(id, (p) => p.reverseTransfer(id, key)),
  };

  const context = {
    store,
    provider,
    mailer: options.mailer,
    now: options.now,
    log: options.log,
    siteUrl: config.publicSiteUrl,
    ...config.payouts,
  };
  const applying = createFulfilment(context);
  const fulfilment: Fulfilment = {
    ...applying,
    handleEvent: (event) =>
      withLogFields({ eventId: event.id }, async () => {
        try {
          const result = await applying.handleEvent(event);
          options.log.info(`payment event ${event.type}: ${result}`);
          return result;
        } catch (error) {
          options.log.warn(
            `payment event ${event.type} not applied: ${error instanceof Error ? error.message : String(error)}`,
          );
          throw error;
        }
      }),
  };

  return {
    provider,
    local: async () => ((await mode()) === 'test' ? local : null),
    fulfilment,
    payouts: context,
    publicKey: async () => publicKeyFor(config, await mode()),
    webhookSecret: config.stripe.webhookSecret,
    connectWebhookSecret: config.stripe.connectWebhookSecret,
  };
}
