// Sales the demo has already made (docs/product.md §10 "The money life", §17 "Reviews"; decision 0119):
// demo families bought puppies from the demo sellers, the puppies were handed over, the buyers' windows
// ended and the sellers were paid, and the families reviewed the breeders, some answered with a reply.
// So the demo's breeder pages, listing pages and cards show ratings from verified buyers.
//
// Everything after the listings goes through the store's own repositories (orders, payouts, the local
// provider's objects, reviews, and the rating row counted by sellerRatings.refresh), so the rows are
// what the app itself would have written; PostgreSQL gets them through the same copy as the rest of the
// seed (seed-postgres.ts). Only with the local test-mode provider (SeedOptions.connectedSellers): each
// order's payment and each payout's transfer exist there, so the money check finds them as recorded.
import { createHash } from 'node:crypto';
import { CARE_PACKAGE_CENTS } from '#contracts/plans.ts';
import type { Repositories } from '../domain/store/index.ts';
import type { NewRow } from '../storage/lowdb/storage.ts';

const DAY_MS = 86_400_000;

/** demo families: buyers nobody logs in as (random passwords), like the demo kennels */
export const DEMO_FAMILIES: readonly { username: string; email: string }[] = [
  { username: 'the-okafor-family', email: 'okafor.family@families.example' },
  { username: 'maya-and-jordan', email: 'maya.jordan@families.example' },
  { username: 'hendersons-in-boise', email: 'hendersons@families.example' },
  { username: 'lena-r', email: 'lena.r@families.example' },
];

export interface DemoSale {
  /** seller and buyer by username: a demo seller or kennel, the demo buyer or a demo family */
  readonly seller: string;
  readonly buyer: string;
  /** how long ago the puppy went home */
  readonly handedOverDaysAgo: number;
  /** the buyer confirmed receipt (the payout released at once) rather than letting the window end */
  readonly confirmed: boolean;
  readonly withCarePackage: boolean;
  readonly rating: 1 | 2 | 3 | 4 | 5;
  /** 20 to 2,000 characters that the scam guard lets through (a unit test reads each) */
  readonly review: string;
  readonly reply?: string;
}

/**
 * Newest first per seller. The demo seller (Rose City Puppies) has one review without a reply, so the
 * reply form on My Listings can be tried; the demo buyer has reviewed two breeders (My Orders).
 */
export const DEMO_SALES: readonly DemoSale[] = [
  {
    seller: 'demo-seller',
    buyer: 'lena-r',
    handedOverDaysAgo: 20,
    confirmed: true,
    withCarePackage: true,
    rating: 5,
    review:
      'We picked up our puppy on a rainy Saturday and the little one slept the whole drive home. The vet records, a bag of the food it was used to and a blanket that smelled like the litter all came along. Three weeks in, house training is going better than we hoped.',
    reply:
      'Thank you, Lena! The blanket trick works every time. Keep the weekly photos coming, the whole family looks forward to them.',
  },
  {
    seller: 'demo-seller',
    buyer: 'demo-buyer',
    handedOverDaysAgo: 40,
    confirmed: true,
    withCarePackage: false,
    rating: 5,
    review:
      'Rose City answered every question through PuppyNest within the hour, let us meet both parents, and walked us through the first week before we left. Our puppy is healthy, curious and great with our kids.',
    reply:
      'It was a joy to meet your family. Enjoy the puppy years, and tell us when the first trip to the beach happens!',
  },
  {
    seller: 'demo-seller',
    buyer: 'the-okafor-family',
    handedOverDaysAgo: 75,
    confirmed: false,
    withCarePackage: true,
    rating: 4,
    review:
      'A lovely, well socialised puppy and a kind breeder. The handover was a week later than first planned because of the vet check, which we appreciated in the end, but it meant rearranging our time off work.',
  },
  {
    seller: 'sunny-acres-kennel',
    buyer: 'maya-and-jordan',
    handedOverDaysAgo: 60,
    confirmed: true,
    withCarePackage: true,
    rating: 5,
    review:
      'We visited twice before choosing, and both times the puppies were out on the grass with the older dogs. Ours came home confident, crate trained for short naps and already sitting for treats. Sunny Acres still checks in every few weeks.',
    reply:
      'Thank you both. Yours was the bravest of the litter from day one, and we are so glad it found an active home.',
  },
  {
    seller: 'sunny-acres-kennel',
    buyer: 'hendersons-in-boise',
    handedOverDaysAgo: 110,
    confirmed: false,
    withCarePackage: false,
    rating: 4,
    review:
      'Healthy puppy, honest answers about the breed and a clear contract. The drive to Austin was long for us, and the pick-up time moved twice, but the breeder kept us updated on the order page each time.',
  },
  {
    seller: 'bluebonnet-puppies',
    buyer: 'demo-buyer',
    handedOverDaysAgo: 95,
    confirmed: false,
    withCarePackage: true,
    rating: 3,
    review:
      'Our puppy is sweet and healthy, and the vet was happy at the first check-up. The paperwork for the microchip arrived three weeks after the handover, and we had to ask for it twice before it came.',
    reply:
      'You are right, and we are sorry: the registry was slow, but we should have told you sooner. Every family now gets the microchip papers at the handover.',
  },
  {
    seller: 'bluebonnet-puppies',
    buyer: 'the-okafor-family',
    handedOverDaysAgo: 150,
    confirmed: true,
    withCarePackage: false,
    rating: 5,
    review:
      'Mother and daughter clearly love their dogs. Our puppy was used to visitors, the vacuum and car rides, and settled in with our cat within days. The care package was worth it for the first vet visit alone.',
    reply: 'Give your pup a scratch behind the ears from us. Thank you for sending the photo with the cat!',
  },
  {
    seller: 'cascade-doodles',
    buyer: 'maya-and-jordan',
    handedOverDaysAgo: 35,
    confirmed: true,
    withCarePackage: true,
    rating: 5,
    review:
      'The weekly videos from birth meant we knew our puppy\u2019s personality before we ever met. The pup arrived with a starter kit, a feeding plan and a list of the sounds it had already heard. Couldn\u2019t have asked for more.',
    reply: 'That one was always the first to the door. Thank you for choosing Cascade Doodles!',
  },
  {
    seller: 'cascade-doodles',
    buyer: 'lena-r',
    handedOverDaysAgo: 130,
    confirmed: false,
    withCarePackage: false,
    rating: 4,
    review:
      'Friendly breeder and a happy, healthy puppy. The coat needs a lot more grooming than we expected; a little more advice on that before the handover would have helped us as first-time doodle owners.',
  },
];

