// A property-based model test of the money life (docs/decisions/0107-the-money-life.md, docs/product.md
// §10 "The money life"). fast-check generates sequences of what the actors do: buyers check out and pay
// (a card that succeeds, and 4000 0000 0000 0259, which is disputed at capture), the seller hands over,
// the buyer confirms or reports a problem, an admin cancels, releases, retries a refund or a payout, or
// records a refund made elsewhere, the release job runs (with the clock moved past PAYOUT_HOLD_DAYS or
// not), webhooks are delivered again, the bank closes a dispute won or lost, a seller is suspended and
// reinstated, Stripe pays a seller's balance out to the bank (so a reversal is refused), and the provider
// fails: a chosen next call throws an outage before it reaches the double (nothing happened) or after it
// (the double did it, the answer was lost), or answers late. Some steps run two or three actors at once,
// through two "processes": two apps on one store (on PostgreSQL, two pools on one database).
//
// After every step the invariants are checked against the local provider's own objects (what Stripe
// would say happened to the money) and the orders and payouts rows. The decision promises them "in any
// interleaving of buyer, seller, admin, job and webhooks, on both stores". A failure prints the shrunk
// sequence of steps and what each did.
//
// `npm test` runs a fixed seed: 150 sequences on lowdb, the first 50 of them on PostgreSQL. A longer run
// draws a new seed: MONEY_MODEL_RUNS=500 (MONEY_MODEL_SEED=… replays one), or `npm run bench -- money-model`.
import fc from 'fast-check';
import type pg from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNT_NUMBER, TEST_ROUTING_NUMBER } from '#contracts/payouts.ts';
import { LIVE_ORDER_STATUSES } from '#contracts/orders.ts';
import { ORDER_STATES_REACHED, PAYOUT_STATES_REACHED } from '../../commerce-api/src/domain/money-life.ts';
import type { LocalPaymentObject, Order, Payout, User } from '../../commerce-api/src/domain/model.ts';
import { decideReport, fileReport, undoModeration } from '../../commerce-api/src/domain/moderation.ts';
import { checkMoney, mismatchLine } from '../../commerce-api/src/domain/money-check.ts';
import { settleClaimedRefunds } from '../../commerce-api/src/domain/order-refunds.ts';
import { releaseDuePayouts } from '../../commerce-api/src/domain/payouts/release.ts';
import type { LocalProvider } from '../../commerce-api/src/payments/local-provider.ts';
import { PaymentProviderError, type ProviderEvent } from '../../commerce-api/src/payments/provider.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';
import { createTokenService } from '../../commerce-api/src/auth/session-tokens.ts';
import { startSession } from '../../commerce-api/src/domain/accounts.ts';
import { SESSION_COOKIE } from '../../commerce-api/src/http/session.ts';
import { signedInAgent } from '../support/api-login.ts';
import { buildBreeds } from '../support/factories.ts';
import { addPuppy, inDays, NOW } from '../support/payments.ts';
import { emptyingSql } from '../support/postgres-emptying.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestStore, onPostgres, type TestStore } from '../support/test-store.ts';
import { silentLog } from '../support/captured-log.ts';

// PostgreSQL runs take about four times as long (real connections and transactions): fewer of the same
// sequences (the same seed gives the same first sequences on both stores)
const RUNS = Number(process.env['MONEY_MODEL_RUNS'] ?? (onPostgres ? 50 : 150));
// A fixed seed in `npm test` (the same sequences every time); a longer run draws a new one unless told.
const SEED = process.env['MONEY_MODEL_SEED']
  ? Number(process.env['MONEY_MODEL_SEED'])
  : process.env['MONEY_MODEL_RUNS']
    ? Date.now()
    : 107;
const MAX_STEPS = Number(process.env['MONEY_MODEL_STEPS'] ?? 24);

const DAY_MS = 86_400_000;
const ENV = { PLATFORM_FEE_PERCENT: '10', PAYOUT_HOLD_DAYS: '3' };
const CARD = { visa: '4242424242424242', disputed: '4000000000000259' } as const;
/** how late a slow provider call answers */
const SLOW_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Agent = ReturnType<typeof request.agent>;
type Via = 0 | 1;

// ---- the steps (plain data, so fast-check shrinks them; each prints as one short line) ----

type Simple =
  | { do: 'checkout'; buyer: number; puppy: number; via: Via }
  | { do: 'pay'; intent: number; card: keyof typeof CARD; via: Via }
  | { do: 'buy'; buyer: number; puppy: number; card: keyof typeof CARD; via: Via }
  | {
      do:
        | 'handOver'
        | 'confirm'
        | 'deliver'
        | 'report'
        | 'cancel'
        | 'release'
        | 'retryRefund'
        | 'retryPayout'
        | 'refundedElsewhere';
      intent: number;
      via: Via;
    }
  | { do: 'job'; days: number; via: Via }
  | { do: 'redeliver'; intent: number; what: 'payment' | 'dispute' | 'transfer'; via: Via }
  | { do: 'closeDispute'; intent: number; outcome: 'won' | 'lost'; via: Via }
  | { do: 'suspend' | 'reinstate' | 'bankPayout'; seller: number; via: Via };
type Outage = {
  do: 'outage';
  call: FaultCall;
  when: 'before' | 'after' | 'slow';
  times: number;
  error: 'plain' | 'provider';
};
/** `slow`: every provider call in the group answers SLOW_MS late, so the other actors' writes land inside it */
type Together = { do: 'together'; steps: Simple[]; slow?: boolean };
type Step = Simple | Outage | Together;

const FAULTABLE = [
  'capturePaymentIntent',
  'cancelPaymentIntent',
  'refundPaymentIntent',
  'createTransfer',
  'reverseTransfer',
  'findTransfer',
  'retrievePaymentIntent',
  'retrieveDispute',
  'retrieveTransfer',
] as const;
type FaultCall = (typeof FAULTABLE)[number] | 'any';

