// The accounts area of the store (docs/decisions/0109-the-domain-owns-its-store.md): accounts,
// sessions, verification codes, seller applications, favourites.
import type { Favorite, SellerApplication, Session, User, VerificationCode } from '../model.ts';
import type { New, Patch } from './rows.ts';

/** the username (case-insensitively) belongs to another account */
export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`storage: the username "${username}" is taken.`);
    this.name = 'UsernameTakenError';
  }
}

export interface UsersRepository {
  get(id: number): Promise<User | undefined>;
  /** case-insensitive */
  findByUsername(username: string): Promise<User | undefined>;
  /** throws UsernameTakenError when the name is taken in any letter case; usernameKey is derived here */
  create(row: Omit<New<User>, 'usernameKey'>): Promise<User>;
  update(id: number, patch: Patch<Omit<User, 'username' | 'usernameKey'>>): Promise<User | undefined>;
  /** inside a transaction: the row, locked until it ends (PostgreSQL: SELECT … FOR UPDATE) */
  lock(id: number): Promise<User | undefined>;
}

export interface SessionsRepository {
  get(id: number): Promise<Session | undefined>;
  /** the session and the account it belongs to, in one read (every signed-in request asks for both) */
  getWithUser(id: number): Promise<{ session: Session; user: User } | undefined>;
  create(row: New<Session>): Promise<Session>;
  extend(id: number, expiresAt: string): Promise<Session | undefined>;
  /** revokes once: the first revocation time stays */
  revoke(id: number, now: Date): Promise<Session | undefined>;
}

export interface VerificationCodesRepository {
  get(id: number): Promise<VerificationCode | undefined>;
  /**
   * Resend limit, per target and requester: inserts the code only if neither its owner nor its client
   * had a code sent to the same channel and target after `sentSince` (another target is not held up,
   * decision 0051), replacing the owner's unverified codes for that channel and target. The new row,
   * or undefined when it was refused.
   */
  issue(row: New<VerificationCode>, sentSince: Date): Promise<VerificationCode | undefined>;
  /** the newest unverified code of an owner for a channel and target */
  findPending(
    owner: string,
    channel: VerificationCode['channel'],
    target: string,
  ): Promise<VerificationCode | undefined>;
  /**
   * Attempts counted exactly: adds one attempt if the code is unverified, unexpired at `now` and has
   * fewer than `maxAttempts`. The updated row, or undefined when no attempt was left.
   */
  countAttempt(id: number, maxAttempts: number, now: Date): Promise<VerificationCode | undefined>;
  /** the codes of any of `owners` verified after `verifiedSince`, oldest first (what a verification session holds) */
  listVerified(owners: readonly string[], verifiedSince: Date): Promise<VerificationCode[]>;
  /** unverified → verified at `now`; undefined when it was verified already */
  markVerified(id: number, now: Date): Promise<VerificationCode | undefined>;
  remove(id: number): Promise<boolean>;
  /** removes the codes sent before `sentBefore`; how many */
  removeSentBefore(sentBefore: Date): Promise<number>;
}

export interface FavoritesRepository {
  /**
   * Idempotent: the existing row when the user already keeps the puppy. Undefined when the puppy does
   * not exist (deleted at that moment): a favourite never points at nothing, without holding the listing.
   */
  add(userId: number, puppyId: number, now: Date): Promise<Favorite | undefined>;
  remove(userId: number, puppyId: number): Promise<boolean>;
  /** oldest first, as they were added */
  listByUser(userId: number): Promise<Favorite[]>;
}

export interface SellerApplicationsRepository {
  findByUser(userId: number): Promise<SellerApplication | undefined>;
  /** one application per user: a second one updates the first (idempotent) */
  upsert(row: New<SellerApplication>): Promise<SellerApplication>;
}

/** the repositories of the accounts area (Repositories is every area's) */
export interface AccountsRepositories {
  readonly users: UsersRepository;
  readonly sessions: SessionsRepository;
  readonly verificationCodes: VerificationCodesRepository;
  readonly sellerApplications: SellerApplicationsRepository;
  readonly favorites: FavoritesRepository;
}
