// The local test-mode provider: a test double of Stripe's behaviour, not a stub that says yes
// (docs/decisions/0073). PaymentIntents, SetupIntents, PaymentMethods and Subscriptions live in storage
// (localPayments) with Stripe's statuses; a card's outcome is the one Stripe's test card gives; every
// transition emits the event Stripe would send, into the same fulfilment code the webhook feeds.
// The local card form talks to it through /api/local-payments/* (payments.routes.ts).
import { randomBytes } from 'node:crypto';
import type { LocalCardInput, LocalIntentView, LocalPaymentMethodView } from '#contracts/payments.ts';
import { PLANS } from '#contracts/plans.ts';
import type { LocalPaymentObject } from '../domain/model.ts';
import { AppError, NotFoundError } from '../errors.ts';
import type { Collections, Storage } from '../storage/storage.ts';
import {
  CardDeclinedError,
  PaymentObjectMissingError,
  type CreatedSubscription,
  type CreatePaymentIntentInput,
  type CreateSubscriptionInput,
  type PaymentIntentSnapshot,
  type PaymentProvider,
  type ProviderError,
  type ProviderEvent,
  type SetupIntentSnapshot,
  type SubscriptionSnapshot,
} from './provider.ts';
import { AUTHENTICATION_FAILED, chargeDisputed, checkCard, SETUP_AUTHENTICATION_FAILED, TEST_PAYMENT_METHODS, testCard, type CardOutcome, type TestCard } from './test-cards.ts';

export interface LocalProvider extends PaymentProvider {
  readonly name: 'local';
  /** the card form's createPaymentMethod: checks the fields, refuses non-test cards */
  createPaymentMethod(input: LocalCardInput): Promise<LocalPaymentMethodView>;
  /** confirmCardPayment / confirmCardSetup, by client secret (pi_…_secret_… or seti_…_secret_…) */
  confirm(clientSecret: string, paymentMethodId: string): Promise<LocalIntentView>;
  /** the approve/fail step of a card that asks for authentication (Stripe's 3D Secure test page) */
  authenticate(clientSecret: string, approve: boolean): Promise<LocalIntentView>;
}

export interface LocalProviderOptions {
  now: () => Date;
  /** where events go: fulfilment (or nowhere, to play a lost webhook in tests) */
  emit: (event: ProviderEvent) => Promise<unknown>;
  log: (line: string) => void;
}

