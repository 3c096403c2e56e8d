// The local test-mode provider: a test double of Stripe's behaviour, not a stub that says yes
// (docs/decisions/0073). PaymentIntents, SetupIntents, PaymentMethods and Subscriptions live in the store
// (the localPayments repository) with Stripe's statuses; a card's outcome is the one Stripe's test card
// gives; every transition emits the event Stripe would send, into the same fulfilment code the webhook
// feeds. Each transition is a conditional change of the stored row, so like Stripe it happens once even
// when several processes ask at the same moment (the loser sees the state the winner left).
// The local card form talks to it through /api/local-payments/* (payments.routes.ts).
import { randomBytes } from 'node:crypto';
import type { LocalCardInput, LocalIntentView, LocalPaymentMethodView } from '#contracts/payments.ts';
import { PLANS } from '#contracts/plans.ts';
import type { LocalPaymentObject } from '../domain/model.ts';
import { AppError, NotFoundError } from '../errors.ts';
import type { Store, LocalPaymentsRepository, Patch } from '../domain/store/index.ts';
import {
  CardDeclinedError,
  PaymentObjectMissingError,
  type CreatedSubscription,
  type CreatePaymentIntentInput,
  type CreateSubscriptionInput,
  type DisputeSnapshot,
  type PaymentIntentSnapshot,
  type PaymentProvider,
  type ProviderError,
  type ProviderEvent,
  type SetupIntentSnapshot,
  type SubscriptionSnapshot,
} from './provider.ts';
import { createLocalConnect, type LocalConnect } from './local-connect.ts';
import {
  AUTHENTICATION_FAILED,
  chargeDisputed,
  checkCard,
  SETUP_AUTHENTICATION_FAILED,
  TEST_PAYMENT_METHODS,
  testCard,
  type CardOutcome,
  type TestCard,
} from './test-cards.ts';
import type { Log } from '../logging/log.ts';

export interface LocalProvider extends PaymentProvider, LocalConnect {
  readonly name: 'local';
  /** the card form's createPaymentMethod: checks the fields, refuses non-test cards */
  createPaymentMethod(input: LocalCardInput): Promise<LocalPaymentMethodView>;
  /** confirmCardPayment / confirmCardSetup, by client secret (pi_…_secret_… or seti_…_secret_…) */
  confirm(clientSecret: string, paymentMethodId: string): Promise<LocalIntentView>;
  /** the approve/fail step of a card that asks for authentication (Stripe's 3D Secure test page) */
  authenticate(clientSecret: string, approve: boolean): Promise<LocalIntentView>;
  /** the bank's decision on a dispute (Stripe decides it from the evidence; tests decide it here) */
  closeDispute(id: string, outcome: 'won' | 'lost'): Promise<DisputeSnapshot>;
}