function label(step: Step): string {
  const at = 'via' in step ? `@${'AB'[step.via]}` : '';
  switch (step.do) {
    case 'checkout':
      return `checkout(buyer${step.buyer}, puppy${step.puppy})${at}`;
    case 'pay':
      return `pay(#${step.intent}, ${step.card})${at}`;
    case 'buy':
      return `buy(buyer${step.buyer}, puppy${step.puppy}, ${step.card})${at}`;
    case 'job':
      return `job(+${step.days}d)${at}`;
    case 'redeliver':
      return `redeliver(#${step.intent}, ${step.what})${at}`;
    case 'closeDispute':
      return `closeDispute(#${step.intent}, ${step.outcome})${at}`;
    case 'suspend':
    case 'reinstate':
    case 'bankPayout':
      return `${step.do}(seller${step.seller})${at}`;
    case 'outage':
      return step.when === 'slow'
        ? `slow(${step.call}, x${step.times})`
        : `outage(${step.call}, ${step.when}, x${step.times}, ${step.error})`;
    case 'together':
      return `together${step.slow ? ' slowly' : ''}[${step.steps.map(label).join(' | ')}]`;
    default:
      return `${step.do}(#${step.intent})${at}`;
  }
}

const printable = <T extends Step>(step: T): T => Object.assign(step, { [fc.toStringMethod]: () => label(step) });

const via = fc.constantFrom<Via>(0, 1);
// an index into the run's checkouts (taken modulo their number): a few orders, each hit by many steps
const intent = fc.nat({ max: 5 });
// two purchases in three with the card that succeeds, one with the card that is disputed at capture
const buy = fc.record({
  do: fc.constant('buy' as const),
  buyer: fc.nat({ max: 1 }),
  puppy: fc.nat({ max: 3 }),
  card: fc.constantFrom<keyof typeof CARD>('visa', 'visa', 'disputed'),
  via,
});
const simpleStep: fc.Arbitrary<Simple> = fc.oneof(
  { weight: 6, arbitrary: buy },
  {
    weight: 2,
    arbitrary: fc.record({
      do: fc.constant('checkout' as const),
      buyer: fc.nat({ max: 1 }),
      puppy: fc.nat({ max: 3 }),
      via,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      do: fc.constant('pay' as const),
      intent,
      card: fc.constantFrom<keyof typeof CARD>('visa', 'disputed'),
      via,
    }),
  },
  { weight: 5, arbitrary: fc.record({ do: fc.constant('handOver' as const), intent, via }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('confirm' as const), intent, via }) },
  // the seller hands over and the buyer confirms, one after the other: the seller is paid in one step
  { weight: 3, arbitrary: fc.record({ do: fc.constant('deliver' as const), intent, via }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('report' as const), intent, via }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('cancel' as const), intent, via }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('release' as const), intent, via }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('retryRefund' as const), intent, via }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('retryPayout' as const), intent, via }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('refundedElsewhere' as const), intent, via }) },
  { weight: 4, arbitrary: fc.record({ do: fc.constant('job' as const), days: fc.constantFrom(0, 0, 1, 4), via }) },
  {
    weight: 2,
    arbitrary: fc.record({
      do: fc.constant('redeliver' as const),
      intent,
      what: fc.constantFrom('payment' as const, 'dispute' as const, 'transfer' as const),
      via,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('closeDispute' as const),
      intent,
      outcome: fc.constantFrom('won' as const, 'lost' as const),
      via,
    }),
  },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('suspend' as const), seller: fc.nat({ max: 1 }), via }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('reinstate' as const), seller: fc.nat({ max: 1 }), via }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('bankPayout' as const), seller: fc.nat({ max: 1 }), via }) },
);
const outageStep: fc.Arbitrary<Outage> = fc.record({
  do: fc.constant('outage' as const),
  call: fc.constantFrom<FaultCall>('any', ...FAULTABLE),
  when: fc.constantFrom('before' as const, 'after' as const, 'slow' as const),
  // withRetries tries three times: one or two failures are absorbed, three or more leave the claim
  times: fc.integer({ min: 1, max: 4 }),
  error: fc.constantFrom('plain' as const, 'provider' as const),
});
/** two actors on the same order at the same moment: the races decision 0107 is about */
const RACES = [
  ['cancel', 'handOver'],
  ['cancel', 'confirm'],
  ['cancel', 'job'],
  ['cancel', 'release'],
  ['cancel', 'cancel'],
  ['cancel', 'lost'],
  ['confirm', 'job'],
  ['confirm', 'confirm'],
  ['confirm', 'report'],
  ['handOver', 'handOver'],
  ['release', 'lost'],
  ['release', 'won'],
  ['report', 'cancel'],
  ['retryRefund', 'job'],
  ['retryPayout', 'job'],
  ['refundedElsewhere', 'job'],
  ['job', 'job'],
] as const;
type RaceActor = (typeof RACES)[number][number];

function actor(kind: RaceActor, intent: number, via: Via, days: number): Simple {
  if (kind === 'job') return { do: 'job', days, via };
  if (kind === 'lost' || kind === 'won') return { do: 'closeDispute', intent, outcome: kind, via };
  return { do: kind, intent, via };
}

const race: fc.Arbitrary<Step> = fc
  .tuple(fc.constantFrom(...RACES), fc.boolean(), intent, via, via, fc.constantFrom(0, 4), fc.boolean())
  .map(([pair, swap, i, via1, via2, days, slow]) => {
    // either actor may start first: the one started first usually reaches the store first
    const [first, second] = swap ? [pair[1], pair[0]] : pair;
    return {
      do: 'together' as const,
      steps: [printable(actor(first, i, via1, days)), printable(actor(second, i, via2, days))],
      slow,
    };
  });

const step: fc.Arbitrary<Step> = fc
  .oneof(
    { weight: 12, arbitrary: simpleStep },
    { weight: 2, arbitrary: outageStep },
    {
      weight: 2,
      arbitrary: fc.record({
        do: fc.constant('together' as const),
        steps: fc.array(simpleStep.map(printable), { minLength: 2, maxLength: 3 }),
        slow: fc.boolean(),
      }),
    },
    { weight: 3, arbitrary: race },
  )
  .map(printable);

/** a run: a purchase or three first (nothing else has an order to act on), then any steps */
const runSteps: fc.Arbitrary<Step[]> = fc
  .tuple(
    fc.array(buy.map(printable), { minLength: 1, maxLength: 3 }),
    fc.noBias(fc.array(step, { minLength: 0, maxLength: MAX_STEPS, size: 'max' })),
  )
  .map(([buys, rest]) => [...buys, ...rest]);