/** a listing a sale will be made of, and the sale */
export interface SoldListing {
  readonly listing: NewRow<'puppies'>;
  readonly sale: DemoSale;
}

/**
 * For each sale, one listing of its seller becomes the adopted puppy: an adopted one first, else an
 * available one that is not featured (the seller keeps at least one available). Its dates move back to
 * before the order, so the listing, the order and the handover follow each other. Sales of a seller
 * with nothing left to sell are left out.
 */
export function markSold(
  listings: NewRow<'puppies'>[],
  sellerIds: ReadonlyMap<string, number>,
  now: Date,
): SoldListing[] {
  const sold: SoldListing[] = [];
  const taken = new Set<NewRow<'puppies'>>();
  for (const sale of DEMO_SALES) {
    const sellerId = sellerIds.get(sale.seller);
    if (sellerId === undefined) continue;
    const own = listings.filter((p) => p.userId === sellerId && p.expiresAt !== null && !taken.has(p));
    const available = own.filter((p) => p.status === 'available' && !p.featured);
    const listing = own.find((p) => p.status === 'adopted') ?? (available.length > 1 ? available[0] : undefined);
    if (!listing) continue;
    taken.add(listing);
    const handedOver = now.getTime() - sale.handedOverDaysAgo * DAY_MS;
    listing.status = 'adopted';
    listing.featured = false;
    listing.createdAt = new Date(handedOver - 24 * DAY_MS).toISOString();
    listing.updatedAt = new Date(handedOver).toISOString();
    sold.push({ listing, sale });
  }
  return sold;
}

export interface SaleToRecord {
  readonly sale: DemoSale;
  readonly puppyId: number;
  readonly priceDollars: number;
  readonly sellerId: number;
  readonly buyerId: number;
}

