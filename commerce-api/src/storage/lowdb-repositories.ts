// The async repositories over today's lowdb store (repositories.ts, docs/decisions/0076): an adapter
// on its collections and storage.write(), which it does not change. Every changing method is one
// synchronous storage.write(), so each check-then-change rule is atomic exactly as before.
//
// transaction(): lowdb has no multi-statement transaction across awaits, so the adapter runs one
// transaction at a time (a promise queue in this process, which is all lowdb allows: the data-dir
// lock keeps other processes out) and keeps an undo entry per change; when fn throws, the undo
// entries run in one write, newest first. Two limits, both fine for one process: other code of this
// process may see a transaction's changes before it ends, and a removed row comes back with a new id.
import type { Collections, SettingsStore, Storage } from './storage.ts';
import { GENDER_WORDS, pageSize, REGION_NAMES, searchTokens } from './catalogue-search.ts';
import {
  isUnreadFor,
  CATALOGUE_TOTAL_CAP,
  OrderForIntentExistsError,
  PuppyHasLiveOrderError,
  UsernameTakenError,
  type AsyncStorage,
  type CatalogueQuery,
  type CataloguePage,
  type Repositories,
} from './repositories.ts';
import type { Breed, Conversation, Message, Order, OrderStatus, Puppy, SellerSubscription } from '../domain/model.ts';

const LIVE: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];

type Undo = (db: Collections, settings: SettingsStore) => void;
type Mutate = <T>(fn: (db: Collections, settings: SettingsStore, undo: (u: Undo) => void) => T) => Promise<T>;

function isLiveAt(puppy: Puppy, now: Date): boolean {
  return puppy.expiresAt !== null && Date.parse(puppy.expiresAt) > now.getTime();
}

/** a plan counts while trialing or active and its period has not ended (no end yet: it counts) */
function isActiveAt(subscription: SellerSubscription, now: Date): boolean {
  return (
    (subscription.status === 'trialing' || subscription.status === 'active') &&
    (subscription.currentPeriodEnd === null || Date.parse(subscription.currentPeriodEnd) > now.getTime())
  );
}

const breedText = (b: Breed | undefined) => (b ? [b.name, b.size, ...b.temperament].join(' ').toLowerCase() : '');
const puppyText = (p: Puppy) => [p.name, p.location, p.region ?? '', ...p.colors].join(' ').toLowerCase();

// issue 13 (listings): the pass below runs over every listing, so per row it must be cheap. Dates
// written by this code are canonical ISO strings, which compare as strings in time order (Date.parse
// costs about half a microsecond a row); a listing's words are joined once per stored row (rows are
// replaced on update, so a changed listing gets a fresh entry).
function isCanonicalIso(value: string): boolean {
  return value.length === 24 && value.charCodeAt(10) === 84 /* T */ && value.charCodeAt(23) === 90 /* Z */;
}
const puppyWords = new WeakMap<Puppy, string>();
function wordsOf(p: Puppy): string {
  let text = puppyWords.get(p);
  if (text === undefined) {
    text = puppyText(p);
    puppyWords.set(p, text);
  }
  return text;
}

