// Connect on the local test-mode provider (docs/decisions/0101): connected accounts, account
// links, transfers and their reversals, kept in the store beside the double's payment intents, so they
// behave the same across processes. Stripe's behaviour it plays:
// - an account starts with its details needed; the onboarding page (the account link) moves it to
//   pending verification, or to payouts enabled with Stripe's test identity number; "finish later"
//   leaves it needing details. Each change emits account.updated.
// - an account link is single-use and expires (Stripe's do, after a few minutes);
// - a transfer is made once per idempotency key, only to an account with payouts enabled, and only
//   while the platform's balance covers it (balance_insufficient otherwise); it emits transfer.created;
// - a reversal takes the whole transfer back, once, only while the account's balance covers it; it
//   emits transfer.reversed. The account's balance drops when Stripe pays it out to the seller's bank:
//   payOutBalance plays that payout (Stripe makes it on a schedule; tests call it).
// One simplification: a payment's money is available to transfer at once (Stripe holds card money
// pending for about two days; the release job retries a refused transfer either way).
import {
  TEST_ACCOUNT_NUMBER,
  TEST_ROUTING_NUMBER,
  TEST_SSN_LAST4_VERIFIED,
  type LocalOnboardingInput,
  type LocalOnboardingResponse,
  type LocalOnboardingView,
  type PayoutAccountStatus,
} from '#contracts/payouts.ts';
import type { LocalPaymentObject } from '../domain/model.ts';
import { AppError, NotFoundError, ValidationError } from '../errors.ts';
import type { Store } from '../domain/store/index.ts';
import {
  InsufficientBalanceError,
  PaymentObjectMissingError,
  type ConnectedAccountSnapshot,
  type CreateAccountLinkInput,
  type CreateConnectedAccountInput,
  type CreateTransferInput,
  type PaymentProvider,
  type ProviderEvent,
  type TransferSnapshot,
} from './provider.ts';

type Row = LocalPaymentObject;

/** Stripe's links last a few minutes; this one is long enough to fill the form on a slow phone */
const ACCOUNT_LINK_TTL_MS = 30 * 60_000;

/** what Stripe's Express onboarding asks of an individual in the US, by its requirement names */
const REQUIREMENTS = {
  legalName: 'individual.first_name',
  bank: 'external_account',
  ssnLast4: 'individual.ssn_last_4',
} as const;

export type LocalConnect = Pick<
  PaymentProvider,
  | 'createConnectedAccount'
  | 'retrieveConnectedAccount'
  | 'createAccountLink'
  | 'createTransfer'
  | 'findTransfer'
  | 'retrieveTransfer'
  | 'reverseTransfer'
> & {
  /** the onboarding page's view of a link: 404 once it is used, expired or unknown */
  onboardingView(link: string): Promise<LocalOnboardingView>;
  /** the onboarding form: moves the account and uses up the link; answers where Stripe would send the seller */
  submitOnboarding(link: string, input: LocalOnboardingInput): Promise<LocalOnboardingResponse>;
  /** Stripe's automatic payout of the account's whole balance to the seller's bank */
  payOutBalance(accountId: string): Promise<number>;
};

export interface LocalConnectOptions {
  now: () => Date;
  siteUrl: string;
  emit: (type: string, object: ProviderEvent['object']) => Promise<void>;
  randomId: () => string;
  /** the row shape with the double's defaults */
  fields: (values: Partial<Row> & Pick<Row, 'providerId' | 'kind' | 'status'>) => Omit<Row, 'id'>;
}

