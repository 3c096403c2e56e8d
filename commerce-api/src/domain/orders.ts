// Buying a puppy (docs/product.md §2 Checkout, §4 Checkout, §10). The amount is the puppy's stored price
// plus the care package, in cents; one PaymentIntent per checkout visit (idempotency key per buyer,
// puppy and visit) with manual capture. When the card is authorised, fulfilment records the order and
// reserves the puppy in one transaction: a puppy is sold once (`puppies.reserve` plus one live order per
// puppy, which hold across processes), an intent has one order, and a payment for a puppy that is no
// longer available is released (never captured) or, if it was taken, refunded.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { dollarsToCents, formatCents } from '#contracts/money.ts';
import { breederPath, type BreederLink } from '#contracts/breeders.ts';
import { ORDER_REFERENCE_PATTERN } from '#contracts/orders.ts';
import { CARE_PACKAGE_CENTS } from '#contracts/plans.ts';
import type { CheckoutIntentInput, CheckoutIntentResponse } from '#contracts/payments.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { button, details, greeting, link, paragraph } from '../mail/blocks.ts';
import type { MailMessage } from '../mail/messages.ts';
import type { PaymentIntentSnapshot, PaymentProvider } from '../payments/provider.ts';
import { OrderForIntentExistsError, type Store, type Repositories } from './store/index.ts';
import { moveOrder } from './money-life.ts';
import type { Order, Puppy, User } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';
import type { Log } from '../logging/log.ts';

export interface CheckoutContext {
  store: Store;
  provider: PaymentProvider;
  now: Date;
  /** keys the order reference made at checkout (the session secret): nobody can aim at another's reference */
  referenceSecret: string;
}

export async function startCheckout(
  ctx: CheckoutContext,
  buyer: User,
  input: CheckoutIntentInput,
): Promise<CheckoutIntentResponse> {
  const puppy = await ctx.store.puppies.get(input.puppyId);
  if (!puppy || !isPublic(puppy, ctx.now)) throw new NotFoundError('Puppy Not Found');
  if (puppy.userId === buyer.id)
    throw new ConflictError('This is your own listing: you cannot buy your own puppy.', 'own_puppy');
  if (puppy.status !== 'available' || (await ctx.store.orders.findLive(puppy.id))) {
    throw new ConflictError(
      `${puppy.name} is no longer available: another family has reserved this puppy.`,
      'puppy_unavailable',
    );
  }
  const puppyPriceCents = dollarsToCents(puppy.price);
  const amountCents = puppyPriceCents + CARE_PACKAGE_CENTS;
  const visit = input.visitId ?? randomUUID();
  // The amount is part of the key: a price changed during the visit makes a new intent, not an error.
  // So is the day the reference is dated by: a visit retried after midnight makes a new intent too.
  const day = referenceDay(ctx.now);
  const idempotencyKey = `checkout:${buyer.id}:${puppy.id}:${visit}:${amountCents}:${day}`;
  // the order's reference is known from here on (decision 0101), so the payment carries it as its
  // transfer_group and the seller's transfer can be traced to it. Same key, same reference.
  const reference = `PN-${day}-${createHmac('sha256', ctx.referenceSecret).update(idempotencyKey).digest('hex').slice(0, 8).toUpperCase()}`;
  const intent = await ctx.provider.createPaymentIntent({
    amountCents,
    captureMethod: 'manual',
    description: `PuppyNest: ${puppy.name} with the care package`,
    metadata: {
      purpose: 'puppy_purchase',
      puppyId: String(puppy.id),
      buyerId: String(buyer.id),
      sellerId: String(puppy.userId),
      puppyPriceCents: String(puppyPriceCents),
      carePackageCents: String(CARE_PACKAGE_CENTS),
      orderReference: reference,
    },
    idempotencyKey,
    receiptEmail: buyer.email,
    transferGroup: reference,
  });
  return {
    clientSecret: intent.clientSecret,
    intentId: intent.id,
    amountCents,
    puppyPriceCents,
    carePackageCents: CARE_PACKAGE_CENTS,
  };
}

/**
 * After a price change, the puppy's checkouts not yet paid are cancelled at the provider: a family who
 * opened checkout before it is told their payment could not be completed and starts again at the new
 * price (a new visit makes a new intent). The order's own check of the price is the guarantee; this
 * only spares the family a card hold that would be released at once (decision 0107).
 */
