// The domain's payment decisions as tables (docs/product.md §10): for each state of the stored order and
// puppy and each state of the card payment, what happens to the money (capture, cancel = release the
// hold, refund, mail the receipts, nothing) and where the order and the puppy end. Fulfilment only
// carries these decisions out with the provider, so these rows are the whole rule.
import { describe, expect, it } from 'vitest';
import { CARE_PACKAGE_CENTS } from '#contracts/plans.ts';
import type { Order, PuppyStatus } from '../../../commerce-api/src/domain/model.ts';
import {
  recordAuthorisedPurchase,
  recordCanceledPurchase,
  recordSucceededPurchase,
  type PurchaseAction,
} from '../../../commerce-api/src/domain/orders.ts';
import type { PaymentIntentSnapshot, PaymentIntentStatus } from '../../../commerce-api/src/payments/provider.ts';
import { createMemoryStorage } from '../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../commerce-api/src/storage/lowdb/repositories.ts';
import { buildBreed, buildOrder, buildPuppy, buildUser } from '../../support/factories.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const PRICE_CENTS = 150_000;
const TOTAL_CENTS = PRICE_CENTS + CARE_PACKAGE_CENTS;

interface World {
  /** the puppy as stored, or gone (the listing was deleted) */
  puppy: PuppyStatus | 'gone';
  /** the order this payment already has, if any */
  order?: Order['status'];
  /** another buyer's live order holds the puppy */
  heldByAnother?: boolean;
  /** what the intent is for, when not the agreed total */
  amountCents?: number;
  /** the price the listing asks now, when the seller changed it after the checkout began */
  listingPriceCents?: number;
  /** when the checkout's intent was made, when not just now */
  intentCreatedAt?: string;
  /** the intent's payment mode, when not test */
  livemode?: boolean;
}

function intent(
  status: PaymentIntentStatus,
  amountCents = TOTAL_CENTS,
  world: World = { puppy: 'available' },
): PaymentIntentSnapshot {
  return {
    object: 'payment_intent',
    id: 'pi_table',
    status,
    amountCents,
    amountCapturableCents: status === 'requires_capture' ? amountCents : 0,
    amountReceivedCents: status === 'succeeded' ? amountCents : 0,
    currency: 'usd',
    captureMethod: 'manual',
    clientSecret: 'pi_table_secret',
    metadata: {
      purpose: 'puppy_purchase',
      puppyId: '1',
      buyerId: '1',
      sellerId: '2',
      puppyPriceCents: String(PRICE_CENTS),
      carePackageCents: String(CARE_PACKAGE_CENTS),
    },
    lastError: null,
    livemode: world.livemode ?? false,
    createdAt: world.intentCreatedAt ?? NOW.toISOString(),
  };
}

function worldOf(w: World) {
  const storage = createMemoryStorage({
    users: [
      { id: 1, ...buildUser({ username: 'buyer' }, NOW) },
      { id: 2, ...buildUser({ username: 'seller', accountType: 'seller' }, NOW) },
      { id: 3, ...buildUser({ username: 'other' }, NOW) },
    ],
    breeds: [{ id: 1, ...buildBreed() }],
    puppies:
      w.puppy === 'gone'
        ? []
        : [
            {
              id: 1,
              ...buildPuppy(
                { breedId: 1, userId: 2, price: (w.listingPriceCents ?? PRICE_CENTS) / 100, status: w.puppy },
                undefined,
                { now: NOW },
              ),
            },
          ],
    orders: [
      ...(w.order
        ? [
            {
              id: 1,
              ...buildOrder({ paymentIntentId: 'pi_table', status: w.order, puppyPriceCents: PRICE_CENTS }, NOW),
            },
          ]
        : []),
      ...(w.heldByAnother
        ? [
            {
              id: 2,
              ...buildOrder(
                { paymentIntentId: 'pi_other', buyerId: 3, status: 'paid', puppyPriceCents: PRICE_CENTS },
                NOW,
              ),
            },
          ]
        : []),
    ],
  });
  const state = () => ({
    order: storage.db.orders.find((o) => o.paymentIntentId === 'pi_table')?.status ?? null,
    puppy: storage.db.puppies.get(1)?.status ?? 'gone',
  });
  return { store: createLowdbRepositories(storage), state };
}

type Row = [
  label: string,
  world: World,
  action: PurchaseAction,
  order: Order['status'] | null,
  puppy: PuppyStatus | 'gone',
];