/** the catalogue over memory: one pass, then a sort of the matches (what puppy-catalogue.ts does) */
function searchPublic(db: Collections, query: CatalogueQuery, now: Date): CataloguePage {
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const breedWords = new Map<number, string>();
  const breedIds = query.breedIds ? new Set(query.breedIds) : undefined;
  const tokens = searchTokens(query.search);
  const location = query.location?.toLowerCase();
  const region = location && REGION_NAMES.has(location) ? location : undefined;
  const matches: Puppy[] = [];
  const all = db.puppies.all();
  for (let i = all.length - 1; i >= 0; i--) {
    const p = all[i]!;
    const expiresAt = p.expiresAt;
    if (expiresAt === null || (isCanonicalIso(expiresAt) ? expiresAt <= nowIso : Date.parse(expiresAt) <= nowMs)) continue;
    if (p.hiddenAt) continue; // issue 15: a listing a moderator hid is not public
    if (breedIds && !breedIds.has(p.breedId)) continue;
    if (query.minPrice !== undefined && p.price < query.minPrice) continue;
    if (query.maxPrice !== undefined && p.price > query.maxPrice) continue;
    if (query.gender && p.gender !== query.gender) continue;
    if (query.status && p.status !== query.status) continue;
    if (query.featured && !p.featured) continue;
    if (region ? p.region !== region : location && !p.location.toLowerCase().includes(location)) continue;
    if (tokens.length) {
      let breed = breedWords.get(p.breedId);
      if (breed === undefined) breedWords.set(p.breedId, (breed = breedText(db.breeds.get(p.breedId))));
      // a word has no space, so it is in the listing's words or in its breed's (no joined string)
      const own = wordsOf(p);
      if (!tokens.every((t) => (GENDER_WORDS[t] ? GENDER_WORDS[t] === p.gender : own.includes(t) || breed.includes(t)))) continue;
    }
    matches.push(p);
  }
  // ties keep the newest first: the pass above went newest first and sort is stable
  if (query.sort === 'price-asc') matches.sort((a, b) => a.price - b.price);
  else if (query.sort === 'price-desc') matches.sort((a, b) => b.price - a.price);
  else if (query.sort === 'age-asc') matches.sort((a, b) => a.age - b.age);
  const offset = query.offset ?? 0;
  return {
    items: matches.slice(offset, offset + pageSize(query.limit)),
    total: Math.min(matches.length, CATALOGUE_TOTAL_CAP),
    totalCapped: matches.length > CATALOGUE_TOTAL_CAP,
  };
}

function usedBytes(db: Collections, userId: number): number {
  let used = 0;
  for (const upload of db.uploads.all()) if (upload.userId === userId) used += upload.bytes;
  return used;
}

/** issue 15: a message into a conversation, which moves its last message (inside one write) */
function addMessage(
  c: Collections,
  undo: (u: Undo) => void,
  conversation: Conversation,
  message: Pick<Message, 'senderId' | 'body' | 'flags'>,
  at: string,
): { conversation: Conversation; message: Message } {
  const saved = c.messages.insert({ conversationId: conversation.id, senderId: message.senderId, body: message.body, flags: [...message.flags], createdAt: at });
  undo((db) => void db.messages.remove(saved.id));
  const old = c.conversations.get(conversation.id)!;
  undo((db) => void db.conversations.update(old.id, old));
  const readBySender = old.buyerId === message.senderId ? { buyerReadAt: at } : { sellerReadAt: at };
  const updated = c.conversations.update(old.id, { lastMessageAt: at, lastSenderId: message.senderId, ...readBySender })!;
  return { conversation: updated, message: saved };
}