export function createLocalConnect(store: Store, options: LocalConnectOptions): LocalConnect {
  const { now, emit, randomId, fields } = options;
  const objects = store.localPayments;
  /**
   * `fn` in one transaction that holds the balances (lockBalances): a balance check and the transfer,
   * reversal or payout it allows are one step, so two of them never spend the same funds.
   */
  const withBalances = <T>(fn: (locked: Store['localPayments']) => Promise<T>): Promise<T> =>
    store.transaction(async (tx) => {
      await tx.localPayments.lockBalances();
      return fn(tx.localPayments);
    });

  async function need(id: string, kind: Row['kind']): Promise<Row> {
    const row = await objects.find(id, kind);
    if (!row) throw new PaymentObjectMissingError(id);
    return row;
  }

  async function liveLink(token: string): Promise<{ link: Row; account: Row }> {
    const link = token ? await objects.find(token, 'account_link') : undefined;
    const expired =
      !link || link.status !== 'created' || Date.parse(link.metadata['expiresAt'] ?? '') <= now().getTime();
    if (expired)
      throw new NotFoundError(
        'This onboarding link has expired or was already used. Go back to Earnings to get a new one.',
      );
    return { link, account: await need(link.metadata['account'] ?? '', 'account') };
  }

  return {
    async createConnectedAccount(input: CreateConnectedAccountInput) {
      const id = `acct_local_${randomId()}`;
      const { row } = await objects.createOnce(
        fields({
          providerId: id,
          kind: 'account',
          status: 'details_needed' satisfies PayoutAccountStatus,
          metadata: { ...input.metadata, email: input.email, requirements: Object.values(REQUIREMENTS).join(',') },
          idempotencyKey: input.idempotencyKey,
        }),
      );
      if (row.kind !== 'account')
        throw new AppError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      return accountSnapshot(row);
    },

    async retrieveConnectedAccount(id) {
      return accountSnapshot(await need(id, 'account'));
    },

    async createAccountLink(input: CreateAccountLinkInput) {
      await need(input.accountId, 'account');
      const token = `acctlink_local_${randomId()}`;
      const expiresAt = new Date(now().getTime() + ACCOUNT_LINK_TTL_MS).toISOString();
      await objects.createOnce(
        fields({
          providerId: token,
          kind: 'account_link',
          status: 'created',
          metadata: { account: input.accountId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl, expiresAt },
        }),
      );
      return { url: `${options.siteUrl}/earnings/onboarding?link=${encodeURIComponent(token)}`, expiresAt };
    },

    async createTransfer(input: CreateTransferInput) {
      const existing = await objects.findByIdempotencyKey(input.idempotencyKey);
      if (existing) return sameTransfer(existing, input);
      const account = await need(input.destination, 'account');
      if (account.status !== 'payouts_enabled') {
        throw new AppError(
          400,
          'account_invalid',
          `Your destination account needs to have at least one of the following capabilities enabled: transfers (account ${input.destination}).`,
        );
      }
      const { row, created } = await withBalances(async (locked) => {
        if ((await locked.balanceCents()) < input.amountCents) {
          throw new InsufficientBalanceError(
            'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
          );
        }
        return locked.createOnce(
          fields({
            providerId: `tr_local_${randomId()}`,
            kind: 'transfer',
            status: 'created',
            amountCents: input.amountCents,
            metadata: { ...input.metadata, destination: input.destination, transferGroup: input.transferGroup },
            idempotencyKey: input.idempotencyKey,
          }),
        );
      });
      if (!created) return sameTransfer(row, input);
      await emit('transfer.created', transferSnapshot(row));
      return transferSnapshot(row);
    },

    async findTransfer(transferGroup) {
      const row = await objects.findTransferInGroup(transferGroup);
      return row ? transferSnapshot(row) : undefined;
    },

    async retrieveTransfer(id) {
      return transferSnapshot(await need(id, 'transfer'));
    },

    async reverseTransfer(id) {
      const transfer = await need(id, 'transfer');
      if (transfer.status === 'reversed') return transferSnapshot(transfer);
      const destination = transfer.metadata['destination'] ?? '';
      const reversed = await withBalances(async (locked) => {
        if ((await locked.balanceCents(destination)) < transfer.amountCents) {
          throw new InsufficientBalanceError(
            `The connected account ${destination} has insufficient funds to cover the reversal of ${id}.`,
          );
        }
        return locked.transition(transfer.id, ['created'], {
          status: 'reversed',
          refundedCents: transfer.amountCents,
          updatedAt: now().toISOString(),
        });
      });
      // reversed by another caller meanwhile: the same answer, without a second event
      if (!reversed) return transferSnapshot(await need(id, 'transfer'));
      await emit('transfer.reversed', transferSnapshot(reversed));
      return transferSnapshot(reversed);
    },

    async onboardingView(token) {
      const { account } = await liveLink(token);
      return {
        email: account.metadata['email'] ?? '',
        status: account.status as PayoutAccountStatus,
        requirements: requirementsOf(account),
      };
    },

    async submitOnboarding(token, input) {
      const { link, account } = await liveLink(token);
      const problems: Record<string, string> = {};
      const bankGiven = input.routingNumber !== '' || input.accountNumber !== '';
      if (bankGiven && (input.routingNumber !== TEST_ROUTING_NUMBER || input.accountNumber !== TEST_ACCOUNT_NUMBER)) {
        const message = `Test mode accepts only Stripe's test bank account: routing ${TEST_ROUTING_NUMBER}, account ${TEST_ACCOUNT_NUMBER}.`;
        if (input.routingNumber !== TEST_ROUTING_NUMBER) problems['routingNumber'] = message;
        if (input.accountNumber !== TEST_ACCOUNT_NUMBER) problems['accountNumber'] = message;
      }
      if (!input.finishLater) {
        if (!input.legalName) problems['legalName'] = 'Enter your legal name.';
        if (!input.routingNumber) problems['routingNumber'] ??= 'Enter the routing number.';
        if (!input.accountNumber) problems['accountNumber'] ??= 'Enter the account number.';
        if (!input.ssnLast4) problems['ssnLast4'] = 'Enter the last 4 digits of your SSN.';
      }
      if (Object.keys(problems).length > 0) throw new ValidationError(Object.values(problems)[0]!, problems);
      // What this submission adds to what the account had; "finish later" keeps what was typed.
      const had = account.metadata;
      const details = {
        legalName: input.legalName || (had['legalName'] ?? ''),
        bank: bankGiven ? `${input.routingNumber}/${input.accountNumber.slice(-4)}` : (had['bank'] ?? ''),
        ssnLast4: input.ssnLast4 || (had['ssnLast4'] ?? ''),
      };
      const missing = (Object.keys(REQUIREMENTS) as Array<keyof typeof REQUIREMENTS>)
        .filter((key) => !details[key])
        .map((key) => REQUIREMENTS[key]);
      const status: PayoutAccountStatus =
        missing.length > 0
          ? 'details_needed'
          : details.ssnLast4 === TEST_SSN_LAST4_VERIFIED
            ? 'payouts_enabled'
            : 'pending_verification';
      if (!(await objects.transition(link.id, ['created'], { status: 'used', updatedAt: now().toISOString() }))) {
        throw new NotFoundError(
          'This onboarding link has expired or was already used. Go back to Earnings to get a new one.',
        );
      }
      const moved = await objects.transition(account.id, [account.status], {
        status,
        metadata: { ...had, ...details, requirements: missing.join(',') },
        updatedAt: now().toISOString(),
      });
      if (moved) await emit('account.updated', accountSnapshot(moved));
      return { returnUrl: link.metadata['returnUrl'] ?? `${options.siteUrl}/earnings`, status };
    },

    async payOutBalance(accountId) {
      await need(accountId, 'account');
      return withBalances(async (locked) => {
        // read again under the lock: the paid-out total another payout may have just raised
        const account = (await locked.find(accountId, 'account'))!;
        const balance = await locked.balanceCents(accountId);
        if (balance <= 0) return 0;
        await locked.transition(account.id, [account.status], {
          amountCents: account.amountCents + balance,
          updatedAt: now().toISOString(),
        });
        return balance;
      });
    },
  };
}

