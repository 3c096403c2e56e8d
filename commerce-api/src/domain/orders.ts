// Buying a puppy (docs/product.md §2 Checkout, §4 Checkout, §10). The amount is the puppy's stored price
// plus the care package, in cents; one PaymentIntent per checkout visit (idempotency key per buyer,
// puppy and visit) with manual capture. When the card is authorised, fulfilment records the order and
// reserves the puppy in one atomic write: a puppy is sold once, and a payment for a puppy that is no
// longer available is released (never captured) or, if it was taken, refunded.
import { randomBytes, randomUUID } from 'node:crypto';
import { dollarsToCents, formatCents } from '#contracts/money.ts';
import { CARE_PACKAGE_CENTS } from '#contracts/plans.ts';
import { LIVE_ORDER_STATUSES } from '#contracts/orders.ts';
import type { CheckoutIntentInput, CheckoutIntentResponse } from '#contracts/payments.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { MailMessage } from '../mail/messages.ts';
import type { PaymentIntentSnapshot, PaymentProvider } from '../payments/provider.ts';
import type { Collections, Storage } from '../storage/storage.ts';
import type { Order, Puppy, User } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';

export interface CheckoutContext {
  storage: Storage;
  provider: PaymentProvider;
  now: Date;
}

export function orderByIntent(db: Collections, intentId: string): Order | undefined {
  return db.orders.find((order) => order.paymentIntentId === intentId);
}

/** an order that holds the puppy: being captured, paid or handed over */
export function liveOrderFor(db: Collections, puppyId: number): Order | undefined {
  return db.orders.find((order) => order.puppyId === puppyId && LIVE_ORDER_STATUSES.includes(order.status));
}

export async function startCheckout(ctx: CheckoutContext, buyer: User, input: CheckoutIntentInput): Promise<CheckoutIntentResponse> {
  const { db } = ctx.storage;
  const puppy = db.puppies.get(input.puppyId);
  if (!puppy || !isPublic(puppy, ctx.now)) throw new NotFoundError('Puppy Not Found');
  if (puppy.userId === buyer.id) throw new ConflictError('This is your own listing: you cannot buy your own puppy.', 'own_puppy');
  if (puppy.status !== 'available' || liveOrderFor(db, puppy.id)) {
    throw new ConflictError(`${puppy.name} is no longer available: another family has reserved this puppy.`, 'puppy_unavailable');
  }
  const puppyPriceCents = dollarsToCents(puppy.price);
  const amountCents = puppyPriceCents + CARE_PACKAGE_CENTS;
  const visit = input.visitId ?? randomUUID();
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
    },
    // The amount is part of the key: a price changed during the visit makes a new intent, not an error.
    idempotencyKey: `checkout:${buyer.id}:${puppy.id}:${visit}:${amountCents}`,
    receiptEmail: buyer.email,
  });
  return { clientSecret: intent.clientSecret, intentId: intent.id, amountCents, puppyPriceCents, carePackageCents: CARE_PACKAGE_CENTS };
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