// ---- the provider's failures ----

/** the next `times` calls of `call` (any faultable call for 'any') fail, in both processes */
class Faults {
  private armed: Outage | undefined;
  /** how many injected failures have fired: a 5xx answer is a defect unless one fired during its step */
  fired = 0;
  /** the double's captures and refunds per intent that went through (the double refuses a second itself) */
  readonly captures = new Map<string, number>();
  readonly refunds = new Map<string, number>();
  arm(outage: Outage) {
    this.armed = { ...outage };
  }
  clear() {
    this.armed = undefined;
  }
  /** while the test reads the provider itself (the money check), nothing fails */
  paused = false;
  /** every call answers SLOW_MS late (a `together … slowly` step) */
  slow = false;
  take(call: string): Outage | undefined {
    const armed = this.armed;
    if (this.paused) return undefined;
    if (!armed || (armed.call !== 'any' && armed.call !== call)) return undefined;
    if (--armed.times <= 0) this.armed = undefined;
    return armed;
  }
  error(outage: Outage, call: string): Error {
    this.fired++;
    const what = `model outage ${outage.when} ${call}`;
    return outage.error === 'plain'
      ? new Error(`${what}: socket hang up`)
      : new PaymentProviderError(`${what}: the payment service did not answer`);
  }
}

/**
 * The double's own methods are replaced on its object, which the routed provider calls at each call:
 * so every caller (the domain, fulfilment, the job) meets the outage, and the double itself still
 * decides what happens to the money.
 */
function wrapDouble(local: LocalProvider, faults: Faults): void {
  const methods = local as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const call of FAULTABLE) {
    const real = methods[call]!.bind(local);
    methods[call] = async (...args: unknown[]) => {
      const outage = faults.take(call);
      if (outage?.when === 'before') throw faults.error(outage, call);
      // a provider that answers late (as Stripe does, in hundreds of milliseconds) lets other actors'
      // writes land between a caller's read, its call and its answer
      const late = outage?.when === 'slow' || faults.slow;
      if (late) await sleep(SLOW_MS / 2);
      const result = await real(...args);
      if (late) await sleep(SLOW_MS / 2);
      const id = String(args[0]);
      if (call === 'capturePaymentIntent') faults.captures.set(id, (faults.captures.get(id) ?? 0) + 1);
      if (call === 'refundPaymentIntent') faults.refunds.set(id, (faults.refunds.get(id) ?? 0) + 1);
      if (outage?.when === 'after') throw faults.error(outage, call);
      return result;
    };
  }
}

// ---- the world of one run ----

interface Process {
  t: TestApp;
  local: LocalProvider;
  buyers: Agent[];
  sellers: Agent[];
  admin: Agent;
}

interface Checkout {
  intentId: string;
  clientSecret: string;
  reference: string;
  buyer: number;
  puppy: number;
  /** the card the buyer paid with (the first confirmation the double accepted) */
  paidWith?: keyof typeof CARD;
}

interface World {
  procs: [Process, Process];
  store: Store;
  users: { buyers: User[]; sellers: User[]; admin: User };
  /** the puppies on sale: puppy0 and puppy1 of seller0, puppy2 and puppy3 of seller1 */
  puppies: Array<{ id: number; seller: number }>;
  /** one more listing per seller, never bought: what a report about the seller names */
  spares: number[];
  accounts: string[];
  checkouts: Checkout[];
  faults: Faults;
  /** the payouts and their rules after the last step (readBooks) */
  moves: Books['moves'];
  trace: string[];
  rows(): Promise<LocalPaymentObject[]>;
  visits: number;
  events: number;
}

/** what stays for the whole property: on PostgreSQL one database, emptied before each run */
interface Base {
  shared?: { a: TestStore; b: TestStore; pool: pg.Pool; emptying: string };
  close(): Promise<void>;
}

async function openBase(): Promise<Base> {
  if (!onPostgres) return { close: async () => {} };
  const a = await createTestStore();
  // the second process: its own pool on the same database, as a second server would have
  const pool = createPool({ connectionString: a.databaseUrl!, max: 4 });
  const b: TestStore = { store: createPostgresRepositories(pool), databaseUrl: a.databaseUrl! };
  return { shared: { a, b, pool, emptying: await emptyingSql(pool) }, close: () => pool.end() };
}

function agentOn(app: TestApp['app'], cookie: string): Agent {
  const agent = request.agent(app);
  agent.jar.setCookie(`${cookie}; Path=/`, '127.0.0.1', '/');
  return agent;
}

