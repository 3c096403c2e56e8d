// The site area of the store (docs/decisions/0109-the-domain-owns-its-store.md): contact messages and
// the settings (the payment mode, the last money check).
import type { ContactMessage, MoneyCheckReport, Settings } from '../model.ts';
import type { New } from './rows.ts';

export interface ContactsRepository {
  get(id: number): Promise<ContactMessage | undefined>;
  insert(row: New<ContactMessage>): Promise<ContactMessage>;
  /**
   * the first `limit` messages to the team (no puppy named) in support order (decision 0136): annual,
   * six-month, monthly, then no plan, newest first within each
   */
  listForTeam(limit: number): Promise<ContactMessage[]>;
}

export interface SettingsRepository {
  /** the payment mode (without the money check's report) */
  get(): Promise<Settings>;
  set(patch: Partial<Omit<Settings, 'moneyCheck'>>): Promise<Settings>;
  /** the last money check's report (null before the first): /admin shows it, whichever process ran it */
  moneyCheck(): Promise<MoneyCheckReport | null>;
  /** replaces the last report */
  setMoneyCheck(report: MoneyCheckReport): Promise<void>;
}

/** the repositories of the site area (Repositories is every area's) */
export interface SiteRepositories {
  readonly contacts: ContactsRepository;
  readonly settings: SettingsRepository;
}