function repositories(storage: Storage, mutate: Mutate): Repositories {
  const db = storage.db;
  const liveOrderOf = (c: Collections, puppyId: number) => c.orders.find((o) => o.puppyId === puppyId && LIVE.includes(o.status));

  // helpers that record how to take a change back
  const inserted = (name: keyof Collections, id: number) => (c: Collections) => void c[name].remove(id);
  const replaced = <T extends { id: number }>(name: keyof Collections, old: T) => (c: Collections) => {
    // the whole old row as the patch (a key the old row lacked keeps its new value: optional fields only)
    (c[name] as unknown as { update(id: number, patch: object): unknown }).update(old.id, old);
  };
  const removed = <T extends { id: number }>(name: keyof Collections, old: T) => (c: Collections) => {
    const { id: _id, ...rest } = old;
    (c[name] as unknown as { insert(row: object): unknown }).insert(rest);
  };

  return {
    users: {
      get: async (id) => db.users.get(id),
      findByUsername: async (username) => {
        const key = username.toLowerCase();
        return db.users.find((u) => u.usernameKey === key);
      },
      create: (row) =>
        mutate((c, _s, undo) => {
          const usernameKey = row.username.toLowerCase();
          if (c.users.find((u) => u.usernameKey === usernameKey)) throw new UsernameTakenError(row.username);
          const user = c.users.insert({ ...row, usernameKey });
          undo(inserted('users', user.id));
          return user;
        }),
      update: (id, patch) =>
        mutate((c, _s, undo) => {
          const old = c.users.get(id);
          if (!old) return undefined;
          undo(replaced('users', old));
          return c.users.update(id, patch);
        }),
      lock: async (id) => db.users.get(id),
    },
    breeds: {
      list: async () => [...db.breeds.all()].sort((a, b) => a.id - b.id),
      insert: (row) =>
        mutate((c, _s, undo) => {
          const breed = c.breeds.insert(row);
          undo(inserted('breeds', breed.id));
          return breed;
        }),
    },
    sessions: {
      get: async (id) => db.sessions.get(id),
      create: (row) =>
        mutate((c, _s, undo) => {
          const session = c.sessions.insert(row);
          undo(inserted('sessions', session.id));
          return session;
        }),
      extend: (id, expiresAt) =>
        mutate((c, _s, undo) => {
          const old = c.sessions.get(id);
          if (!old) return undefined;
          undo(replaced('sessions', old));
          return c.sessions.update(id, { expiresAt });
        }),
      revoke: (id, now) =>
        mutate((c, _s, undo) => {
          const old = c.sessions.get(id);
          if (!old || old.revokedAt !== null) return old;
          undo(replaced('sessions', old));
          return c.sessions.update(id, { revokedAt: now.toISOString() });
        }),
    },
    puppies: {
      get: async (id) => db.puppies.get(id),
      insert: (row) =>
        mutate((c, _s, undo) => {
          const puppy = c.puppies.insert(row);
          undo(inserted('puppies', puppy.id));
          return puppy;
        }),
      update: (id, patch) =>
        mutate((c, _s, undo) => {
          const old = c.puppies.get(id);
          if (!old) return undefined;
          undo(replaced('puppies', old));
          return c.puppies.update(id, patch);
        }),
      remove: (id) =>
        mutate((c, _s, undo) => {
          const old = c.puppies.get(id);
          if (!old) return false;
          // issue 13 (listings): its favourites go with it (PostgreSQL: ON DELETE CASCADE)
          for (const favorite of c.favorites.filter((f) => f.puppyId === id)) {
            undo(removed('favorites', favorite));
            c.favorites.remove(favorite.id);
          }
          undo(removed('puppies', old));
          return c.puppies.remove(id);
        }),
      lock: async (id) => db.puppies.get(id),
      reserve: (id, now) =>
        mutate((c, _s, undo) => {
          const old = c.puppies.get(id);
          if (!old || old.status !== 'available' || !isLiveAt(old, now) || old.hiddenAt || liveOrderOf(c, id)) return undefined; // hiddenAt: issue 15
          undo(replaced('puppies', old));
          return c.puppies.update(id, { status: 'reserved', updatedAt: now.toISOString() });
        }),
      activateWithinLimit: (id, sellerId, limit, expiresAt, now) =>
        mutate((c, _s, undo) => {
          const old = c.puppies.get(id);
          if (!old || old.userId !== sellerId) return undefined;
          const live = c.puppies.count((p) => p.userId === sellerId && p.id !== id && isLiveAt(p, now));
          if (limit !== null && live >= limit) return undefined;
          undo(replaced('puppies', old));
          return c.puppies.update(id, { expiresAt, updatedAt: now.toISOString() });
        }),
      searchPublic: async (query, now) => searchPublic(db, query, now),
      // ---- issue 13, listings area ----
      listBySeller: async (userId) => db.puppies.filter((p) => p.userId === userId).reverse(),
      listPublicStamps: async (now) => {
        const all = db.puppies.all();
        const stamps: Array<{ id: number; updatedAt: string }> = [];
        for (let i = all.length - 1; i >= 0; i--) {
          const p = all[i]!;
          if (isLiveAt(p, now) && !p.hiddenAt) stamps.push({ id: p.id, updatedAt: p.updatedAt });
        }
        return stamps;
      },
      mediaInUse: async (urls, exceptId) => {
        const wanted = new Set(urls);
        const used = new Set<string>();
        if (wanted.size === 0) return used;
        for (const p of db.puppies.all()) {
          if (p.id === exceptId) continue;
          for (const url of [p.imageUrl, ...p.imageUrls, ...(p.videoUrl ? [p.videoUrl] : [])]) if (wanted.has(url)) used.add(url);
        }
        return used;
      },
      // ---- end listings area ----
    },
    orders: {
      get: async (id) => db.orders.get(id),
      findByIntent: async (intentId) => db.orders.find((o) => o.paymentIntentId === intentId),
      findLive: async (puppyId) => liveOrderOf(db, puppyId),
      create: (row) =>
        mutate((c, _s, undo) => {
          if (LIVE.includes(row.status) && liveOrderOf(c, row.puppyId)) throw new PuppyHasLiveOrderError(row.puppyId);
          if (c.orders.find((o) => o.paymentIntentId === row.paymentIntentId)) throw new OrderForIntentExistsError(row.paymentIntentId);
          const order = c.orders.insert(row);
          undo(inserted('orders', order.id));
          return order;
        }),
      transition: (id, from, patch) =>
        mutate((c, _s, undo) => {
          const old = c.orders.get(id);
          if (!old || !from.includes(old.status)) return undefined;
          if (LIVE.includes(patch.status) && !LIVE.includes(old.status) && liveOrderOf(c, old.puppyId)) throw new PuppyHasLiveOrderError(old.puppyId);
          undo(replaced('orders', old));
          return c.orders.update(id, patch) as Order;
        }),
      listByBuyer: async (buyerId) => db.orders.filter((o) => o.buyerId === buyerId),
      findByReference: async (reference) => db.orders.find((o) => o.reference === reference),
      listLiveBySeller: async (sellerId) => db.orders.filter((o) => o.sellerId === sellerId && LIVE.includes(o.status)),
      lock: async (id) => db.orders.get(id),
    },
    paymentEvents: {
      claim: (eventId, type, now) =>
        mutate((c, _s, undo) => {
          if (c.paymentEvents.find((e) => e.eventId === eventId)) return undefined;
          const event = c.paymentEvents.insert({ eventId, type, processedAt: now.toISOString() });
          undo(inserted('paymentEvents', event.id));
          return event;
        }),
      release: (eventId) =>
        mutate((c, _s, undo) => {
          const old = c.paymentEvents.find((e) => e.eventId === eventId);
          if (!old) return false;
          undo(removed('paymentEvents', old));
          return c.paymentEvents.remove(old.id);
        }),
    },
    listingFees: {
      findByIntent: async (intentId) => db.listingFeePayments.find((p) => p.paymentIntentId === intentId),
      createForIntent: (row) =>
        mutate((c, _s, undo) => {
          const existing = c.listingFeePayments.find((p) => p.paymentIntentId === row.paymentIntentId);
          if (existing) return existing;
          const payment = c.listingFeePayments.insert(row);
          undo(inserted('listingFeePayments', payment.id));
          return payment;
        }),
      recentPending: async (userId, puppyId) =>
        db.listingFeePayments.filter((p) => p.userId === userId && p.puppyId === puppyId && p.status === 'pending').slice(-3).reverse(),
      markSucceeded: (intentId, now) =>
        mutate((c, _s, undo) => {
          const old = c.listingFeePayments.find((p) => p.paymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          undo(replaced('listingFeePayments', old));
          return c.listingFeePayments.update(old.id, { status: 'succeeded', paidAt: now.toISOString() });
        }),
      markCanceled: (intentId) =>
        mutate((c, _s, undo) => {
          const old = c.listingFeePayments.find((p) => p.paymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          undo(replaced('listingFeePayments', old));
          return c.listingFeePayments.update(old.id, { status: 'canceled' });
        }),
      pendingOfUser: async (userId, puppyId, limit) =>
        db.listingFeePayments
          .filter((p) => p.userId === userId && p.status === 'pending' && (puppyId === undefined || p.puppyId === puppyId))
          .slice(-limit)
          .reverse(),
    },
    sellerSubscriptions: {
      findByProviderId: async (providerId) => db.sellerSubscriptions.find((s) => s.providerSubscriptionId === providerId),
      findActive: async (userId, now) => db.sellerSubscriptions.find((s) => s.userId === userId && isActiveAt(s, now)),
      createForProvider: (row) =>
        mutate((c, _s, undo) => {
          const existing = c.sellerSubscriptions.find((s) => s.providerSubscriptionId === row.providerSubscriptionId);
          if (existing) return existing;
          const subscription = c.sellerSubscriptions.insert(row);
          undo(inserted('sellerSubscriptions', subscription.id));
          return subscription;
        }),
      transition: (providerId, from, patch) =>
        mutate((c, _s, undo) => {
          const old = c.sellerSubscriptions.find((s) => s.providerSubscriptionId === providerId);
          if (!old || !from.includes(old.status)) return undefined;
          undo(replaced('sellerSubscriptions', old));
          return c.sellerSubscriptions.update(old.id, patch);
        }),
      markCardVerified: (providerId, now) =>
        mutate((c, _s, undo) => {
          const old = c.sellerSubscriptions.find((s) => s.providerSubscriptionId === providerId);
          if (!old || old.status !== 'incomplete') return undefined;
          undo(replaced('sellerSubscriptions', old));
          const trialing = old.trialEnd !== null && Date.parse(old.trialEnd) > now.getTime();
          return c.sellerSubscriptions.update(old.id, { status: trialing ? 'trialing' : 'active' });
        }),
      listByUser: async (userId) => db.sellerSubscriptions.filter((s) => s.userId === userId),
      countLiveListings: async (userId, now) => db.puppies.count((p) => p.userId === userId && isLiveAt(p, now)),
    },
    verificationCodes: {
      get: async (id) => db.verificationCodes.get(id),
      issue: (row, sentSince) =>
        mutate((c, _s, undo) => {
          const since = sentSince.getTime();
          const recent = c.verificationCodes.find(
            (v) =>
              v.channel === row.channel &&
              v.target === row.target &&
              Date.parse(v.sentAt) > since &&
              (v.owner === row.owner || (row.client !== undefined && v.client === row.client)),
          );
          if (recent) return undefined;
          for (const old of c.verificationCodes.filter((v) => v.owner === row.owner && v.channel === row.channel && v.target === row.target && v.verifiedAt === null)) {
            undo(removed('verificationCodes', old));
            c.verificationCodes.remove(old.id);
          }
          const code = c.verificationCodes.insert(row);
          undo(inserted('verificationCodes', code.id));
          return code;
        }),
      findPending: async (owner, channel, target) =>
        db.verificationCodes.filter((v) => v.owner === owner && v.channel === channel && v.target === target && v.verifiedAt === null).at(-1),
      countAttempt: (id, maxAttempts, now) =>
        mutate((c, _s, undo) => {
          const old = c.verificationCodes.get(id);
          if (!old || old.verifiedAt !== null || old.attempts >= maxAttempts || Date.parse(old.expiresAt) <= now.getTime()) return undefined;
          undo(replaced('verificationCodes', old));
          return c.verificationCodes.update(id, { attempts: old.attempts + 1 });
        }),
      listVerified: async (owners, verifiedSince) =>
        db.verificationCodes.filter((v) => v.verifiedAt !== null && owners.includes(v.owner) && Date.parse(v.verifiedAt) > verifiedSince.getTime()),
      markVerified: (id, now) =>
        mutate((c, _s, undo) => {
          const old = c.verificationCodes.get(id);
          if (!old || old.verifiedAt !== null) return undefined;
          undo(replaced('verificationCodes', old));
          return c.verificationCodes.update(id, { verifiedAt: now.toISOString() });
        }),
      remove: (id) =>
        mutate((c, _s, undo) => {
          const old = c.verificationCodes.get(id);
          if (!old) return false;
          undo(removed('verificationCodes', old));
          return c.verificationCodes.remove(id);
        }),
      removeSentBefore: (sentBefore) =>
        mutate((c, _s, undo) => {
          const before = sentBefore.getTime();
          const old = c.verificationCodes.filter((v) => Date.parse(v.sentAt) < before);
          for (const row of old) {
            undo(removed('verificationCodes', row));
            c.verificationCodes.remove(row.id);
          }
          return old.length;
        }),
    },
    favorites: {
      add: (userId, puppyId, now) =>
        mutate((c, _s, undo) => {
          const existing = c.favorites.find((f) => f.userId === userId && f.puppyId === puppyId);
          if (existing) return existing;
          if (!c.puppies.get(puppyId)) return undefined;
          const favorite = c.favorites.insert({ userId, puppyId, createdAt: now.toISOString() });
          undo(inserted('favorites', favorite.id));
          return favorite;
        }),
      remove: (userId, puppyId) =>
        mutate((c, _s, undo) => {
          const old = c.favorites.find((f) => f.userId === userId && f.puppyId === puppyId);
          if (!old) return false;
          undo(removed('favorites', old));
          return c.favorites.remove(old.id);
        }),
      listByUser: async (userId) => db.favorites.filter((f) => f.userId === userId),
    },
    sellerApplications: {
      findByUser: async (userId) => db.sellerApplications.find((a) => a.userId === userId),
      upsert: (row) =>
        mutate((c, _s, undo) => {
          const old = c.sellerApplications.find((a) => a.userId === row.userId);
          if (!old) {
            const application = c.sellerApplications.insert(row);
            undo(inserted('sellerApplications', application.id));
            return application;
          }
          undo(replaced('sellerApplications', old));
          return c.sellerApplications.update(old.id, row)!;
        }),
    },
    donations: {
      findByIntent: async (intentId) => db.donations.find((d) => d.stripePaymentIntentId === intentId),
      createForIntent: (row) =>
        mutate((c, _s, undo) => {
          const existing = c.donations.find((d) => d.stripePaymentIntentId === row.stripePaymentIntentId);
          if (existing) return existing;
          const donation = c.donations.insert(row);
          undo(inserted('donations', donation.id));
          return donation;
        }),
      markSucceeded: (intentId) =>
        mutate((c, _s, undo) => {
          const old = c.donations.find((d) => d.stripePaymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          undo(replaced('donations', old));
          return c.donations.update(old.id, { status: 'succeeded' });
        }),
      markCanceled: (intentId) =>
        mutate((c, _s, undo) => {
          const old = c.donations.find((d) => d.stripePaymentIntentId === intentId);
          if (!old || old.status !== 'pending') return undefined;
          undo(replaced('donations', old));
          return c.donations.update(old.id, { status: 'canceled' });
        }),
    },
    localPayments: {
      count: async (kind) => db.localPayments.count((r) => kind === undefined || r.kind === kind),
      find: async (providerId, kind) => db.localPayments.find((r) => r.providerId === providerId && r.kind === kind),
      findByClientSecret: async (secret) =>
        secret ? db.localPayments.find((r) => r.clientSecret === secret && (r.kind === 'payment_intent' || r.kind === 'setup_intent')) : undefined,
      findByIdempotencyKey: async (key) => db.localPayments.find((r) => r.idempotencyKey === key),
      findSetupOf: async (subscriptionId) => db.localPayments.find((r) => r.kind === 'setup_intent' && r.metadata['subscription'] === subscriptionId),
      createOnce: (row) =>
        mutate((c, _s, undo) => {
          const existing = row.idempotencyKey === null ? undefined : c.localPayments.find((r) => r.idempotencyKey === row.idempotencyKey);
          if (existing) return { row: existing, created: false };
          const created = c.localPayments.insert(row);
          undo(inserted('localPayments', created.id));
          return { row: created, created: true };
        }),
      transition: (id, from, patch) =>
        mutate((c, _s, undo) => {
          const old = c.localPayments.get(id);
          if (!old || !from.includes(old.status)) return undefined;
          undo(replaced('localPayments', old));
          return c.localPayments.update(id, patch);
        }),
      refund: (id, now) =>
        mutate((c, _s, undo) => {
          const old = c.localPayments.get(id);
          if (!old || old.status !== 'succeeded' || (old.refundedCents ?? 0) >= old.amountCents) return undefined;
          undo(replaced('localPayments', old));
          return c.localPayments.update(id, { refundedCents: old.amountCents, updatedAt: now.toISOString() });
        }),
    },
    contacts: {
      get: async (id) => db.contactMessages.get(id),
      insert: (row) =>
        mutate((c, _s, undo) => {
          const message = c.contactMessages.insert(row);
          undo(inserted('contactMessages', message.id));
          return message;
        }),
    },
    uploads: {
      usedBytes: async (userId) => usedBytes(db, userId),
      listByUser: async (userId) => db.uploads.filter((u) => u.userId === userId),
      record: (row, quotaBytes) =>
        mutate((c, _s, undo) => {
          if (usedBytes(c, row.userId) + row.bytes > quotaBytes) return undefined;
          const upload = c.uploads.insert(row);
          undo(inserted('uploads', upload.id));
          return upload;
        }),
      forgetUnused: (cutoff) =>
        mutate((c, _s, undo) => {
          const stale = c.uploads.filter((u) => Date.parse(u.createdAt) <= cutoff.getTime());
          if (stale.length === 0) return [];
          const used = new Set<string>();
          for (const p of c.puppies.all()) for (const url of [p.imageUrl, ...p.imageUrls, ...(p.videoUrl ? [p.videoUrl] : [])]) used.add(url);
          const unused = stale.filter((u) => !used.has(u.url));
          for (const upload of unused) {
            undo(removed('uploads', upload));
            c.uploads.remove(upload.id);
          }
          return unused;
        }),
    },
    // ---- issue 15: conversations, reports, moderation ----
    conversations: {
      get: async (id) => db.conversations.get(id),
      findByPuppyAndBuyer: async (puppyId, buyerId) => db.conversations.find((c) => c.puppyId === puppyId && c.buyerId === buyerId),
      startOrContinue: (row, message, now) =>
        mutate((c, _s, undo) => {
          const at = now.toISOString();
          let conversation = c.conversations.find((x) => x.puppyId === row.puppyId && x.buyerId === row.buyerId);
          if (!conversation) {
            conversation = c.conversations.insert({
              ...row,
              createdAt: at,
              lastMessageAt: at,
              lastSenderId: message.senderId,
              buyerReadAt: null,
              sellerReadAt: null,
              buyerMailedAt: null,
              sellerMailedAt: null,
            });
            undo(inserted('conversations', conversation.id));
          }
          return addMessage(c, undo, conversation, message, at);
        }),
      addMessage: (conversationId, message, now) =>
        mutate((c, _s, undo) => {
          const conversation = c.conversations.get(conversationId);
          return conversation ? addMessage(c, undo, conversation, message, now.toISOString()) : undefined;
        }),
      listByUser: async (userId) =>
        db.conversations
          .filter((c) => c.buyerId === userId || c.sellerId === userId)
          .sort((a, b) => Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt) || b.id - a.id),
      countUnread: async (userId) => db.conversations.count((c) => (c.buyerId === userId || c.sellerId === userId) && isUnreadFor(c, userId)),
      countByPuppies: async (puppyIds) => {
        const wanted = new Set(puppyIds);
        const counts = new Map<number, number>();
        for (const c of db.conversations.all()) if (wanted.has(c.puppyId)) counts.set(c.puppyId, (counts.get(c.puppyId) ?? 0) + 1);
        return counts;
      },
      markRead: (id, userId, now) =>
        mutate((c, _s, undo) => {
          const old = c.conversations.get(id);
          if (!old || (old.buyerId !== userId && old.sellerId !== userId)) return undefined;
          undo(replaced('conversations', old));
          return c.conversations.update(id, old.buyerId === userId ? { buyerReadAt: now.toISOString() } : { sellerReadAt: now.toISOString() });
        }),
      claimMail: (id, recipientId, now, mailedBefore) =>
        mutate((c, _s, undo) => {
          const old = c.conversations.get(id);
          if (!old || (old.buyerId !== recipientId && old.sellerId !== recipientId)) return false;
          const asBuyer = old.buyerId === recipientId;
          const mailedAt = asBuyer ? old.buyerMailedAt : old.sellerMailedAt;
          const readAt = asBuyer ? old.buyerReadAt : old.sellerReadAt;
          const may =
            mailedAt === null || Date.parse(mailedAt) <= mailedBefore.getTime() || (readAt !== null && Date.parse(readAt) >= Date.parse(mailedAt));
          if (!may) return false;
          undo(replaced('conversations', old));
          c.conversations.update(id, asBuyer ? { buyerMailedAt: now.toISOString() } : { sellerMailedAt: now.toISOString() });
          return true;
        }),
    },
    messages: {
      get: async (id) => db.messages.get(id),
      listByConversation: async (conversationId) => db.messages.filter((m) => m.conversationId === conversationId),
      lastOf: async (conversationIds) => {
        const wanted = new Set(conversationIds);
        const last = new Map<number, Message>();
        for (const m of db.messages.all()) if (wanted.has(m.conversationId)) last.set(m.conversationId, m);
        return last;
      },
    },
    reports: {
      get: async (id) => db.reports.get(id),
      create: (row) =>
        mutate((c, _s, undo) => {
          const report = c.reports.insert({ ...row, status: 'open', resolvedAt: null, resolvedBy: null });
          undo(inserted('reports', report.id));
          return report;
        }),
      listOpen: async () => db.reports.filter((r) => r.status === 'open'),
      resolve: (id, adminId, now) =>
        mutate((c, _s, undo) => {
          const old = c.reports.get(id);
          if (!old || old.status !== 'open') return undefined;
          undo(replaced('reports', old));
          return c.reports.update(id, { status: 'resolved', resolvedAt: now.toISOString(), resolvedBy: adminId });
        }),
    },
    moderation: {
      record: (row) =>
        mutate((c, _s, undo) => {
          const action = c.moderationActions.insert(row);
          undo(inserted('moderationActions', action.id));
          return action;
        }),
      listActions: async (limit) => db.moderationActions.all().slice(-limit).reverse(),
      hideListing: (puppyId, reason, now) =>
        mutate((c, _s, undo) => {
          const old = c.puppies.get(puppyId);
          if (!old) return undefined;
          undo(replaced('puppies', old));
          return c.puppies.update(puppyId, { hiddenAt: now.toISOString(), hiddenReason: reason });
        }),
      unhideListing: (puppyId) =>
        mutate((c, _s, undo) => {
          const old = c.puppies.get(puppyId);
          if (!old) return undefined;
          undo(replaced('puppies', old));
          return c.puppies.update(puppyId, { hiddenAt: null, hiddenReason: null });
        }),
      suspendUser: (userId, reason, now) =>
        mutate((c, _s, undo) => {
          const old = c.users.get(userId);
          if (!old) return undefined;
          for (const p of c.puppies.filter((x) => x.userId === userId && !x.hiddenAt)) {
            undo(replaced('puppies', p));
            c.puppies.update(p.id, { hiddenAt: now.toISOString(), hiddenReason: reason });
          }
          undo(replaced('users', old));
          return c.users.update(userId, { suspendedAt: old.suspendedAt ?? now.toISOString() });
        }),
      unsuspendUser: (userId, reason) =>
        mutate((c, _s, undo) => {
          const old = c.users.get(userId);
          if (!old) return undefined;
          for (const p of c.puppies.filter((x) => x.userId === userId && !!x.hiddenAt && x.hiddenReason === reason)) {
            undo(replaced('puppies', p));
            c.puppies.update(p.id, { hiddenAt: null, hiddenReason: null });
          }
          undo(replaced('users', old));
          return c.users.update(userId, { suspendedAt: null });
        }),
      listHidden: async () => db.puppies.filter((p) => !!p.hiddenAt),
      listSuspended: async () => db.users.filter((u) => !!u.suspendedAt),
    },
    // ---- end issue 15 ----
    settings: {
      get: async () => storage.settings.get(),
      set: (patch) =>
        mutate((_c, s, undo) => {
          const old = s.get();
          undo((_db, settings) => void settings.set(old));
          return s.set(patch);
        }),
    },
  };
}

export function createLowdbRepositories(storage: Storage): AsyncStorage {
  // Outside a transaction a change is final at once: nothing to undo.
  const direct: Mutate = (fn) => storage.write((db, settings) => fn(db, settings, () => {}));
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  return {
    ...repositories(storage, direct),
    transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T> {
      const run = async (): Promise<T> => {
        const undos: Undo[] = [];
        const inTx: Mutate = (body) => storage.write((db, settings) => body(db, settings, (u) => undos.push(u)));
        try {
          return await fn(repositories(storage, inTx));
        } catch (error) {
          if (undos.length) {
            await storage.write((db, settings) => {
              for (let i = undos.length - 1; i >= 0; i--) undos[i]!(db, settings);
            });
          }
          throw error;
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => {});
      return result;
    },
    // The data lives in this process: once it started, it answers until it is closed.
    ready: () => Promise.resolve(closed ? { ok: false as const, reason: 'store closed' } : { ok: true as const }),
    close: () => {
      closed = true;
      return storage.close();
    },
    catalogueVersion: catalogueVersionOf(storage),
  };
}

/**
 * issue 13 (listings): the catalogue's stamp on lowdb (AsyncStorage.catalogueVersion). Every change
 * to a collection bumps its version; the soonest expiry of a public listing ends a stamp too (and a
 * clock that went back, as tests move it).
 */
function catalogueVersionOf(storage: Storage): (now: Date) => string {
  let current: { puppies: number; breeds: number; fromMs: number; untilMs: number; epoch: number } | undefined;
  return (now) => {
    const { puppies, breeds } = storage.db;
    const ms = now.getTime();
    if (!current || current.puppies !== puppies.version || current.breeds !== breeds.version || ms >= current.untilMs || ms < current.fromMs) {
      let untilMs = Number.POSITIVE_INFINITY;
      for (const p of puppies.all()) {
        if (p.expiresAt === null) continue;
        const at = Date.parse(p.expiresAt);
        if (at > ms && at < untilMs) untilMs = at;
      }
      current = { puppies: puppies.version, breeds: breeds.version, fromMs: ms, untilMs, epoch: (current?.epoch ?? 0) + 1 };
    }
    return `${current.puppies}.${current.breeds}.${current.epoch}`;
  };
}
