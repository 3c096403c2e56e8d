// The seller payouts area of the store (docs/decisions/0101, 0109-the-domain-owns-its-store.md).
import type { Payout, PayoutAccount, PayoutStatus } from '../model.ts';
import type { New, Patch } from './rows.ts';

export interface PayoutsRepository {
  get(id: number): Promise<Payout | undefined>;
  findByOrder(orderId: number): Promise<Payout | undefined>;
  /** one payout per order: when the order has one, it is returned unchanged */
  createForOrder(row: New<Payout>): Promise<Payout>;
  /** changes the row only while its status is one of `from`: undefined when it was not (or is unknown) */
  transition(id: number, from: readonly PayoutStatus[], patch: Patch<Payout>): Promise<Payout | undefined>;
  /** the seller's payouts, newest first */
  listBySeller(sellerId: number): Promise<Payout[]>;
  /**
   * What the release job works on, oldest first, at most `limit`: scheduled payouts whose window ended
   * at `now`; claims to settle (transferring, reversing); and released payouts whose seller's account
   * can receive them. A payout waiting for its seller's account, or refused until `attemptAt`, is not
   * listed, so such payouts never fill the page and hold up due ones (decision 0107).
   */
  listDue(now: Date, limit: number): Promise<Payout[]>;
  /** what an admin must look at, oldest first: held payouts, reversals under way or refused, transfers refused (releasing or paid with a refusal) */
  listForAdmin(): Promise<Payout[]>;
  /** how many payouts are in each status (GET /metrics, counted when scraped: decision 0116); a status no payout is in may be missing */
  countByStatus(): Promise<Partial<Record<PayoutStatus, number>>>;
}

export interface PayoutAccountsRepository {
  findByUser(userId: number): Promise<PayoutAccount | undefined>;
  findByAccountId(accountId: string): Promise<PayoutAccount | undefined>;
  /** one account per seller: when the seller has one, it is returned unchanged */
  createForUser(row: New<PayoutAccount>): Promise<PayoutAccount>;
  /** undefined when the account is unknown */
  update(
    accountId: string,
    patch: Patch<Omit<PayoutAccount, 'userId' | 'accountId'>>,
  ): Promise<PayoutAccount | undefined>;
}

/** the repositories of the seller payouts area (Repositories is every area's) */
export interface PayoutsRepositories {
  readonly payouts: PayoutsRepository;
  readonly payoutAccounts: PayoutAccountsRepository;
}