export interface LocalProviderOptions {
  now: () => Date;
  /** where events go: fulfilment (or nowhere, to play a lost webhook in tests) */
  emit: (event: ProviderEvent) => Promise<unknown>;
  log: Log;
  /** where account links point (the local onboarding page, decision 0101) */
  siteUrl: string;
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

/** the statuses an intent can be confirmed from (Stripe's) */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'];

export function createLocalProvider(store: Store, options: LocalProviderOptions): LocalProvider {
  const { now, log } = options;
  const objects: LocalPaymentsRepository = store.localPayments;

  async function emit(type: string, object: ProviderEvent['object']): Promise<void> {
    try {
      await options.emit({ id: `evt_local_${randomId()}`, type, object });
    } catch (error) {
      // Like a webhook delivery that failed: the payment stands; the return pages re-check it.
      log.error(
        `local payments: ${type} for ${object?.id ?? '?'} was not applied: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }

  function need(row: Row | undefined, id: string): Row {
    if (!row) throw new PaymentObjectMissingError(id);
    return row;
  }

  function fields(values: Partial<Row> & Pick<Row, 'providerId' | 'kind' | 'status'>): Omit<Row, 'id'> {
    const at = now().toISOString();
    return {
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
      ...values,
    };
  }

  async function cardOf(paymentMethodId: string): Promise<TestCard | undefined> {
    const number =
      TEST_PAYMENT_METHODS[paymentMethodId] ??
      (await objects.find(paymentMethodId, 'payment_method'))?.metadata['testCard'];
    return number ? testCard(number) : undefined;
  }

  async function outcomeOf(paymentMethodId: string): Promise<CardOutcome> {
    const card = await cardOf(paymentMethodId);
    if (!card) throw new AppError(400, 'resource_missing', `No such PaymentMethod: '${paymentMethodId}'`);
    return card.outcome;
  }

  type Step = { patch: Patch<Row>; event: string };

  /** what a success does to an intent: manual capture holds the money, automatic takes it */
  function succeed(row: Row): Step {
    if (row.kind === 'setup_intent')
      return { patch: { status: 'succeeded', lastError: null, lastErrorCode: null }, event: 'setup_intent.succeeded' };
    const manual = row.captureMethod === 'manual';
    return {
      patch: { status: manual ? 'requires_capture' : 'succeeded', lastError: null, lastErrorCode: null },
      event: manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
    };
  }

  function fail(row: Row, error: ProviderError): Step {
    return {
      patch: { status: 'requires_payment_method', lastError: error.message, lastErrorCode: error.code },
      event: row.kind === 'setup_intent' ? 'setup_intent.setup_failed' : 'payment_intent.payment_failed',
    };
  }

  function snapshotOf(row: Row): PaymentIntentSnapshot | SetupIntentSnapshot {
    return row.kind === 'setup_intent' ? setupSnapshot(row) : intentSnapshot(row);
  }

  /**
   * Moves `row` from one of `from` by `step`, then emits the step's event. `lost` says what to answer
   * when the row was no longer in one of `from` (another caller moved it first): it gets the row as it is now.
   */
  async function move(row: Row, from: readonly string[], step: Step, lost: (current: Row) => Row): Promise<Row> {
    const moved = await objects.transition(row.id, from, { ...step.patch, updatedAt: now().toISOString() });
    if (!moved) return lost(need(await objects.find(row.providerId, row.kind), row.providerId));
    await emit(step.event, snapshotOf(moved));
    return moved;
  }

  const unexpected = (row: Row) => {
    const what = row.kind === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent';
    return new AppError(
      400,
      `${row.kind}_unexpected_state`,
      `You cannot confirm this ${what} because it has a status of ${row.status}.`,
    );
  };
  const notCapturable = (row: Row) =>
    new AppError(
      400,
      'payment_intent_unexpected_state',
      `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  const notCancelable = (row: Row) =>
    new AppError(
      400,
      'payment_intent_unexpected_state',
      `You cannot cancel this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action.`,
    );

  const connect = createLocalConnect(store, { now, siteUrl: options.siteUrl, emit, randomId, fields });

  /**
   * Stripe's test card 4000 0000 0000 0259 succeeds, then its holder disputes the charge: Stripe
   * opens a dispute (needs_response) at once and sends charge.dispute.created. So does the double,
   * once per payment (the idempotency key is the payment's).
   */
  async function disputeIfTestCard(row: Row): Promise<void> {
    if (row.kind !== 'payment_intent' || row.status !== 'succeeded' || !row.paymentMethodId) return;
    if (!(await cardOf(row.paymentMethodId))?.disputed) return;
    const { row: dispute, created } = await objects.createOnce(
      fields({
        providerId: `dp_local_${randomId()}`,
        kind: 'dispute',
        status: 'needs_response',
        amountCents: row.amountCents,
        metadata: { paymentIntent: row.providerId, reason: 'fraudulent' },
        idempotencyKey: `dispute:${row.providerId}`,
      }),
    );
    if (created) await emit('charge.dispute.created', disputeSnapshot(dispute));
  }

  const provider: LocalProvider = {
    name: 'local',
    livemode: false,
    ...connect,

    async createPaymentIntent(input: CreatePaymentIntentInput) {
      const id = `pi_local_${randomId()}`;
      // Stripe's transfer_group is a field of its own; the double keeps it with the metadata.
      const metadata = { ...input.metadata, ...(input.transferGroup ? { transferGroup: input.transferGroup } : {}) };
      const { row, created } = await objects.createOnce(
        fields({
          providerId: id,
          kind: 'payment_intent',
          status: 'requires_payment_method',
          amountCents: input.amountCents,
          captureMethod: input.captureMethod,
          clientSecret: `${id}_secret_${randomId()}`,
          metadata,
          idempotencyKey: input.idempotencyKey,
        }),
      );
      if (!created) {
        const same =
          row.kind === 'payment_intent' &&
          row.amountCents === input.amountCents &&
          row.captureMethod === input.captureMethod &&
          sameMetadata(row.metadata, metadata);
        if (!same) {
          throw new AppError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
      }
      return intentSnapshot(row);
    },

    async listOpenCheckouts(puppyId) {
      return (await objects.listOpenCheckouts(puppyId)).map(intentSnapshot);
    },

    async retrievePaymentIntent(id) {
      return intentSnapshot(need(await objects.find(id, 'payment_intent'), id));
    },

    async capturePaymentIntent(id) {
      const row = need(await objects.find(id, 'payment_intent'), id);
      if (row.status !== 'requires_capture') throw notCapturable(row);
      const captured = await move(
        row,
        ['requires_capture'],
        { patch: { status: 'succeeded' }, event: 'payment_intent.succeeded' },
        (current) => {
          throw notCapturable(current);
        },
      );
      await disputeIfTestCard(captured);
      return intentSnapshot(captured);
    },

    async cancelPaymentIntent(id) {
      const row = need(await objects.find(id, 'payment_intent'), id);
      if (row.status === 'canceled') return intentSnapshot(row);
      if (!CANCELABLE.includes(row.status)) throw notCancelable(row);
      const canceled = await move(
        row,
        CANCELABLE,
        { patch: { status: 'canceled' }, event: 'payment_intent.canceled' },
        (current) => {
          // canceled by someone else meanwhile: the same answer, without a second event
          if (current.status === 'canceled') return current;
          throw notCancelable(current);
        },
      );
      return intentSnapshot(canceled);
    },

    async refundPaymentIntent(id) {
      const row = need(await objects.find(id, 'payment_intent'), id);
      if (row.status !== 'succeeded')
        throw new AppError(
          400,
          'charge_not_refundable',
          `This PaymentIntent has a status of ${row.status} and cannot be refunded.`,
        );
      const alreadyRefunded = new AppError(
        400,
        'charge_already_refunded',
        `Charge for ${id} has already been refunded.`,
      );
      if ((row.refundedCents ?? 0) >= row.amountCents) throw alreadyRefunded;
      if (row.paymentMethodId && (await cardOf(row.paymentMethodId))?.disputed) {
        const refused = chargeDisputed(id);
        throw new AppError(400, refused.code, refused.message);
      }
      const refunded = await objects.refund(row.id, now());
      if (!refunded) throw alreadyRefunded;
      await emit('charge.refunded', intentSnapshot(refunded));
    },

    async refundedCents(id) {
      return need(await objects.find(id, 'payment_intent'), id).refundedCents ?? 0;
    },

    async retrieveSetupIntent(id) {
      return setupSnapshot(need(await objects.find(id, 'setup_intent'), id));
    },

    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      const plan = Object.values(PLANS).find((p) => p.priceId === input.priceId);
      if (!plan) throw new AppError(400, 'resource_missing', `No such price: '${input.priceId}'`);
      const at = now();
      const existingOf = async (subscription: Row): Promise<CreatedSubscription> => ({
        subscription: subscriptionSnapshot(subscription),
        setupIntent: setupSnapshot(need(await objects.findSetupOf(subscription.providerId), subscription.providerId)),
      });
      const existing = await objects.findByIdempotencyKey(input.idempotencyKey);
      if (existing?.kind === 'subscription') return existingOf(existing);
      const outcome = await outcomeOf(input.paymentMethodId);
      // Stripe answers a SetupIntent created with confirm=true and a declined card with a card error.
      if (outcome.kind === 'decline') throw new CardDeclinedError(outcome.error);
      const subscriptionId = `sub_local_${randomId()}`;
      const trialEnd = new Date(at.getTime() + input.trialDays * DAY_MS).toISOString();
      const setupId = `seti_local_${randomId()}`;
      // the subscription and its card check together: a second caller with the key finds both
      const created = await store.transaction(async (tx) => {
        const subscription = await tx.localPayments.createOnce(
          fields({
            providerId: subscriptionId,
            kind: 'subscription',
            status: 'trialing',
            amountCents: plan.amountCents,
            metadata: { ...input.metadata, priceId: input.priceId, email: input.email },
            idempotencyKey: input.idempotencyKey,
            paymentMethodId: input.paymentMethodId,
            trialEnd,
          }),
        );
        if (!subscription.created) return undefined;
        const setup = await tx.localPayments.createOnce(
          fields({
            providerId: setupId,
            kind: 'setup_intent',
            status: outcome.kind === 'authenticate' ? 'requires_action' : 'succeeded',
            clientSecret: `${setupId}_secret_${randomId()}`,
            metadata: { ...input.metadata, subscription: subscriptionId },
            paymentMethodId: input.paymentMethodId,
          }),
        );
        return { subscription: subscription.row, setup: setup.row };
      });
      if (!created)
        return existingOf(need(await objects.findByIdempotencyKey(input.idempotencyKey), input.idempotencyKey));
      await emit('customer.subscription.created', subscriptionSnapshot(created.subscription));
      await emit(
        created.setup.status === 'succeeded' ? 'setup_intent.succeeded' : 'setup_intent.requires_action',
        setupSnapshot(created.setup),
      );
      return { subscription: subscriptionSnapshot(created.subscription), setupIntent: setupSnapshot(created.setup) };
    },

    async createPaymentMethod(input) {
      const checked = checkCard(input, now());
      if ('code' in checked) throw new CardDeclinedError(checked);
      const { row } = await objects.createOnce(
        fields({
          providerId: `pm_local_${randomId()}`,
          kind: 'payment_method',
          status: 'created',
          // Only Stripe's public test numbers get this far (checkCard refuses every other card).
          metadata: {
            brand: checked.brand,
            last4: checked.number.slice(-4),
            expMonth: String(checked.expMonth),
            expYear: String(checked.expYear),
            testCard: checked.number,
          },
        }),
      );
      return {
        id: row.providerId,
        card: {
          brand: checked.brand,
          last4: checked.number.slice(-4),
          expMonth: checked.expMonth,
          expYear: checked.expYear,
        },
      };
    },

    async confirm(clientSecret, paymentMethodId) {
      const row = await objects.findByClientSecret(clientSecret);
      if (!row) throw new NotFoundError('No such payment: the client secret is not known.');
      if (!CONFIRMABLE.includes(row.status)) throw unexpected(row);
      const outcome = await outcomeOf(paymentMethodId);
      const step: Step =
        outcome.kind === 'decline'
          ? fail(row, outcome.error)
          : outcome.kind === 'authenticate'
            ? {
                patch: { status: 'requires_action', lastError: null, lastErrorCode: null },
                event: row.kind === 'setup_intent' ? 'setup_intent.requires_action' : 'payment_intent.requires_action',
              }
            : succeed(row);
      const confirmed = await move(
        row,
        CONFIRMABLE,
        { ...step, patch: { ...step.patch, paymentMethodId } },
        (current) => {
          throw unexpected(current);
        },
      );
      await disputeIfTestCard(confirmed);
      return viewOf(confirmed);
    },

    async authenticate(clientSecret, approve) {
      const row = await objects.findByClientSecret(clientSecret);
      if (!row) throw new NotFoundError('No such payment: the client secret is not known.');
      const notNeeded = (current: Row) =>
        new AppError(
          400,
          `${current.kind}_unexpected_state`,
          `This payment does not need authentication (its status is ${current.status}).`,
        );
      if (row.status !== 'requires_action') throw notNeeded(row);
      const step = approve
        ? succeed(row)
        : fail(row, row.kind === 'setup_intent' ? SETUP_AUTHENTICATION_FAILED : AUTHENTICATION_FAILED);
      const authenticated = await move(row, ['requires_action'], step, (current) => {
        throw notNeeded(current);
      });
      await disputeIfTestCard(authenticated);
      return viewOf(authenticated);
    },

    async retrieveSubscription(id) {
      return subscriptionSnapshot(need(await objects.find(id, 'subscription'), id));
    },

    async retrieveDispute(id) {
      return disputeSnapshot(need(await objects.find(id, 'dispute'), id));
    },

    async closeDispute(id, outcome) {
      const row = need(await objects.find(id, 'dispute'), id);
      // A lost dispute takes the amount from the platform's balance (balanceCents counts it).
      const closed = await objects.transition(row.id, ['warning_needs_response', 'needs_response', 'under_review'], {
        status: outcome,
        updatedAt: now().toISOString(),
      });
      if (!closed) return disputeSnapshot(need(await objects.find(id, 'dispute'), id));
      await emit('charge.dispute.closed', disputeSnapshot(closed));
      return disputeSnapshot(closed);
    },
  };
  return provider;
}

/** the same metadata, whatever order the store gives its keys back in (jsonb sorts them) */
function sameMetadata(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
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
    createdAt: row.createdAt,
  };
}

function disputeSnapshot(row: Row): DisputeSnapshot {
  return {
    object: 'dispute',
    id: row.providerId,
    paymentIntentId: row.metadata['paymentIntent'] ?? '',
    amountCents: row.amountCents,
    status: row.status,
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