const DAY_MS = 86_400_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomId(length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

type Row = LocalPaymentObject;

export function createLocalProvider(storage: Storage, options: LocalProviderOptions): LocalProvider {
  const { now, log } = options;

  const byProviderId = (db: Collections, id: string, kind: Row['kind']) => db.localPayments.find((row) => row.providerId === id && row.kind === kind);
  const byClientSecret = (db: Collections, secret: string) =>
    secret ? db.localPayments.find((row) => row.clientSecret === secret && (row.kind === 'payment_intent' || row.kind === 'setup_intent')) : undefined;

  async function emit(type: string, object: ProviderEvent['object']): Promise<void> {
    try {
      await options.emit({ id: `evt_local_${randomId()}`, type, object });
    } catch (error) {
      // Like a webhook delivery that failed: the payment stands; the return pages re-check it.
      log(`local payments: ${type} for ${object?.id ?? '?'} was not applied: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  function need(row: Row | undefined, id: string): Row {
    if (!row) throw new PaymentObjectMissingError(id);
    return row;
  }

  function insert(db: Collections, fields: Partial<Row> & Pick<Row, 'providerId' | 'kind' | 'status'>): Row {
    const at = now().toISOString();
    return db.localPayments.insert({
      amountCents: 0,
      currency: 'usd',
      captureMethod: 'automatic',
      clientSecret: '',
      metadata: {},
      lastError: null,
      lastErrorCode: null,
      idempotencyKey: null,
      paymentMethodId: null,
      trialEnd: null,
      refundedCents: 0,
      createdAt: at,
      updatedAt: at,
      ...fields,
    });
  }

  function change(db: Collections, row: Row, patch: Partial<Row>): Row {
    return db.localPayments.update(row.id, { ...patch, updatedAt: now().toISOString() })!;
  }

  function cardOf(db: Collections, paymentMethodId: string): TestCard | undefined {
    const number = TEST_PAYMENT_METHODS[paymentMethodId] ?? byProviderId(db, paymentMethodId, 'payment_method')?.metadata['testCard'];
    return number ? testCard(number) : undefined;
  }

  function outcomeOf(db: Collections, paymentMethodId: string): CardOutcome {
    const card = cardOf(db, paymentMethodId);
    if (!card) throw new AppError(400, 'resource_missing', `No such PaymentMethod: '${paymentMethodId}'`);
    return card.outcome;
  }

  /** what a success does to an intent: manual capture holds the money, automatic takes it */
  function succeed(db: Collections, row: Row): { row: Row; event: string } {
    if (row.kind === 'setup_intent') return { row: change(db, row, { status: 'succeeded', lastError: null, lastErrorCode: null }), event: 'setup_intent.succeeded' };
    const manual = row.captureMethod === 'manual';
    return {
      row: change(db, row, { status: manual ? 'requires_capture' : 'succeeded', lastError: null, lastErrorCode: null }),
      event: manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
    };
  }

  function fail(db: Collections, row: Row, error: ProviderError): { row: Row; event: string } {
    return {
      row: change(db, row, { status: 'requires_payment_method', lastError: error.message, lastErrorCode: error.code }),
      event: row.kind === 'setup_intent' ? 'setup_intent.setup_failed' : 'payment_intent.payment_failed',
    };
  }

  function snapshotOf(row: Row): PaymentIntentSnapshot | SetupIntentSnapshot {
    return row.kind === 'setup_intent' ? setupSnapshot(row) : intentSnapshot(row);
  }

  async function transition(fn: (db: Collections) => { row: Row; event: string | null }): Promise<Row> {
    const { row, event } = await storage.write(fn);
    if (event) await emit(event, snapshotOf(row));
    return row;
  }

  const provider: LocalProvider = {
    name: 'local',
    livemode: false,

    async createPaymentIntent(input: CreatePaymentIntentInput) {
      const row = await storage.write((db) => {
        const existing = db.localPayments.find((r) => r.kind === 'payment_intent' && r.idempotencyKey === input.idempotencyKey);
        if (existing) {
          const same =
            existing.amountCents === input.amountCents &&
            existing.captureMethod === input.captureMethod &&
            JSON.stringify(existing.metadata) === JSON.stringify(input.metadata);
          if (!same) {
            throw new AppError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          return existing;
        }
        const id = `pi_local_${randomId()}`;
        return insert(db, {
          providerId: id,
          kind: 'payment_intent',
          status: 'requires_payment_method',
          amountCents: input.amountCents,
          captureMethod: input.captureMethod,
          clientSecret: `${id}_secret_${randomId()}`,
          metadata: { ...input.metadata },
          idempotencyKey: input.idempotencyKey,
        });
      });
      return intentSnapshot(row);
    },

    async retrievePaymentIntent(id) {
      return intentSnapshot(need(byProviderId(storage.db, id, 'payment_intent'), id));
    },

    async capturePaymentIntent(id) {
      const row = await transition((db) => {
        const row = need(byProviderId(db, id, 'payment_intent'), id);
        if (row.status !== 'requires_capture') {
          throw new AppError(400, 'payment_intent_unexpected_state', `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`);
        }
        return { row: change(db, row, { status: 'succeeded' }), event: 'payment_intent.succeeded' };
      });
      return intentSnapshot(row);
    },

    async cancelPaymentIntent(id) {
      const row = await transition((db) => {
        const row = need(byProviderId(db, id, 'payment_intent'), id);
        if (row.status === 'canceled') return { row, event: null };
        if (row.status === 'succeeded' || row.status === 'processing') {
          throw new AppError(400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action.`);
        }
        return { row: change(db, row, { status: 'canceled' }), event: 'payment_intent.canceled' };
      });
      return intentSnapshot(row);
    },

    async refundPaymentIntent(id) {
      await transition((db) => {
        const row = need(byProviderId(db, id, 'payment_intent'), id);
        if (row.status !== 'succeeded') throw new AppError(400, 'charge_not_refundable', `This PaymentIntent has a status of ${row.status} and cannot be refunded.`);
        if ((row.refundedCents ?? 0) >= row.amountCents) throw new AppError(400, 'charge_already_refunded', `Charge for ${id} has already been refunded.`);
        if (row.paymentMethodId && cardOf(db, row.paymentMethodId)?.disputed) {
          const refused = chargeDisputed(id);
          throw new AppError(400, refused.code, refused.message);
        }
        return { row: change(db, row, { refundedCents: row.amountCents }), event: 'charge.refunded' };
      });
    },

    async retrieveSetupIntent(id) {
      return setupSnapshot(need(byProviderId(storage.db, id, 'setup_intent'), id));
    },

    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      const plan = Object.values(PLANS).find((p) => p.priceId === input.priceId);
      if (!plan) throw new AppError(400, 'resource_missing', `No such price: '${input.priceId}'`);
      const at = now();
      const created = await storage.write((db) => {
        const existing = db.localPayments.find((r) => r.kind === 'subscription' && r.idempotencyKey === input.idempotencyKey);
        if (existing) {
          const setup = db.localPayments.find((r) => r.kind === 'setup_intent' && r.metadata['subscription'] === existing.providerId)!;
          return { subscription: existing, setup, event: null };
        }
        const outcome = outcomeOf(db, input.paymentMethodId);
        // Stripe answers a SetupIntent created with confirm=true and a declined card with a card error.
        if (outcome.kind === 'decline') throw new CardDeclinedError(outcome.error);
        const subscriptionId = `sub_local_${randomId()}`;
        const trialEnd = new Date(at.getTime() + input.trialDays * DAY_MS).toISOString();
        const subscription = insert(db, {
          providerId: subscriptionId,
          kind: 'subscription',
          status: 'trialing',
          amountCents: plan.amountCents,
          metadata: { ...input.metadata, priceId: input.priceId, email: input.email },
          idempotencyKey: input.idempotencyKey,
          paymentMethodId: input.paymentMethodId,
          trialEnd,
        });
        const setupId = `seti_local_${randomId()}`;
        const setup = insert(db, {
          providerId: setupId,
          kind: 'setup_intent',
          status: outcome.kind === 'authenticate' ? 'requires_action' : 'succeeded',
          clientSecret: `${setupId}_secret_${randomId()}`,
          metadata: { ...input.metadata, subscription: subscriptionId },
          paymentMethodId: input.paymentMethodId,
        });
        return { subscription, setup, event: setup.status === 'succeeded' ? 'setup_intent.succeeded' : 'setup_intent.requires_action' };
      });
      if (created.event) {
        await emit('customer.subscription.created', subscriptionSnapshot(created.subscription));
        await emit(created.event, setupSnapshot(created.setup));
      }
      return { subscription: subscriptionSnapshot(created.subscription), setupIntent: setupSnapshot(created.setup) };
    },

    async createPaymentMethod(input) {
      const checked = checkCard(input, now());
      if ('code' in checked) throw new CardDeclinedError(checked);
      const row = await storage.write((db) =>
        insert(db, {
          providerId: `pm_local_${randomId()}`,
          kind: 'payment_method',
          status: 'created',
          // Only Stripe's public test numbers get this far (checkCard refuses every other card).
          metadata: { brand: checked.brand, last4: checked.number.slice(-4), expMonth: String(checked.expMonth), expYear: String(checked.expYear), testCard: checked.number },
        }),
      );
      return {
        id: row.providerId,
        card: { brand: checked.brand, last4: checked.number.slice(-4), expMonth: checked.expMonth, expYear: checked.expYear },
      };
    },

    async confirm(clientSecret, paymentMethodId) {
      const row = await transition((db) => {
        const row = byClientSecret(db, clientSecret);
        if (!row) throw new NotFoundError('No such payment: the client secret is not known.');
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(row.status)) {
          const what = row.kind === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent';
          throw new AppError(400, `${row.kind}_unexpected_state`, `You cannot confirm this ${what} because it has a status of ${row.status}.`);
        }
        const outcome = outcomeOf(db, paymentMethodId);
        const withCard = change(db, row, { paymentMethodId });
        if (outcome.kind === 'decline') return fail(db, withCard, outcome.error);
        if (outcome.kind === 'authenticate') {
          return {
            row: change(db, withCard, { status: 'requires_action', lastError: null, lastErrorCode: null }),
            event: row.kind === 'setup_intent' ? 'setup_intent.requires_action' : 'payment_intent.requires_action',
          };
        }
        return succeed(db, withCard);
      });
      return viewOf(row);
    },

    async authenticate(clientSecret, approve) {
      const row = await transition((db) => {
        const row = byClientSecret(db, clientSecret);
        if (!row) throw new NotFoundError('No such payment: the client secret is not known.');
        if (row.status !== 'requires_action') {
          throw new AppError(400, `${row.kind}_unexpected_state`, `This payment does not need authentication (its status is ${row.status}).`);
        }
        if (!approve) return fail(db, row, row.kind === 'setup_intent' ? SETUP_AUTHENTICATION_FAILED : AUTHENTICATION_FAILED);
        return succeed(db, row);
      });
      return viewOf(row);
    },
  };
  return provider;
}

