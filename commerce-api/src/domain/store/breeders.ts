// The breeders area of the store (decision 0118; 0109-the-domain-owns-its-store.md): sellers'
// public profiles, the badges admins revoked, and the reads the earned badges and figures come from.
import type { BadgeKind, BadgeRevocation, BreederProfile, SellerRating, User } from '../model.ts';
import type { New } from './rows.ts';

/** another seller's kennel name gives the same address */
export class SlugTakenError extends Error {
  constructor(slug: string) {
    super(`storage: the breeder address "${slug}" is taken.`);
    this.name = 'SlugTakenError';
  }
}

export interface BreederProfilesRepository {
  findByUser(userId: number): Promise<BreederProfile | undefined>;
  findBySlug(slug: string): Promise<BreederProfile | undefined>;
  /** the profiles of these sellers, any order (the cards of a page) */
  listByUsers(userIds: readonly number[]): Promise<BreederProfile[]>;
  /** every profile, by id (sitemap.xml) */
  list(): Promise<BreederProfile[]>;
  /**
   * One profile per seller: creates it, or replaces the seller's fields (createdAt stays). Throws
   * SlugTakenError when another seller's profile has the slug (a unique constraint on PostgreSQL).
   */
  save(row: New<BreederProfile>): Promise<BreederProfile>;
}

export interface BadgeRevocationsRepository {
  create(row: Omit<New<BadgeRevocation>, 'liftedAt'>): Promise<BadgeRevocation>;
  /** gives the badge back once: the row for the caller that lifted it, else undefined */
  lift(id: number, now: Date): Promise<BadgeRevocation | undefined>;
  /** the revocations in force (not lifted) of these sellers, oldest first */
  listInForce(userIds: readonly number[]): Promise<BadgeRevocation[]>;
}

/**
 * Everything a seller's card line needs (kennel name and earned badges), read for a page of sellers at
 * once: one statement on PostgreSQL, so a catalogue page costs one more query whatever the number of
 * sellers on it (decision 0118, its note on the cost of the cards).
 */
export interface BreederEvidence {
  user: Pick<User, 'verifiedEmail' | 'verifiedEmailAt' | 'verifiedPhone' | 'verifiedPhoneAt' | 'createdAt'>;
  /** when the payout account's identity check passed (its status became payouts_enabled); null before */
  identityAt: string | null;
  /** orders handed over and not refunded, and the newest handover */
  placed: { count: number; lastAt: string | null };
  /** moderation decisions upheld against the seller since the given time (as upheldReports) */
  upheld: number;
  /** the badges an admin revoked that are still revoked */
  revoked: BadgeKind[];
  profile: Pick<BreederProfile, 'slug' | 'kennelName'> | null;
  /**
   * Health-tested parents (decision 0121): set when the seller has live listings (public, unexpired at
   * `now`) and every one is health-tested (its kept flag); `at` is when the last test of those
   * listings' parents was verified
   */
  healthTested: { at: string | null } | null;
  /** the seller's rating row (decision 0119), which the card shows beside the kennel name */
  rating: Pick<SellerRating, 'reviewCount' | 'ratingSum'> | null;
}

/** what a breeder's badges and figures are computed from: read, never typed in */
export interface BreederRecordsRepository {
  /** per existing seller among these, what their card line is computed from (one read) */
  evidence(sellerIds: readonly number[], upheldSince: Date, now: Date): Promise<Map<number, BreederEvidence>>;
  /** per seller, the orders handed over and not refunded (status handed_over), with the newest handover */
  placed(sellerIds: readonly number[]): Promise<Map<number, { count: number; lastAt: string | null }>>;
  /**
   * Per conversation of the seller that the seller answered, newest conversations first, at most
   * `limit`: the milliseconds from the family's first message to the seller's first message after it.
   */
  replyDelays(sellerId: number, limit: number): Promise<number[]>;
  /**
   * Per seller, the moderation decisions on a report that went against them since `since`: a listing
   * of theirs hidden, or their account suspended (docs/decisions/0092).
   */
  upheldReports(sellerIds: readonly number[], since: Date): Promise<Map<number, number>>;
}

/** the repositories of the breeders area (Repositories is every area's) */
export interface BreedersRepositories {
  readonly breederProfiles: BreederProfilesRepository;
  readonly badgeRevocations: BadgeRevocationsRepository;
  readonly breederRecords: BreederRecordsRepository;
}