function newReference(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `PN-${day}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * Inside storage.write(): the order for an intent, created once. The puppy is reserved for it only if
 * it is still available, nobody else's order holds it, and the intent is for the agreed amount.
 */
function claimPuppy(db: Collections, intent: PaymentIntentSnapshot, now: Date, paid: boolean): Order | undefined {
  const terms = termsOf(intent);
  if (!terms) return undefined;
  const puppy = db.puppies.get(terms.puppyId);
  const totalCents = terms.puppyPriceCents + terms.carePackageCents;
  const sellable =
    puppy !== undefined &&
    puppy.status === 'available' &&
    !liveOrderFor(db, puppy.id) &&
    intent.amountCents === totalCents &&
    intent.currency.toLowerCase() === 'usd';
  const at = now.toISOString();
  const order = db.orders.insert({
    reference: newReference(now),
    puppyId: terms.puppyId,
    buyerId: terms.buyerId,
    sellerId: terms.sellerId,
    puppyPriceCents: terms.puppyPriceCents,
    carePackageCents: terms.carePackageCents,
    totalCents,
    paymentIntentId: intent.id,
    status: sellable ? (paid ? 'paid' : 'pending') : 'canceled',
    createdAt: at,
    paidAt: sellable && paid ? at : null,
    handedOverAt: null,
    canceledAt: sellable ? null : at,
  });
  if (sellable) db.puppies.update(puppy.id, { status: 'reserved', updatedAt: at });
  return order;
}

/** the card is authorised (requires_capture): capture it, or release it when the puppy is gone */
export function recordAuthorisedPurchase(db: Collections, intent: PaymentIntentSnapshot, now: Date): PurchaseAction {
  const existing = orderByIntent(db, intent.id);
  if (existing?.status === 'pending' && !db.puppies.get(existing.puppyId)) {
    // The listing went away while the order waited (docs/product.md §10): release the hold, never capture it.
    db.orders.update(existing.id, { status: 'canceled', canceledAt: now.toISOString() });
    return 'cancel';
  }
  if (existing) return existing.status === 'pending' ? 'capture' : existing.status === 'canceled' || existing.status === 'refunded' ? 'cancel' : 'none';
  const order = claimPuppy(db, intent, now, false);
  if (!order) return 'cancel';
  return order.status === 'pending' ? 'capture' : 'cancel';
}

/** the money is taken (succeeded): the order is paid, or refunded when the puppy went to someone else */
export function recordSucceededPurchase(db: Collections, intent: PaymentIntentSnapshot, now: Date): PurchaseAction {
  const existing = orderByIntent(db, intent.id);
  if (existing) {
    if (existing.status === 'pending') {
      // Decided in the same write that reads the puppy: money taken for a puppy that no longer
      // exists is given back, never kept (docs/product.md §10).
      if (!db.puppies.get(existing.puppyId)) {
        db.orders.update(existing.id, { status: 'canceled', canceledAt: now.toISOString() });
        return 'refund';
      }
      db.orders.update(existing.id, { status: 'paid', paidAt: now.toISOString() });
      return 'mail';
    }
    return existing.status === 'canceled' ? 'refund' : 'none';
  }
  const order = claimPuppy(db, intent, now, true);
  if (!order) return 'refund';
  return order.status === 'paid' ? 'mail' : 'refund';
}

/** the intent was canceled (released, expired): a pending order ends and its puppy is available again */
export function recordCanceledPurchase(db: Collections, intent: PaymentIntentSnapshot, now: Date): void {
  const order = orderByIntent(db, intent.id);
  if (!order || order.status !== 'pending') return;
  db.orders.update(order.id, { status: 'canceled', canceledAt: now.toISOString() });
  const puppy = db.puppies.get(order.puppyId);
  if (puppy?.status === 'reserved') db.puppies.update(puppy.id, { status: 'available', updatedAt: now.toISOString() });
}

export function recordRefunded(db: Collections, intentId: string, now: Date): void {
  const order = orderByIntent(db, intentId);
  if (order && order.status === 'canceled') db.orders.update(order.id, { status: 'refunded', canceledAt: order.canceledAt ?? now.toISOString() });
}


/** the order's lines as every order mail lists them */
export function orderLines(order: Order, puppyName: string): string {
  return [
    `Order reference: ${order.reference}`,
    `Puppy: ${puppyName}`,
    `Purchase price: ${formatCents(order.puppyPriceCents)}`,
    `Care package: ${formatCents(order.carePackageCents)}`,
    `Total: ${formatCents(order.totalCents)}`,
  ].join('\n');
}

/** the confirmation mails of a paid order: one to the buyer, one to the seller */
export function purchaseMails(order: Order, puppy: Puppy | undefined, buyer: User | undefined, seller: User | undefined, siteUrl: string): MailMessage[] {
  const name = puppy?.name ?? 'your puppy';
  const lines = orderLines(order, name);
  const mails: MailMessage[] = [];
  if (buyer) {
    mails.push({
      to: buyer.email,
      subject: `Your PuppyNest order ${order.reference}: ${name} is reserved for you`,
      text: `Hi ${buyer.username},\n\nThank you for your purchase! ${name} is now reserved for you.\n\n${lines}\n\nNext steps: our team will contact you within 24 hours to arrange pickup or delivery. Your orders: ${siteUrl}/my-orders\n\nQuestions? ${siteUrl}/contact\n`,
      ...(seller ? { replyTo: seller.email } : {}),
    });
  }
  if (seller) {
    mails.push({
      to: seller.email,
      subject: `${name} has been purchased on PuppyNest (order ${order.reference})`,
      text: `Hi ${seller.username},\n\n${buyer?.username ?? 'A buyer'} has bought ${name}. The listing is now marked as reserved.\n\n${lines}\n\nBuyer's email: ${buyer?.email ?? 'unknown'}. Our team will contact the buyer within 24 hours to arrange pickup or delivery.\n`,
      ...(buyer ? { replyTo: buyer.email } : {}),
    });
  }
  return mails;
}