async function connect(seller: Agent): Promise<void> {
  const started = await seller.post('/api/earnings/connect');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const link = new URL(started.body.url as string).searchParams.get('link')!;
  const done = await seller.post(`/api/local-connect/${link}`).send({
    legalName: 'Dana Breeder',
    routingNumber: TEST_ROUTING_NUMBER,
    accountNumber: TEST_ACCOUNT_NUMBER,
    ssnLast4: '0000',
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

async function newWorld(base: Base): Promise<World> {
  let stores: [TestStore, TestStore];
  let rows: () => Promise<LocalPaymentObject[]>;
  if (base.shared) {
    const { a, b, pool, emptying } = base.shared;
    await pool.query(emptying);
    stores = [a, b];
    rows = async () =>
      (
        await pool.query<LocalPaymentObject>(
          `SELECT provider_id AS "providerId", kind, status, amount_cents AS "amountCents", metadata, refunded_cents AS "refundedCents" FROM local_payments ORDER BY id`,
        )
      ).rows;
  } else {
    // on lowdb the second process is a second app and provider on the same store (one process's queue)
    const one = await createTestStore();
    stores = [one, one];
    rows = async () => [...one.lowdb!.db.localPayments.all()];
  }
  const a = await createTestApp({ now: NOW, env: ENV, store: stores[0] });
  const b = await createTestApp({ now: NOW, env: ENV, store: stores[1] });
  const store = a.store;
  for (const breed of buildBreeds().slice(0, 3)) await store.breeds.insert(breed);
  const sellers = [
    await signedInAgent(a, { accountType: 'seller' }),
    await signedInAgent(a, { accountType: 'seller' }),
  ];
  const buyers = [await signedInAgent(a), await signedInAgent(a)];
  const admin = await signedInAgent(a);
  await store.users.update(admin.user.id, { role: 'admin' });
  const puppies = [
    {
      id: (await addPuppy(a, sellers[0]!.user.id, { name: 'Daisy', price: 1500, expiresAt: inDays(365) })).id,
      seller: 0,
    },
    {
      id: (await addPuppy(a, sellers[0]!.user.id, { name: 'Max', price: 2000, expiresAt: inDays(365) })).id,
      seller: 0,
    },
    {
      id: (await addPuppy(a, sellers[1]!.user.id, { name: 'Bella', price: 1200, expiresAt: inDays(365) })).id,
      seller: 1,
    },
    {
      id: (await addPuppy(a, sellers[1]!.user.id, { name: 'Rocky', price: 900, expiresAt: inDays(365) })).id,
      seller: 1,
    },
  ];
  // listed for a year: a run moves the clock by weeks
  const spares = [
    (await addPuppy(a, sellers[0]!.user.id, { name: 'Spare', expiresAt: inDays(365) })).id,
    (await addPuppy(a, sellers[1]!.user.id, { name: 'Extra', expiresAt: inDays(365) })).id,
  ];
  for (const seller of sellers) await connect(seller.agent);
  const accounts = [];
  for (const seller of sellers) accounts.push((await store.payoutAccounts.findByUser(seller.user.id))!.accountId);
  const faults = new Faults();
  const procs = [a, b].map((t) => ({
    t,
    local: undefined as unknown as LocalProvider,
    buyers: buyers.map((u) => agentOn(t.app, u.cookie)),
    sellers: sellers.map((u) => agentOn(t.app, u.cookie)),
    admin: agentOn(t.app, admin.cookie),
  })) as [Process, Process];
  for (const proc of procs) {
    proc.local = (await proc.t.deps.payments.local())!;
    wrapDouble(proc.local, faults);
  }
  const user = async (id: number) => (await store.users.get(id))!;
  return {
    procs,
    store,
    users: {
      buyers: [await user(buyers[0]!.user.id), await user(buyers[1]!.user.id)],
      sellers: [await user(sellers[0]!.user.id), await user(sellers[1]!.user.id)],
      admin: await user(admin.user.id),
    },
    puppies,
    spares,
    accounts,
    checkouts: [],
    faults,
    moves: new Map(),
    trace: [],
    rows,
    visits: 0,
    events: 0,
  };
}

/**
 * Both processes' clocks move together (they are one world's time), before the step starts, so actors
 * that run beside a job see one time. Everyone signs in again after days pass: a session lasts a day.
 */
async function moveClock(world: World, days: number): Promise<void> {
  if (days === 0) return;
  for (const proc of world.procs) proc.t.tick(days * DAY_MS);
  const { t } = world.procs[0];
  const now = t.deps.now();
  const tokens = createTokenService(t.deps.config.sessionSecret);
  const people = [
    ...world.users.buyers.map((u, i) => ({ u, agents: world.procs.map((p) => p.buyers[i]!) })),
    ...world.users.sellers.map((u, i) => ({ u, agents: world.procs.map((p) => p.sellers[i]!) })),
    { u: world.users.admin, agents: world.procs.map((p) => p.admin) },
  ];
  for (const { u, agents } of people) {
    const user = (await world.store.users.get(u.id))!;
    const session = await startSession(world.store, user, now);
    const token = await tokens.sign(
      { userId: user.id, sessionId: session.id, sessionVersion: user.sessionVersion },
      now,
    );
    for (const agent of agents) agent.jar.setCookie(`${SESSION_COOKIE}=${token}; Path=/`, '127.0.0.1', '/');
  }
}

// ---- running a step ----

/** an HTTP answer: a 5xx is a defect unless an injected outage fired during the step */
type Answer = { status: number; body: { error?: { code?: string; message?: string }; message?: string } };
const said = (r: Answer) => `${r.status} ${r.body?.error?.code ?? r.body?.message ?? ''}`.trim();

async function startCheckout(
  world: World,
  proc: Process,
  buyer: number,
  puppy: number,
): Promise<{ note: string; checkout?: Checkout; answer: Answer }> {
  const response = await proc.buyers[buyer]!.post('/api/create-payment-intent').send({
    puppyId: world.puppies[puppy]!.id,
    visitId: `model-visit-${world.visits++}`,
  });
  if (response.status !== 200) return { note: said(response), answer: response };
  const row = (await world.store.localPayments.find(response.body.intentId, 'payment_intent'))!;
  const checkout = {
    intentId: response.body.intentId as string,
    clientSecret: response.body.clientSecret as string,
    reference: row.metadata['orderReference']!,
    buyer,
    puppy,
  };
  world.checkouts.push(checkout);
  return { note: `#${world.checkouts.length - 1} ${checkout.reference}`, checkout, answer: response };
}

async function pay(proc: Process, checkout: Checkout, card: keyof typeof CARD): Promise<Answer> {
  const agent = proc.buyers[checkout.buyer]!;
  const method = await agent
    .post('/api/local-payments/payment-methods')
    .send({ number: CARD[card], exp: '12 / 34', cvc: '123', zip: '94107' });
  if (method.status !== 200) return method;
  const confirmed = await agent
    .post('/api/local-payments/confirm')
    .send({ clientSecret: checkout.clientSecret, paymentMethodId: method.body.id });
  if (confirmed.status === 200) checkout.paidWith ??= card;
  return confirmed;
}

/**
 * The checkout a step is about: `pay` picks among all checkouts, a dispute's close among those paid with
 * the disputed card, every other step among those paid. Its index is taken modulo their number, so a
 * few orders are each hit by many steps, and a shrunk sequence still names the same ones.
 */
function pick(world: World, step: Extract<Simple, { intent: number }>): Checkout | undefined {
  const among =
    step.do === 'pay'
      ? world.checkouts
      : world.checkouts.filter(
          (c) => c.paidWith !== undefined && (step.do !== 'closeDispute' || c.paidWith === 'disputed'),
        );
  return among[step.intent % Math.max(among.length, 1)];
}

/** runs one step; answers what happened, in a few words, for the trace */
async function run(world: World, step: Simple, firedBefore: number): Promise<string> {
  const outage = () => world.faults.fired > firedBefore;
  const proc = world.procs[step.via];
  const ctx = proc.t.deps.payments.payouts;
  const answers: Answer[] = [];
  const http = async (request: Promise<Answer>) => {
    const answer = await request;
    answers.push(answer);
    return said(answer);
  };
  const checkout = 'intent' in step ? pick(world, step) : undefined;
  const on = checkout ? `${checkout.reference}: ` : '';
  let note: string;
  switch (step.do) {
    case 'checkout': {
      const started = await startCheckout(world, proc, step.buyer, step.puppy);
      answers.push(started.answer);
      note = started.note;
      break;
    }
    case 'buy': {
      const started = await startCheckout(world, proc, step.buyer, step.puppy);
      answers.push(started.answer);
      note = started.checkout ? `${started.note}: ${await http(pay(proc, started.checkout, step.card))}` : started.note;
      break;
    }
    case 'pay':
      note = checkout ? await http(pay(proc, checkout, step.card)) : 'no checkout';
      break;
    case 'handOver': {
      const seller = checkout && world.puppies[checkout.puppy]!.seller;
      note = checkout
        ? await http(proc.sellers[seller!]!.post(`/api/orders/${checkout.reference}/handed-over`))
        : 'no checkout';
      break;
    }
    case 'confirm':
      note = checkout
        ? await http(proc.buyers[checkout.buyer]!.post(`/api/orders/${checkout.reference}/confirm-receipt`))
        : 'no checkout';
      break;
    case 'deliver': {
      const seller = checkout && world.puppies[checkout.puppy]!.seller;
      note = checkout
        ? `${await http(proc.sellers[seller!]!.post(`/api/orders/${checkout.reference}/handed-over`))}, then ${await http(proc.buyers[checkout.buyer]!.post(`/api/orders/${checkout.reference}/confirm-receipt`))}`
        : 'no checkout';
      break;
    }
    case 'report':
      note = checkout
        ? await http(
            proc.buyers[checkout.buyer]!.post(`/api/orders/${checkout.reference}/report-problem`).send({
              problem: 'The puppy is not the one in the photos.',
            }),
          )
        : 'no checkout';
      break;
    case 'cancel':
      note = checkout
        ? await http(
            proc.admin
              .post(`/api/admin/orders/${checkout.reference}/cancel`)
              .send({ reason: 'The model test cancels this order.' }),
          )
        : 'no checkout';
      break;
    case 'release':
      note = checkout ? await http(proc.admin.post(`/api/admin/payouts/${checkout.reference}/release`)) : 'no checkout';
      break;
    case 'retryRefund':
      note = checkout
        ? await http(proc.admin.post(`/api/admin/orders/${checkout.reference}/retry-refund`))
        : 'no checkout';
      break;
    case 'retryPayout':
      note = checkout ? await http(proc.admin.post(`/api/admin/payouts/${checkout.reference}/retry`)) : 'no checkout';
      break;
    case 'refundedElsewhere':
      note = checkout
        ? await http(
            proc.admin
              .post(`/api/admin/orders/${checkout.reference}/refunded-elsewhere`)
              .send({ note: 'Paid back by bank transfer.' }),
          )
        : 'no checkout';
      break;
    case 'job': {
      // the clock moved before the step (moveClock); what the release-payouts job does each minute (jobs/release-payouts.ts)
      const done = await releaseDuePayouts(ctx, ctx.now());
      const refunded = await settleClaimedRefunds(ctx);
      note = `released ${done.released}, sent ${done.sent}, reversed ${done.reversed}, refunds ${refunded}`;
      break;
    }
    case 'redeliver': {
      if (!checkout) {
        note = 'no checkout';
        break;
      }
      const event = await eventFor(world, checkout, step.what);
      if (!event) {
        note = `no ${step.what}`;
        break;
      }
      try {
        // a webhook delivered again (Stripe retries until it is applied): a new event id, the object re-read
        note = `${event.type}: ${await proc.t.deps.payments.fulfilment.handleEvent(event)}`;
      } catch (error) {
        // the webhook answers 500 and Stripe retries: only an injected outage may cause that
        if (!outage()) throw error;
        note = `${event.type}: failed (${(error as Error).message})`;
      }
      break;
    }
    case 'closeDispute': {
      const dispute =
        checkout && (await world.store.localPayments.findByIdempotencyKey(`dispute:${checkout.intentId}`));
      note = dispute ? (await proc.local.closeDispute(dispute.providerId, step.outcome)).status : 'no dispute';
      break;
    }
    case 'suspend': {
      const seller = world.users.sellers[step.seller]!;
      if ((await world.store.users.get(seller.id))?.suspendedAt) {
        note = 'already suspended';
        break;
      }
      const store = proc.t.store;
      const report = await fileReport(
        store,
        world.users.buyers[0]!,
        { puppyId: world.spares[step.seller]!, reason: 'scam', comment: 'Asked for a deposit by wire.' },
        ctx.now(),
      );
      note = (await decideReport(store, world.users.admin, report.id, 'suspend_user', ctx.now())).message;
      break;
    }
    case 'reinstate': {
      const seller = world.users.sellers[step.seller]!;
      if (!(await world.store.users.get(seller.id))?.suspendedAt) {
        note = 'not suspended';
        break;
      }
      note = (await undoModeration(proc.t.store, world.users.admin, 'unsuspend_user', seller.id, ctx.now())).message;
      break;
    }
    case 'bankPayout':
      // Stripe pays the connected account's balance out to the seller's bank: a later reversal is refused
      note = `paid out ${await proc.local.payOutBalance(world.accounts[step.seller]!)}`;
      break;
  }
  if (step.do !== 'pay') note = `${on}${note}`;
  const broken = answers.find((a) => a.status >= 500);
  if (broken && !outage())
    throw new Error(`${label(step)} answered ${broken.status} with no outage: ${JSON.stringify(broken.body)}`);
  return note;
}

/** the event Stripe would deliver again for the checkout's payment, dispute or transfer */
async function eventFor(
  world: World,
  checkout: Checkout,
  what: 'payment' | 'dispute' | 'transfer',
): Promise<ProviderEvent | undefined> {
  const id = `evt_model_${world.events++}`;
  const rows = world.store.localPayments;
  if (what === 'payment') {
    const intent = (await rows.find(checkout.intentId, 'payment_intent'))!;
    const type =
      intent.status === 'succeeded'
        ? 'payment_intent.succeeded'
        : intent.status === 'canceled'
          ? 'payment_intent.canceled'
          : 'payment_intent.amount_capturable_updated';
    return {
      id,
      type,
      object: { object: 'payment_intent', id: intent.providerId, livemode: false } as ProviderEvent['object'],
    };
  }
  if (what === 'dispute') {
    const dispute = await rows.findByIdempotencyKey(`dispute:${checkout.intentId}`);
    if (!dispute) return undefined;
    const type =
      dispute.status === 'won' || dispute.status === 'lost' ? 'charge.dispute.closed' : 'charge.dispute.created';
    return {
      id,
      type,
      object: { object: 'dispute', id: dispute.providerId, livemode: false } as ProviderEvent['object'],
    };
  }
  const transfer = await rows.findTransferInGroup(checkout.reference);
  if (!transfer) return undefined;
  const type = transfer.status === 'reversed' ? 'transfer.reversed' : 'transfer.created';
  return {
    id,
    type,
    object: {
      object: 'transfer',
      id: transfer.providerId,
      transferGroup: checkout.reference,
      metadata: {},
      livemode: false,
    } as unknown as ProviderEvent['object'],
  };
}

async function runStep(world: World, step: Step): Promise<void> {
  const jobs = step.do === 'job' ? [step] : step.do === 'together' ? step.steps : [];
  await moveClock(
    world,
    jobs.reduce((days, s) => days + (s.do === 'job' ? s.days : 0), 0),
  );
  const fired = world.faults.fired;
  let note: string;
  if (step.do === 'outage') {
    world.faults.arm(step);
    note = 'armed';
  } else if (step.do === 'together') {
    // the actors at the same moment: on PostgreSQL through two pools, so their transactions really race
    world.faults.slow = step.slow ?? false;
    const results = await Promise.allSettled(step.steps.map((s) => run(world, s, fired))).finally(
      () => (world.faults.slow = false),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    note = results.map((r) => (r as PromiseFulfilledResult<string>).value).join(' | ');
  } else {
    note = await run(world, step, fired);
  }
  world.trace.push(`${label(step)} -> ${note}`);
}

// ---- the invariants ----

interface Books {
  orders: Order[];
  payouts: Map<number, Payout | undefined>;
  intents: Map<string, LocalPaymentObject>;
  transfers: LocalPaymentObject[];
  disputes: Map<string, LocalPaymentObject>;
  /** per order: its payout's status, and whether the rules let that payout move towards the seller now */
  moves: Map<number, { payout: Payout['status'] | undefined; blocked: string | null }>;
}

async function readBooks(world: World): Promise<Books> {
  const rows = await world.rows();
  const orders = await world.store.orders.listAfter(0, 1000);
  const payouts = new Map<number, Payout | undefined>();
  for (const order of orders) payouts.set(order.id, await world.store.payouts.findByOrder(order.id));
  const suspended = new Set<number>();
  for (const seller of world.users.sellers)
    if ((await world.store.users.get(seller.id))?.suspendedAt) suspended.add(seller.id);
  const moves = new Map(
    orders.map((o) => {
      const blocked =
        o.status !== 'handed_over'
          ? `the order is ${o.status}`
          : o.disputeStatus === 'open'
            ? 'its dispute is open'
            : suspended.has(o.sellerId)
              ? 'its seller is suspended'
              : null;
      return [o.id, { payout: payouts.get(o.id)?.status, blocked }];
    }),
  );
  return {
    orders,
    payouts,
    moves,
    intents: new Map(rows.filter((r) => r.kind === 'payment_intent').map((r) => [r.providerId, r])),
    transfers: rows.filter((r) => r.kind === 'transfer'),
    disputes: new Map(rows.filter((r) => r.kind === 'dispute').map((r) => [r.metadata['paymentIntent']!, r])),
  };
}

/** what every step must leave true; `settled`: after the faults stopped and the job and webhooks caught up */
async function checkInvariants(world: World, settled: boolean): Promise<void> {
  const books = await readBooks(world);
  const problems: string[] = [];
  const fail = (order: Order | undefined, what: string) =>
    problems.push(`${order ? `${order.reference} (${order.status})` : ''} ${what}`.trim());

  for (const order of books.orders) {
    const payout = books.payouts.get(order.id);
    if (!ORDER_STATES_REACHED.has(order.status)) fail(order, `is in a state the money life does not reach`);
    if (payout && !PAYOUT_STATES_REACHED.has(payout.status))
      fail(order, `payout is ${payout.status}, a state the money life does not reach`);
    const intent = books.intents.get(order.paymentIntentId);
    if (!intent) {
      fail(order, 'has no payment at the provider');
      continue;
    }
    const transfers = books.transfers.filter((t) => t.metadata['transferGroup'] === order.reference);
    const dispute = books.disputes.get(order.paymentIntentId);
    // at most one capture, refund, transfer and reversal per order (decision 0107, "Consequences")
    if ((world.faults.captures.get(intent.providerId) ?? 0) > 1)
      fail(order, `was captured ${world.faults.captures.get(intent.providerId)} times`);
    if ((world.faults.refunds.get(intent.providerId) ?? 0) > 1)
      fail(order, `was refunded ${world.faults.refunds.get(intent.providerId)} times`);
    const refundedCents = intent.refundedCents ?? 0;
    if (refundedCents !== 0 && refundedCents !== intent.amountCents)
      fail(order, `refunded ${refundedCents} of ${intent.amountCents}`);
    if (transfers.length > 1) fail(order, `has ${transfers.length} transfers to the seller`);
    const transfer = transfers[0];
    if (transfer && (transfer.refundedCents ?? 0) > transfer.amountCents)
      fail(order, `reversed ${transfer.refundedCents} of a ${transfer.amountCents} transfer`);

    // the money: what the seller keeps and what the buyer got back never exceed what was captured
    const captured = intent.status === 'succeeded' ? intent.amountCents : 0;
    const sellerKeeps = transfer ? transfer.amountCents - (transfer.refundedCents ?? 0) : 0;
    const lostCents = dispute?.status === 'lost' ? dispute.amountCents : 0;
    // an admin who records a refund made by other means paid the buyer the order's amount outside the provider
    const elsewhereCents =
      order.status === 'refunded' && order.refundError?.startsWith('Refunded outside the payment provider')
        ? intent.amountCents
        : 0;
    // Decision 0107's one exception: after a lost dispute the bank has given the buyer the money back,
    // and a reversal the seller's balance cannot cover stays claimed (payout 'reversing', retried by the
    // job) until it can; the platform carries that risk, so the claimed reversal counts as owed back. So
    // does a transfer that was under way when the dispute was lost ('transferring'): it settles first and
    // is then reversed; once it settles, the payout must be reversing or reversed (checked below).
    const owedBack =
      order.status === 'charged_back' && (payout?.status === 'reversing' || payout?.status === 'transferring')
        ? sellerKeeps
        : 0;
    if (sellerKeeps - owedBack + refundedCents + lostCents + elsewhereCents > captured) {
      fail(
        order,
        `gives out more than it took: the seller keeps ${sellerKeeps} (payout ${payout?.status ?? 'none'}), the buyer got ${refundedCents} refunded, ${lostCents} by the bank and ${elsewhereCents} by other means, of ${captured} captured`,
      );
    }

    // a refunded or charged-back order never leaves the seller paid
    if (order.status === 'refunded') {
      if (payout && payout.status !== 'canceled' && payout.status !== 'reversed')
        fail(order, `is refunded but its payout is ${payout.status}`);
      if (transfer && transfer.status !== 'reversed')
        fail(order, 'is refunded but the transfer to the seller is not reversed');
    }
    if (order.status === 'charged_back') {
      if (payout && !['canceled', 'reversed', 'reversing', 'transferring'].includes(payout.status))
        fail(order, `is charged back but its payout is ${payout.status}`);
      if (
        transfer &&
        transfer.status !== 'reversed' &&
        payout?.status !== 'reversing' &&
        payout?.status !== 'transferring'
      )
        fail(order, 'is charged back but the transfer to the seller is neither reversed nor being reversed');
    }
    if (order.status === 'canceled' && captured > 0 && refundedCents === 0)
      fail(order, 'is cancelled (a released hold) but the payment was captured and not refunded');

    // the books agree with the provider about the seller's money
    if (payout) {
      const made = transfer !== undefined;
      const back = transfer?.status === 'reversed';
      const agree: Record<Payout['status'], boolean> = {
        scheduled: !made,
        held: !made,
        releasing: !made,
        canceled: !made,
        transferring: true, // claimed: the transfer may be made, its answer not yet recorded
        paid: made && !back && payout.transferId === transfer.providerId,
        reversing: made && payout.transferId === transfer.providerId,
        reversed: made && back && payout.transferId === transfer.providerId,
      };
      if (!agree[payout.status])
        fail(
          order,
          `payout is ${payout.status} (transfer ${payout.transferId ?? 'none'}) but the provider has ${transfer ? `${transfer.providerId} ${transfer.status}` : 'no transfer'}`,
        );
    } else if (transfer) fail(order, `has a transfer ${transfer.providerId} but no payout`);

    if (settled) {
      if (order.status === 'pending') fail(order, 'is still pending after the job and the webhooks caught up');
      if (order.status === 'refunding' && !order.refundError && payout?.status !== 'reversing')
        fail(order, 'is still refunding, with no refusal to show the admin, after the job ran');
      if (payout?.status === 'transferring') fail(order, 'payout is still transferring after the job ran');
    }
  }

  // a puppy is sold once: one live order, and one payment kept
  const ordersByIntent = new Map(books.orders.map((o) => [o.paymentIntentId, o]));
  for (const { id } of world.puppies) {
    const live = books.orders.filter((o) => o.puppyId === id && LIVE_ORDER_STATUSES.includes(o.status));
    if (live.length > 1)
      fail(undefined, `puppy ${id} has ${live.length} live orders: ${live.map((o) => o.reference).join(', ')}`);
    const kept = [...books.intents.values()].filter((intent) => {
      if (intent.metadata['puppyId'] !== String(id) || intent.status !== 'succeeded' || (intent.refundedCents ?? 0) > 0)
        return false;
      if (books.disputes.get(intent.providerId)?.status === 'lost') return false;
      const order = ordersByIntent.get(intent.providerId);
      // a refund claimed (refunding) is owed back and settled by the job; refunded elsewhere is back
      return !(order && (order.status === 'refunding' || order.status === 'refunded'));
    });
    if (kept.length > 1)
      fail(
        undefined,
        `puppy ${id} has ${kept.length} captured payments kept: ${kept.map((i) => i.metadata['orderReference']).join(', ')}`,
      );
  }
  // Decision 0107: a payout is released and its transfer claimed only while its order is handed over,
  // with no open dispute and its seller not suspended. A step that moved a payout towards the seller
  // while the same rule held it both before and after the step broke that. A rule that changed during
  // the step may have raced the move fairly: "the order is paid" before and "the order is refunding"
  // after means the order was handed over in between (a payout exists only after a handover), and the
  // payout may have moved then; the refund takes it back.
  const before = world.moves;
  for (const [orderId, now] of books.moves) {
    const was = before.get(orderId);
    const from = was?.payout;
    const rank = (status: Payout['status'] | undefined) =>
      status === 'releasing'
        ? 1
        : status === 'transferring' || status === 'paid' || status === 'reversing' || status === 'reversed'
          ? 2
          : 0;
    const towardsSeller =
      (from === undefined || from === 'scheduled' || from === 'held' || from === 'releasing') &&
      rank(now.payout) > rank(from);
    if (towardsSeller && was?.blocked && now.blocked === was.blocked) {
      fail(
        books.orders.find((o) => o.id === orderId),
        `payout went from ${from} to ${now.payout} while ${was.blocked} (and after the step: ${now.blocked})`,
      );
    }
  }
  world.moves = books.moves;

  // Once settled, the money check (the reconciliation an admin reads) finds nothing either. Not after
  // every step: a webhook not applied yet (an outage) is a difference it rightly reports until it is.
  const { t } = world.procs[0];
  world.faults.paused = true;
  try {
    if (settled) {
      const report = await checkMoney({
        store: world.store,
        provider: t.deps.payments.provider,
        now: t.deps.now,
        log: silentLog,
      });
      for (const m of report.mismatches)
        fail(
          books.orders.find((o) => o.reference === m.reference),
          `money check: ${mismatchLine(m)}`,
        );
      for (const f of report.failures) fail(undefined, `money check could not look at ${f.reference}: ${f.message}`);
    }
  } finally {
    world.faults.paused = false;
  }
  if (problems.length > 0)
    throw new Error(
      `money invariants broken after ${world.trace.at(-1) ?? 'setup'}:\n  ${problems.join('\n  ')}\ntrace:\n  ${world.trace.join('\n  ')}`,
    );
}

/** the end of a run: the provider answers again; the job runs and every webhook is delivered again */
async function settle(world: World): Promise<void> {
  world.faults.clear();
  const failedBefore = world.faults.fired;
  for (let round = 0; round < 2; round++) {
    for (const checkout of world.checkouts) {
      for (const what of ['payment', 'dispute', 'transfer'] as const) {
        const event = await eventFor(world, checkout, what);
        if (event) await world.procs[0].t.deps.payments.fulfilment.handleEvent(event);
      }
    }
    await runStep(world, { do: 'job', days: 4, via: 0 });
  }
  expect(world.faults.fired).toBe(failedBefore);
  world.trace.push('settled');
}

/** the states the runs reached, so a change that stops the steps from reaching them is noticed */
const reached = { orders: new Set<string>(), payouts: new Set<string>() };

async function note(world: World): Promise<void> {
  for (const order of await world.store.orders.listAfter(0, 1000)) {
    reached.orders.add(order.status);
    const payout = await world.store.payouts.findByOrder(order.id);
    if (payout) reached.payouts.add(payout.status);
  }
}

/** one run: a new world, the steps with the invariants checked after each, then settled and checked again */
async function runSequence(base: Base, steps: Step[]): Promise<void> {
  const world = await newWorld(base);
  for (const s of steps) {
    await runStep(world, s);
    await checkInvariants(world, false);
  }
  await settle(world);
  await checkInvariants(world, true);
  await note(world);
  if (process.env['MONEY_MODEL_TRACE']) console.log(world.trace.join('\n'));
}

describe('the money life, as a model: any interleaving of the actors and the provider failures keeps the money right', () => {
  it(`${RUNS} runs of up to ${MAX_STEPS} steps, seed ${SEED}`, { timeout: 60_000 + RUNS * 4_000 }, async () => {
    const base = await openBase();
    try {
      await fc.assert(
        fc.asyncProperty(runSteps, (steps) => runSequence(base, steps)),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      await base.close();
    }
    if (!process.env['MONEY_MODEL_RUNS'] && !process.env['MONEY_MODEL_SEED']) {
      // the fixed seed reaches the states that matter; fewer would mean the model stopped exploring
      expect([...reached.orders].sort()).toEqual(
        expect.arrayContaining(['charged_back', 'handed_over', 'paid', 'refunded']),
      );
      expect([...reached.payouts].sort()).toEqual(expect.arrayContaining(['canceled', 'held', 'paid', 'reversed']));
    } else {
      console.log(
        `money model: ${RUNS} runs, seed ${SEED}; orders reached ${[...reached.orders].sort().join(', ')}; payouts ${[...reached.payouts].sort().join(', ')}`,
      );
    }
  });
});

const A: Via = 0;
const B: Via = 1;
/**
 * Sequences the model found that broke an invariant, shrunk, replayed on every run so that they stay
 * fixed. An index names a checkout as `pick` does: among those paid (a dispute: those paid with the
 * disputed card).
 */
const FOUND: Array<[string, Step[]]> = [
  [
    'a transfer under way when the dispute is lost is completed by the job, and never taken back',
    [
      // another sale first: the platform's balance covers the transfer after the dispute took its amount
      { do: 'buy', buyer: 1, puppy: 1, card: 'visa', via: A },
      // the dispute's "created" webhook is not applied (yet): the payout is not held
      { do: 'outage', call: 'retrieveDispute', when: 'before', times: 1, error: 'provider' },
      { do: 'buy', buyer: 0, puppy: 0, card: 'disputed', via: A },
      { do: 'handOver', intent: 1, via: A },
      // the buyer confirms: the transfer is claimed, and the provider does not answer
      { do: 'outage', call: 'findTransfer', when: 'before', times: 3, error: 'provider' },
      { do: 'confirm', intent: 1, via: A },
      { do: 'closeDispute', intent: 0, outcome: 'lost', via: A },
      { do: 'job', days: 0, via: A },
    ],
  ],
  [
    'an admin records a refund made by other means while the job refunds the buyer through the provider',
    [
      { do: 'buy', buyer: 0, puppy: 0, card: 'visa', via: A },
      // the cancel's refund meets an outage: the order is refunding, the job will ask again
      { do: 'outage', call: 'refundPaymentIntent', when: 'before', times: 3, error: 'provider' },
      { do: 'cancel', intent: 0, via: A },
      // the job asks the provider (which answers late) while the admin records the refund as made elsewhere
      { do: 'outage', call: 'any', when: 'slow', times: 2, error: 'provider' },
      {
        do: 'together',
        steps: [
          { do: 'job', days: 0, via: B },
          { do: 'refundedElsewhere', intent: 0, via: A },
        ],
      },
    ],
  ],
  [
    'a card hold that was never captured is recorded as refunded by other means while its release is pending',
    [
      { do: 'outage', call: 'capturePaymentIntent', when: 'before', times: 3, error: 'provider' },
      { do: 'buy', buyer: 0, puppy: 0, card: 'visa', via: A },
      { do: 'outage', call: 'cancelPaymentIntent', when: 'before', times: 3, error: 'provider' },
      { do: 'cancel', intent: 0, via: B },
      { do: 'refundedElsewhere', intent: 0, via: B },
    ],
  ],
];

describe('sequences the model found', () => {
  for (const [name, steps] of FOUND) {
    it(name, async () => {
      const base = await openBase();
      try {
        await runSequence(
          base,
          steps.map((s) => printable(s.do === 'together' ? { ...s, steps: s.steps.map((t) => printable(t)) } : s)),
        );
      } finally {
        await base.close();
      }
    });
  }
});
