// What the lowdb repositories share (../lowdb-repositories.ts composes them; decision 0076): each
// changing method is one storage.write() through `mutate`, and records how to take its change back
// (inserted, replaced, removed) for a transaction that fails.
import type { Collections, SettingsStore, Storage } from '../storage.ts';
import type { Order, OrderStatus, Puppy, SellerSubscription } from '../../domain/model.ts';

export const LIVE: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];

export type Undo = (db: Collections, settings: SettingsStore) => void;
export type Mutate = <T>(fn: (db: Collections, settings: SettingsStore, undo: (u: Undo) => void) => T) => Promise<T>;

export function isLiveAt(puppy: Puppy, now: Date): boolean {
  return puppy.expiresAt !== null && Date.parse(puppy.expiresAt) > now.getTime();
}

/** a plan counts while trialing or active and its period has not ended (no end yet: it counts) */
export function isActiveAt(subscription: SellerSubscription, now: Date): boolean {
  return (
    (subscription.status === 'trialing' || subscription.status === 'active') &&
    (subscription.currentPeriodEnd === null || Date.parse(subscription.currentPeriodEnd) > now.getTime())
  );
}

export interface LowdbContext {
  storage: Storage;
  db: Collections;
  mutate: Mutate;
  /** the puppy's pending, paid or handed-over order */
  liveOrderOf(c: Collections, puppyId: number): Order | undefined;
  inserted(name: keyof Collections, id: number): Undo;
  replaced<T extends { id: number }>(name: keyof Collections, old: T): Undo;
  removed<T extends { id: number }>(name: keyof Collections, old: T): Undo;
}

export function lowdbContext(storage: Storage, mutate: Mutate): LowdbContext {
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

  return { storage, db, mutate, liveOrderOf, inserted, replaced, removed };
}