function errorOf(row: Row): ProviderError | null {
  return row.lastError ? { code: row.lastErrorCode ?? 'card_declined', message: row.lastError } : null;
}

function intentSnapshot(row: Row): PaymentIntentSnapshot {
  return {
    object: 'payment_intent',
    id: row.providerId,
    status: row.status as PaymentIntentSnapshot['status'],
    amountCents: row.amountCents,
    amountCapturableCents: row.status === 'requires_capture' ? row.amountCents : 0,
    amountReceivedCents: row.status === 'succeeded' ? row.amountCents : 0,
    currency: row.currency,
    captureMethod: row.captureMethod,
    clientSecret: row.clientSecret,
    metadata: row.metadata,
    lastError: errorOf(row),
    livemode: false,
  };
}

function setupSnapshot(row: Row): SetupIntentSnapshot {
  return {
    object: 'setup_intent',
    id: row.providerId,
    status: row.status as SetupIntentSnapshot['status'],
    clientSecret: row.clientSecret,
    metadata: row.metadata,
    lastError: errorOf(row),
    paymentMethodId: row.paymentMethodId ?? null,
    livemode: false,
  };
}

function subscriptionSnapshot(row: Row): SubscriptionSnapshot {
  return {
    object: 'subscription',
    id: row.providerId,
    status: row.status,
    priceId: row.metadata['priceId'] ?? null,
    trialEnd: row.trialEnd ?? null,
    currentPeriodEnd: row.trialEnd ?? null,
    metadata: row.metadata,
    livemode: false,
  };
}

function viewOf(row: Row): LocalIntentView {
  return {
    id: row.providerId,
    object: row.kind === 'setup_intent' ? 'setup_intent' : 'payment_intent',
    status: row.status,
    amountCents: row.kind === 'setup_intent' ? null : row.amountCents,
    nextAction: row.status === 'requires_action' ? 'authenticate' : null,
    lastError: row.lastError ? { code: row.lastErrorCode ?? 'card_declined', message: row.lastError } : null,
  };
}