export interface SaleTerms {
  /** the platform's fee and the buyer's window, as the app is configured (decision 0101) */
  readonly feePercent: number;
  readonly holdDays: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** a stable hexadecimal id per sale, so the same seed gives the same references */
const stableId = (key: string, length: number) =>
  createHash('sha256').update(key).digest('hex').slice(0, length).toUpperCase();

/**
 * Records each sale as checkout, the handover, the release and the review would have: the payment at
 * the local provider (captured), the order handed over, the payout paid by a transfer, the review a week
 * or more after the handover, the seller's reply a day later, and each seller's rating counted again.
 */
export async function recordDemoSales(
  store: Repositories,
  sales: readonly SaleToRecord[],
  terms: SaleTerms,
  now: Date,
): Promise<number> {
  const breeds = await store.breeds.list();
  const sellers = new Set<number>();
  let reviews = 0;
  // oldest first, so ids follow time as they do when the app writes them (lists sort newest first by id)
  const inTime = [...sales.entries()].sort(([, a], [, b]) => b.sale.handedOverDaysAgo - a.sale.handedOverDaysAgo);
  for (const [index, { sale, puppyId, priceDollars, sellerId, buyerId }] of inTime) {
    const puppy = await store.puppies.get(puppyId);
    const account = await store.payoutAccounts.findByUser(sellerId);
    if (!puppy || !account) continue;
    const handedOver = now.getTime() - sale.handedOverDaysAgo * DAY_MS;
    const ordered = handedOver - 12 * DAY_MS;
    const day = iso(ordered).slice(0, 10).replaceAll('-', '');
    const reference = `PN-${day}-${stableId(`demo-sale:${index}:${sale.seller}:${sale.buyer}`, 8)}`;
    const puppyPriceCents = Math.round(priceDollars * 100);
    const carePackageCents = sale.withCarePackage ? CARE_PACKAGE_CENTS : 0;
    const totalCents = puppyPriceCents + carePackageCents;

    // the buyer's payment, held at checkout and captured when the order was paid
    const intent = await store.localPayments.createOnce({
      providerId: `pi_local_demo${stableId(reference, 16).toLowerCase()}`,
      kind: 'payment_intent',
      status: 'succeeded',
      amountCents: totalCents,
      currency: 'usd',
      captureMethod: 'manual',
      clientSecret: `pi_local_demo${stableId(reference, 16).toLowerCase()}_secret_demo`,
      metadata: {
        purpose: 'puppy_purchase',
        puppyId: String(puppyId),
        buyerId: String(buyerId),
        sellerId: String(sellerId),
        puppyPriceCents: String(puppyPriceCents),
        carePackageCents: String(carePackageCents),
        orderReference: reference,
        transferGroup: reference,
      },
      lastError: null,
      lastErrorCode: null,
      idempotencyKey: `demo-checkout:${reference}`,
      paymentMethodId: null,
      trialEnd: null,
      refundedCents: 0,
      createdAt: iso(ordered),
      updatedAt: iso(ordered + 60_000),
    });
    const order = await store.orders.create({
      reference,
      puppyId,
      buyerId,
      sellerId,
      puppyPriceCents,
      carePackageCents,
      totalCents,
      paymentIntentId: intent.row.providerId,
      status: 'handed_over',
      createdAt: iso(ordered),
      paidAt: iso(ordered + 60_000),
      handedOverAt: iso(handedOver),
      canceledAt: null,
      livemode: false,
      cancelReason: null,
      refundError: null,
      disputeId: null,
      disputeStatus: null,
      disputeAmountCents: null,
      reviewInvitedAt: iso(handedOver + 7 * DAY_MS),
    });

    // the seller's share, released when the buyer confirmed or the window ended, and paid by a transfer
    const feeCents = Math.round((puppyPriceCents * terms.feePercent) / 100);
    const releaseAt = handedOver + terms.holdDays * DAY_MS;
    const released = sale.confirmed ? handedOver + 2 * DAY_MS : releaseAt;
    const transfer = await store.localPayments.createOnce({
      providerId: `tr_local_demo${stableId(reference, 16).toLowerCase()}`,
      kind: 'transfer',
      status: 'created',
      amountCents: puppyPriceCents - feeCents,
      currency: 'usd',
      captureMethod: 'automatic',
      clientSecret: '',
      metadata: { orderReference: reference, destination: account.accountId, transferGroup: reference },
      lastError: null,
      lastErrorCode: null,
      idempotencyKey: `payout:${reference}`,
      paymentMethodId: null,
      trialEnd: null,
      refundedCents: 0,
      createdAt: iso(released),
      updatedAt: iso(released),
    });
    await store.payouts.createForOrder({
      orderId: order.id,
      sellerId,
      amountCents: puppyPriceCents - feeCents,
      feeCents,
      status: 'paid',
      releaseAt: iso(releaseAt),
      createdAt: iso(handedOver),
      confirmedAt: sale.confirmed ? iso(released) : null,
      heldAt: null,
      problem: null,
      releasedAt: iso(released),
      transferId: transfer.row.providerId,
      paidAt: iso(released),
      reversedAt: null,
      canceledAt: null,
      lastError: null,
      holdReason: null,
      attemptAt: null,
    });

    // the review, after the invitation a week after the handover, and the seller's reply the next day
    const written = Math.min(handedOver + (8 + (index % 5)) * DAY_MS, now.getTime() - DAY_MS);
    const review = await store.reviews.create({
      orderId: order.id,
      buyerId,
      sellerId,
      puppyId,
      puppyName: puppy.name,
      breedName: breeds.find((b) => b.id === puppy.breedId)?.name ?? 'Mixed breed',
      handedOverAt: iso(handedOver),
      rating: sale.rating,
      body: sale.review,
      createdAt: iso(written),
      editedAt: null,
      reply: null,
      repliedAt: null,
      hiddenAt: null,
      hiddenReason: null,
    });
    if (!review) continue;
    reviews++;
    if (sale.reply)
      await store.reviews.reply(review.id, sale.reply, new Date(Math.min(written + DAY_MS, now.getTime())));
    sellers.add(sellerId);
  }
  for (const sellerId of sellers) await store.sellerRatings.refresh(sellerId, now);
  return reviews;
}
