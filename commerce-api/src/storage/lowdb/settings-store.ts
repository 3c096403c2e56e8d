// The single settings record, copy-on-write like the rows of a collection.
import type { DbShape, Settings } from '../../domain/model.ts';
import type { SettingsStore } from './storage.ts';
import { deepFreeze, definedEntries } from './deep-freeze.ts';
import type { Transaction } from './transaction.ts';

export class DbSettingsStore implements SettingsStore {
  readonly #data: DbShape;
  readonly #tx: Transaction;

  constructor(data: DbShape, tx: Transaction) {
    this.#data = data;
    this.#tx = tx;
    deepFreeze(data.settings);
  }

  get(): Readonly<Settings> {
    return this.#data.settings;
  }

  set(patch: Partial<Settings>): Settings {
    this.#tx.assertActive('settings.set()');
    const old = this.#data.settings;
    const next = deepFreeze({ ...old, ...definedEntries(patch) });
    this.#data.settings = next;
    this.#tx.record(() => {
      this.#data.settings = old;
    });
    return next;
  }
}