function requirementsOf(row: Row): string[] {
  return (row.metadata['requirements'] ?? '').split(',').filter(Boolean);
}

function accountSnapshot(row: Row): ConnectedAccountSnapshot {
  return {
    object: 'account',
    id: row.providerId,
    detailsSubmitted: row.status !== 'details_needed',
    payoutsEnabled: row.status === 'payouts_enabled',
    requirementsDue: requirementsOf(row),
    pendingVerification: row.status === 'pending_verification' ? ['individual.verification.document'] : [],
    metadata: row.metadata,
    livemode: false,
  };
}

function transferSnapshot(row: Row): TransferSnapshot {
  const { destination = '', transferGroup = null, ...metadata } = row.metadata;
  return {
    object: 'transfer',
    id: row.providerId,
    amountCents: row.amountCents,
    amountReversedCents: row.refundedCents ?? 0,
    reversed: row.status === 'reversed',
    destination,
    transferGroup,
    metadata,
    livemode: false,
  };
}

/** a second create with the same key: the same transfer when the parameters match, as Stripe answers */
function sameTransfer(row: Row, input: CreateTransferInput): TransferSnapshot {
  const same =
    row.kind === 'transfer' &&
    row.amountCents === input.amountCents &&
    row.metadata['destination'] === input.destination;
  if (!same)
    throw new AppError(
      400,
      'idempotency_error',
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    );
  return transferSnapshot(row);
}