export async function cancelOpenCheckouts(
  ctx: { provider: PaymentProvider; log: Log },
  puppyId: number,
): Promise<number> {
  let canceled = 0;
  try {
    for (const intent of await ctx.provider.listOpenCheckouts(puppyId)) {
      try {
        await ctx.provider.cancelPaymentIntent(intent.id, `price-changed:${intent.id}`);
        canceled++;
      } catch (error) {
        // confirmed meanwhile: the price check at the order decides
        ctx.log.warn(
          `checkout ${intent.id} was not cancelled after a price change: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  } catch (error) {
    ctx.log.warn(
      `the checkouts of puppy ${puppyId} were not looked up after a price change: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return canceled;
}

export type PurchaseAction = 'capture' | 'cancel' | 'refund' | 'mail' | 'none';

interface PurchaseTerms {
  puppyId: number;
  buyerId: number;
  sellerId: number;
  puppyPriceCents: number;
  carePackageCents: number;
}

function termsOf(intent: PaymentIntentSnapshot): PurchaseTerms | undefined {
  const m = intent.metadata;
  const terms = {
    puppyId: Number(m['puppyId']),
    buyerId: Number(m['buyerId']),
    sellerId: Number(m['sellerId']),
    puppyPriceCents: Number(m['puppyPriceCents']),
    carePackageCents: Number(m['carePackageCents']),
  };
  return Object.values(terms).every((n) => Number.isSafeInteger(n) && n >= 0) ? terms : undefined;
}

const referenceDay = (now: Date) => now.toISOString().slice(0, 10).replaceAll('-', '');

/** the reference checkout gave the payment (decision 0101), or, for a payment made before it did, a new one */
function referenceOf(intent: PaymentIntentSnapshot, now: Date): string {
  const given = intent.metadata['orderReference'];
  return given && ORDER_REFERENCE_PATTERN.test(given)
    ? given
    : `PN-${referenceDay(now)}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** a checkout's payment older than this is never captured: the buyer saw a price and a puppy that long ago */
export const CHECKOUT_INTENT_MAX_AGE_MS = 2 * 60 * 60_000;

/**
 * The order for an intent, created once (OrderForIntentExistsError when another caller made it first).
 * The puppy is reserved for it, in the same transaction, only if the intent is for the amount the
 * listing asks now (a price changed since the checkout began is never taken at the old one), was made
 * within CHECKOUT_INTENT_MAX_AGE_MS, is of the current payment mode, and `puppies.reserve` wins
 * (available, public, no live order). Otherwise the order is born with its money going back: canceled
 * when only authorised (the release is asked next), refunding when the money was taken.
 */
async function claimPuppy(
  store: Store,
  intent: PaymentIntentSnapshot,
  now: Date,
  paid: boolean,
  livemode: boolean,
): Promise<Order | undefined> {
  const terms = termsOf(intent);
  if (!terms) return undefined;
  const totalCents = terms.puppyPriceCents + terms.carePackageCents;
  const fresh = intent.createdAt === null || now.getTime() - Date.parse(intent.createdAt) <= CHECKOUT_INTENT_MAX_AGE_MS;
  const agreed =
    intent.amountCents === totalCents &&
    intent.currency.toLowerCase() === 'usd' &&
    fresh &&
    intent.livemode === livemode;
  const at = now.toISOString();
  return store.transaction(async (tx) => {
    // the price the listing asks now, read (locked) in the transaction that reserves it
    const listing = agreed ? await tx.puppies.lock(terms.puppyId) : undefined;
    const priced = listing !== undefined && dollarsToCents(listing.price) === terms.puppyPriceCents;
    const sellable = priced && (await tx.puppies.reserve(terms.puppyId, now)) !== undefined;
    return tx.orders.create({
      reference: referenceOf(intent, now),
      puppyId: terms.puppyId,
      buyerId: terms.buyerId,
      sellerId: terms.sellerId,
      puppyPriceCents: terms.puppyPriceCents,
      carePackageCents: terms.carePackageCents,
      totalCents,
      paymentIntentId: intent.id,
      status: sellable ? (paid ? 'paid' : 'pending') : paid ? 'refunding' : 'canceled',
      createdAt: at,
      paidAt: sellable && paid ? at : null,
      handedOverAt: null,
      canceledAt: sellable ? null : at,
      livemode: intent.livemode,
    });
  });
}

/** the order for the intent: made now, or (when another caller made it first) the one that exists */
async function orderForIntent(
  store: Store,
  intent: PaymentIntentSnapshot,
  now: Date,
  paid: boolean,
  livemode: boolean,
): Promise<{ order: Order | undefined; made: boolean }> {
  const existing = await store.orders.findByIntent(intent.id);
  if (existing) return { order: existing, made: false };
  try {
    return { order: await claimPuppy(store, intent, now, paid, livemode), made: true };
  } catch (error) {
    if (!(error instanceof OrderForIntentExistsError)) throw error;
    return { order: await store.orders.findByIntent(intent.id), made: false };
  }
}

/**
 * A pending order is settled in the transaction that reads (and locks) its puppy: `gone` when the
 * listing went away, else `kept`. Then the order moves pending → `to` only if it still is pending;
 * `undefined` when another caller moved it first (the caller goes by the order as it is now).
 */
async function settlePending(
  store: Store,
  order: Order,
  now: Date,
  kept: 'pending' | 'paid',
): Promise<'gone' | 'kept' | undefined> {
  const at = now.toISOString();
  return store.transaction(async (tx) => {
    const puppy = await tx.puppies.lock(order.puppyId);
    if (!puppy) return (await moveOrder(tx, order, 'cancel', { canceledAt: at })) ? 'gone' : undefined;
    if (kept === 'pending') return 'kept';
    return (await moveOrder(tx, order, 'pay', { paidAt: at })) ? 'kept' : undefined;
  });
}

/** the card is authorised (requires_capture): capture it, or release it when the puppy is gone */
export async function recordAuthorisedPurchase(
  store: Store,
  intent: PaymentIntentSnapshot,
  now: Date,
  livemode: boolean,
): Promise<PurchaseAction> {
  const { order, made } = await orderForIntent(store, intent, now, false, livemode);
  if (!order) return 'cancel';
  if (made) return order.status === 'pending' ? 'capture' : 'cancel';
  let current: Order | undefined = order;
  if (order.status === 'pending') {
    // The listing went away while the order waited (docs/product.md §10): release the hold, never capture it.
    const settled = await settlePending(store, order, now, 'pending');
    if (settled === 'gone') return 'cancel';
    if (settled === 'kept') return 'capture';
    current = await store.orders.get(order.id);
  }
  if (!current) return 'none';
  if (current.status === 'pending') return 'capture';
  return current.status === 'canceled' || current.status === 'refunding' ? 'cancel' : 'none';
}

/** the money is taken (succeeded): the order is paid, or refunded when the puppy went to someone else */
export async function recordSucceededPurchase(
  store: Store,
  intent: PaymentIntentSnapshot,
  now: Date,
  livemode: boolean,
): Promise<PurchaseAction> {
  const { order, made } = await orderForIntent(store, intent, now, true, livemode);
  if (!order) return 'refund';
  if (made) return order.status === 'paid' ? 'mail' : 'refund';
  // money taken for an order born canceled (its release lost the race with a capture): it goes back
  if (order.status === 'canceled') return 'refund';
  let current: Order | undefined = order;
  if (order.status === 'pending') {
    // Decided in the transaction that reads the puppy: money taken for a puppy that no longer exists
    // is given back, never kept (docs/product.md §10). Only the caller that moved the order mails.
    const settled = await settlePending(store, order, now, 'paid');
    if (settled === 'gone') return 'refund';
    if (settled === 'kept') return 'mail';
    current = await store.orders.get(order.id);
  }
  return current?.status === 'refunding' || current?.status === 'canceled' ? 'refund' : 'none';
}

/** the intent was canceled (released, expired): a pending order ends and its puppy is available again */
export async function recordCanceledPurchase(store: Store, intent: PaymentIntentSnapshot, now: Date): Promise<void> {
  const order = await store.orders.findByIntent(intent.id);
  if (!order || (order.status !== 'pending' && order.status !== 'refunding')) return;
  const at = now.toISOString();
  await store.transaction(async (tx) => {
    const puppy = await tx.puppies.lock(order.puppyId);
    if (!(await moveOrder(tx, order, 'released', { canceledAt: order.canceledAt ?? at, refundError: null }))) return;
    if (puppy?.status === 'reserved' && !(await tx.orders.findLive(puppy.id)))
      await tx.puppies.update(puppy.id, { status: 'available', updatedAt: at });
  });
}

/** the puppy and the two people of an order, as every order mail names them (any may be gone) */
export async function orderParties(
  store: Repositories,
  order: Order,
): Promise<{ puppy: Puppy | undefined; buyer: User | undefined; seller: User | undefined }> {
  const [puppy, buyer, seller] = await Promise.all([
    store.puppies.get(order.puppyId),
    store.users.get(order.buyerId),
    store.users.get(order.sellerId),
  ]);
  return { puppy, buyer, seller };
}

/** the order's lines as every order mail lists them: a table in the HTML part */
export function orderRows(order: Order, puppyName: string): Array<{ label: string; value: string }> {
  return [
    { label: 'Order reference', value: order.reference },
    { label: 'Puppy', value: puppyName },
    { label: 'Purchase price', value: formatCents(order.puppyPriceCents) },
    { label: 'Care package', value: formatCents(order.carePackageCents) },
    { label: 'Total', value: formatCents(order.totalCents) },
  ];
}

/** the same lines in the text part, one `Label: value` a line */
export function orderLines(order: Order, puppyName: string): string {
  return orderRows(order, puppyName)
    .map((row) => `${row.label}: ${row.value}`)
    .join('\n');
}

/**
 * The confirmation mails of a paid order: one to the buyer, one to the seller. The buyer's names the
 * seller's breeder page when there is one (decision 0118).
 */
export function purchaseMails(
  order: Order,
  puppy: Puppy | undefined,
  buyer: User | undefined,
  seller: User | undefined,
  siteUrl: string,
  breeder: BreederLink | null = null,
): MailMessage[] {
  const name = puppy?.name ?? 'your puppy';
  const breederLine = breeder
    ? `About the breeder, ${breeder.kennelName}: ${siteUrl}${breederPath(breeder.slug)}\n\n`
    : '';
  const lines = orderLines(order, name);
  const rows = orderRows(order, name);
  const mails: MailMessage[] = [];
  if (buyer) {
    mails.push({
      to: buyer.email,
      subject: `Your PuppyNest order ${order.reference}: ${name} is reserved for you`,
      text: `Hi ${buyer.username},\n\nThank you for your purchase! ${name} is now reserved for you.\n\n${lines}\n\nNext steps: our team will contact you within 24 hours to arrange pickup or delivery. Your orders: ${siteUrl}/my-orders\n\n${breederLine}Questions? ${siteUrl}/contact\n`,
      kind: 'order',
      blocks: [
        greeting(buyer.username),
        paragraph(`Thank you for your purchase! ${name} is now reserved for you.`),
        details(rows),
        paragraph('Next steps: our team will contact you within 24 hours to arrange pickup or delivery.'),
        button('See your orders', '/my-orders'),
        ...(breeder ? [link(breeder.kennelName, breederPath(breeder.slug), 'About the breeder:')] : []),
        link('Contact us', '/contact', 'Questions?'),
      ],
      ...(seller ? { replyTo: seller.email } : {}),
    });
  }
  if (seller) {
    mails.push({
      to: seller.email,
      subject: `${name} has been purchased on PuppyNest (order ${order.reference})`,
      text: `Hi ${seller.username},\n\n${buyer?.username ?? 'A buyer'} has bought ${name}. The listing is now marked as reserved.\n\n${lines}\n\nBuyer's email: ${buyer?.email ?? 'unknown'}. Our team will contact the buyer within 24 hours to arrange pickup or delivery.\n`,
      kind: 'order',
      blocks: [
        greeting(seller.username),
        paragraph(`${buyer?.username ?? 'A buyer'} has bought ${name}. The listing is now marked as reserved.`),
        details(rows),
        paragraph(
          `Buyer's email: ${buyer?.email ?? 'unknown'}. Our team will contact the buyer within 24 hours to arrange pickup or delivery.`,
        ),
        button('See your listings', '/my-listings'),
      ],
      ...(buyer ? { replyTo: buyer.email } : {}),
    });
  }
  return mails;
}