describe('the card is authorised (requires_capture)', () => {
  const rows: Row[] = [
    [
      'first news of a payment for an available puppy: hold it and capture',
      { puppy: 'available' },
      'capture',
      'pending',
      'reserved',
    ],
    [
      'the puppy is reserved by someone else already: release',
      { puppy: 'reserved', heldByAnother: true },
      'cancel',
      'canceled',
      'reserved',
    ],
    [
      'another live order holds the puppy: release',
      { puppy: 'available', heldByAnother: true },
      'cancel',
      'canceled',
      'available',
    ],
    ['the listing is gone: release', { puppy: 'gone' }, 'cancel', 'canceled', 'gone'],
    [
      'an intent for another amount than the agreed total: release',
      { puppy: 'available', amountCents: TOTAL_CENTS - 1 },
      'cancel',
      'canceled',
      'available',
    ],
    [
      'the same news again (pending order): capture again, nothing else changes',
      { puppy: 'reserved', order: 'pending' },
      'capture',
      'pending',
      'reserved',
    ],
    [
      'a pending order whose listing went away: release, never capture',
      { puppy: 'gone', order: 'pending' },
      'cancel',
      'refunding',
      'gone',
    ],
    [
      'the seller changed the price after the checkout began: release, never capture at the old price',
      { puppy: 'available', listingPriceCents: PRICE_CENTS + 10_000 },
      'cancel',
      'canceled',
      'available',
    ],
    [
      'a checkout intent older than its time: release',
      { puppy: 'available', intentCreatedAt: '2026-06-01T09:00:00.000Z' },
      'cancel',
      'canceled',
      'available',
    ],
    [
      'an intent of the other payment mode: release',
      { puppy: 'available', livemode: true },
      'cancel',
      'canceled',
      'available',
    ],
    ['already paid: nothing', { puppy: 'reserved', order: 'paid' }, 'none', 'paid', 'reserved'],
    [
      'already canceled: release what is still held',
      { puppy: 'available', order: 'canceled' },
      'cancel',
      'canceled',
      'available',
    ],
  ];
  it.each(rows)('%s', async (_label, world, action, order, puppy) => {
    const { store, state } = worldOf(world);
    const decided = await recordAuthorisedPurchase(
      store,
      intent('requires_capture', world.amountCents, world),
      NOW,
      false,
    );
    expect(decided).toBe(action);
    expect(state()).toEqual({ order, puppy });
  });
});

describe('the money is taken (succeeded)', () => {
  const rows: Row[] = [
    [
      'a pending order is captured: paid, mail the receipts',
      { puppy: 'reserved', order: 'pending' },
      'mail',
      'paid',
      'reserved',
    ],
    [
      'taken at once for an available puppy (automatic capture): paid',
      { puppy: 'available' },
      'mail',
      'paid',
      'reserved',
    ],
    [
      'taken for a puppy someone else holds: refund',
      { puppy: 'reserved', heldByAnother: true },
      'refund',
      'refunding',
      'reserved',
    ],
    [
      'taken while the pending order lost its listing: refund',
      { puppy: 'gone', order: 'pending' },
      'refund',
      'refunding',
      'gone',
    ],
    [
      'taken at a price the seller changed since: refund',
      { puppy: 'available', listingPriceCents: PRICE_CENTS - 10_000 },
      'refund',
      'refunding',
      'available',
    ],
    [
      'taken for a canceled order: refund',
      { puppy: 'available', order: 'canceled' },
      'refund',
      'canceled',
      'available',
    ],
    ['the same news again (paid): nothing', { puppy: 'reserved', order: 'paid' }, 'none', 'paid', 'reserved'],
    ['already refunded: nothing', { puppy: 'available', order: 'refunded' }, 'none', 'refunded', 'available'],
  ];
  it.each(rows)('%s', async (_label, world, action, order, puppy) => {
    const { store, state } = worldOf(world);
    const decided = await recordSucceededPurchase(store, intent('succeeded', world.amountCents, world), NOW, false);
    expect(decided).toBe(action);
    expect(state()).toEqual({ order, puppy });
  });
});

describe('the payment is canceled (released)', () => {
  const rows: Array<[label: string, world: World, order: Order['status'] | null, puppy: PuppyStatus | 'gone']> = [
    [
      'a released pending order ends and its puppy is available again',
      { puppy: 'reserved', order: 'pending' },
      'canceled',
      'available',
    ],
    [
      'a released order whose refund was claimed ends canceled',
      { puppy: 'reserved', order: 'refunding' },
      'canceled',
      'available',
    ],
    ['a canceled intent does not undo a paid order', { puppy: 'reserved', order: 'paid' }, 'paid', 'reserved'],
    ['a canceled intent without an order changes nothing', { puppy: 'available' }, null, 'available'],
  ];
  it.each(rows)('%s', async (_label, world, order, puppy) => {
    const { store, state } = worldOf(world);
    await recordCanceledPurchase(store, intent('canceled'), NOW);
    expect(state()).toEqual({ order, puppy });
  });
});
