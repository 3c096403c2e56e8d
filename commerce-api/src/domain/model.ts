// The records the commerce API keeps (docs/product.md §3, with what §10 and §11 add).
// Money: a puppy's `price` is whole dollars (docs/product.md §3); every payment amount is integer cents.
// Dates are ISO-8601 strings so the JSON file round-trips them unchanged.

// The enums are the contracts' constants (one list each, shared by forms, routes and records).
import type { AccountType } from '#contracts/auth.ts';
import type { DisputeStatus, OrderStatus, PayoutHoldReason, PayoutStatus } from '#contracts/orders.ts';
import type { MoneyCheckReport, PayoutAccountStatus } from '#contracts/payouts.ts';
import type { PlanId } from '#contracts/plans.ts';
import type { BadgeKind } from '#contracts/breeders.ts';
import type { Category, Gender, ListingFields, PuppyStatus, Region } from '#contracts/puppies.ts';
import type { HealthTestKind, HealthTestStatus, ParentSex } from '#contracts/parents.ts';

export type {
  BadgeKind,
  AccountType,
  Category,
  DisputeStatus,
  Gender,
  MoneyCheckReport,
  OrderStatus,
  PayoutHoldReason,
  PayoutAccountStatus,
  PayoutStatus,
  PlanId,
  PuppyStatus,
  Region,
};
export type Role = 'user' | 'admin';

export interface User {
  id: number;
  username: string;
  /** lower-cased username: uniqueness is case-insensitive */
  usernameKey: string;
  passwordHash: string;
  email: string;
  role: Role;
  accountType: AccountType;
  /** the user confirmed being at least 18 when registering (terms) */
  confirmedAdultAt: string;
  /** bumped on logout: every token carrying an older version stops working */
  sessionVersion: number;
  hasActiveListingPlan: boolean;
  listingPlanExpiresAt: string | null;
  verifiedEmail: string | null;
  verifiedPhone: string | null;
  /** when verifiedEmail / verifiedPhone was last proven by a code (decision 0118: a badge says when); older rows lack it */
  verifiedEmailAt?: string | null;
  verifiedPhoneAt?: string | null;
  createdAt: string;
  /** when a moderator suspended the account (decision 0092) (no login, listings hidden); absent/null: not */
  suspendedAt?: string | null;
}

/** a login: the session token names it, so logout can revoke exactly this one */
export interface Session {
  id: number;
  userId: number;
  createdAt: string;
  /** extended when the token is renewed on use */
  expiresAt: string;
  revokedAt: string | null;
}

export interface Breed {
  id: number;
  name: string;
  imageUrl: string;
  size: 'small' | 'medium' | 'large';
  /** home-page categories this breed suits */
  categories: Category[];
  /** a few words for search ("gentle", "hypoallergenic") */
  temperament: string[];
}

export interface Puppy {
  id: number;
  name: string;
  breedId: number;
  userId: number;
  gender: Gender;
  /** weeks, integer */
  age: number;
  /** lbs */
  weight: number;
  /** whole US dollars */
  price: number;
  colors: string[];
  description: string;
  location: string;
  /**
   * the US ZIP code the seller gave (decision 0129): the finest place a listing has; null only on a
   * listing from before ZIP codes whose town the gazetteer could not read
   */
  zip: string | null;
  /** the ZIP's centre (domain/zip-gazetteer.ts), kept for the distance filter; never shown */
  latitude: number | null;
  longitude: number | null;
  /** derived from the location's US state; drives the region filter */
  region: Region | null;
  imageUrl: string;
  imageUrls: string[];
  videoUrl: string | null;
  status: PuppyStatus;
  featured: boolean;
  createdAt: string;
  updatedAt: string;
  /** null while a draft; set when a listing fee or plan makes it public; past = expired */
  expiresAt: string | null;
  /** when a moderator hid the listing (404 publicly, out of the catalogue; decision 0092); absent/null: not */
  hiddenAt?: string | null;
  /** why it is hidden, shown to the seller in My Listings */
  hiddenReason?: string | null;
  /** the seller's parent dogs named as sire and dam (decision 0121); absent/null: not named */
  sireId?: number | null;
  damId?: number | null;
  /**
   * both parents named and each has its breed's recommended tests verified (decision 0121): kept on the
   * listing when a test, a parent or the listing changes, so the catalogue filters on it cheaply
   */
  healthTested?: boolean;
}
// a listing's public fields are the model's (LISTING_FIELDS, decision 0110): this fails to compile while
// Puppy lacks one, or holds it in a type the view does not take
const everyListingField: Puppy extends ListingFields ? true : never = true;
void everyListingField;

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  puppyId: number | null;
  userId: number | null;
  /**
   * the sender's seller plan when they wrote, as the server found it from their session (decision 0136,
   * docs/product.md §24): orders the team's inbox. Absent/null: a visitor, a family or no plan
   */
  plan?: PlanId | null;
  createdAt: string;
}

export interface Favorite {
  id: number;
  userId: number;
  puppyId: number;
  createdAt: string;
}

/**
 * An order's life (docs/decisions/0056): pending (authorised, being captured) → paid → handed_over (the
 * seller marked the puppy adopted); or → canceled (released, never charged) / refunded (charged, then
 * given back). Only canceled and refunded are final.
 */
export interface Order {
  id: number;
  reference: string;
  puppyId: number;
  buyerId: number;
  sellerId: number;
  puppyPriceCents: number;
  carePackageCents: number;
  totalCents: number;
  paymentIntentId: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  /** when the seller marked the puppy handed over (older rows lack it) */
  handedOverAt?: string | null;
  /** when an admin canceled the order, or the payment was released or refunded */
  canceledAt?: string | null;
  /** the payment's mode (older rows lack it: test): a test-mode order never moves live money */
  livemode?: boolean;
  /** an admin's cancel says why, and both sides are mailed it */
  cancelReason?: string | null;
  /** a refund the provider refused: the order stays refunding until an admin decides (decision 0107) */
  refundError?: string | null;
  /** the buyer's bank's dispute of the payment (dp_…), its state and amount */
  disputeId?: string | null;
  disputeStatus?: DisputeStatus | null;
  disputeAmountCents?: number | null;
  /** when the buyer was mailed an invitation to review the seller, a week after the handover (decision 0119) */
  reviewInvitedAt?: string | null;
}

export type PaymentRecordStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'refunded';

export interface ListingFeePayment {
  id: number;
  puppyId: number;
  userId: number;
  amountCents: number;
  paymentIntentId: string;
  status: PaymentRecordStatus;
  createdAt: string;
  paidAt: string | null;
}

export interface Donation {
  id: number;
  donorName: string;
  donorEmail: string;
  amountCents: number;
  message: string;
  isAnonymous: boolean;
  stripePaymentIntentId: string;
  status: PaymentRecordStatus;
  createdAt: string;
}

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';
export interface SellerSubscription {
  id: number;
  userId: number;
  plan: PlanId;
  priceId: string;
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  createdAt: string;
}

/** provider event ids already applied: fulfilment is idempotent */
export interface PaymentEvent {
  id: number;
  eventId: string;
  type: string;
  /** when it was claimed */
  processedAt: string;
  /** when its effect was applied; null while claimed only (older rows lack it: applied) */
  appliedAt?: string | null;
}

export interface VerificationCode {
  id: number;
  channel: 'email' | 'phone';
  /** normalised email or phone */
  target: string;
  codeHash: string;
  /** who asked: an account id or an anonymous session id */
  owner: string;
  /** HMAC of the network that asked (absent on rows from before it was kept) */
  client?: string;
  sentAt: string;
  expiresAt: string;
  attempts: number;
  verifiedAt: string | null;
}

export interface SellerApplication {
  id: number;
  userId: number;
  name: string;
  email: string;
  phone: string;
  location: string;
  experience: string;
  breedSpecialty: string;
  termsAgreed: boolean;
  plan: PlanId;
  status: 'approved';
  createdAt: string;
}

/**
 * A seller's public profile (decision 0118), shown at /breeders/{slug}. What the seller types; the
 * figures and badges beside it are computed from what happened here (domain/breeders/).
 */
export interface BreederProfile {
  id: number;
  userId: number;
  kennelName: string;
  /** from the kennel name (slugify), unique among sellers: the page's address */
  slug: string;
  about: string;
  town: string;
  /** two-letter US state */
  state: string;
  breeds: string[];
  /** an uploaded image (domain/media-uploads.ts), or null */
  photoUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** an admin took an earned badge away (decision 0118); the seller sees the reason */
export interface BadgeRevocation {
  id: number;
  userId: number;
  badge: BadgeKind;
  reason: string;
  adminId: number;
  createdAt: string;
  /** the admin gave it back; null while it holds */
  liftedAt: string | null;
}

/**
 * What the local provider keeps. Seller payouts (decision 0101) add Connect: 'account' (a connected account:
 * status is its payout state, amountCents what it has paid out to its bank), 'account_link' (providerId is
 * the link's token, metadata its account, URLs and expiry; status created → used) and 'transfer' (status
 * created → reversed, refundedCents what was reversed, metadata.destination the account).
 */
export type LocalPaymentKind =
  | 'payment_intent'
  | 'setup_intent'
  | 'subscription'
  | 'payment_method'
  | 'account'
  | 'account_link'
  | 'transfer'
  | 'dispute';

/** a payment object of the local test-mode provider, shaped like Stripe's */
export interface LocalPaymentObject {
  id: number;
  /** pi_…, seti_…, sub_…, pm_… */
  providerId: string;
  kind: LocalPaymentKind;
  status: string;
  amountCents: number;
  currency: 'usd';
  captureMethod: 'automatic' | 'manual';
  clientSecret: string;
  metadata: Record<string, string>;
  lastError: string | null;
  idempotencyKey: string | null;
  createdAt: string;
  updatedAt: string;
  /** Stripe's error code of lastError (card_declined, payment_intent_authentication_failure, …) */
  lastErrorCode?: string | null;
  /** the card (pm_…) an intent was confirmed with, or a subscription's default card */
  paymentMethodId?: string | null;
  /** a subscription's trial end */
  trialEnd?: string | null;
  /** refunded so far (payment intents) */
  refundedCents?: number;
}

/**
 * Seller payouts (decision 0101): the seller's share of one order, made when the seller marks the puppy
 * handed over (one per order). Its life is PayoutStatus (contracts/payouts.ts).
 */
export interface Payout {
  id: number;
  orderId: number;
  sellerId: number;
  /** the seller's share: the puppy's price less feeCents */
  amountCents: number;
  feeCents: number;
  status: PayoutStatus;
  /** when the buyer's window ends: the release job releases a scheduled payout from then on */
  releaseAt: string;
  createdAt: string;
  /** the buyer confirmed receipt (releases at once) */
  confirmedAt: string | null;
  /** the buyer reported a problem: held for an admin */
  heldAt: string | null;
  problem: string | null;
  /** released (by the buyer's confirmation, the end of the window or an admin) */
  releasedAt: string | null;
  /** the provider's transfer (tr_…), once made */
  transferId: string | null;
  paidAt: string | null;
  reversedAt: string | null;
  canceledAt: string | null;
  /** the last refusal: a transfer the platform balance could not cover, a reversal the seller's could not */
  lastError: string | null;
  /** why it is held, while it is (older rows lack it: the buyer's problem) */
  holdReason?: PayoutHoldReason | null;
  /** after a refusal, the job tries again from then on (null: at once) */
  attemptAt?: string | null;
}

/** a seller's connected payout account (Stripe Connect Express, or the local double's) */
export interface PayoutAccount {
  id: number;
  userId: number;
  /** acct_… */
  accountId: string;
  status: PayoutAccountStatus;
  /** what the provider still needs (Stripe's requirement names) */
  requirements: string[];
  livemode: boolean;
  createdAt: string;
  updatedAt: string;
}

/** a file (an image with its renditions, or a video) someone uploaded: for the quota and the sweep */
export interface Upload {
  id: number;
  userId: number;
  /** the URL the upload answered, as a listing stores it */
  url: string;
  /** bytes on disk, every rendition included */
  bytes: number;
  createdAt: string;
}

// Conversations and moderation (docs/decisions/0090–0092).

/** one thread between a family (buyer) and the seller about one puppy */
export interface Conversation {
  id: number;
  puppyId: number;
  buyerId: number;
  sellerId: number;
  createdAt: string;
  lastMessageAt: string;
  lastSenderId: number;
  /** when each party last opened the thread (null: never) */
  buyerReadAt: string | null;
  sellerReadAt: string | null;
  /** when each party was last mailed about a new message (the 15-minute throttle) */
  buyerMailedAt: string | null;
  sellerMailedAt: string | null;
  /**
   * the phone the family gave with its latest inquiry, for the seller (decision 0137); null when none was
   * given (a conversation stored before it was kept may lack the field)
   */
  buyerPhone?: string | null;
}

export interface Message {
  id: number;
  conversationId: number;
  senderId: number;
  /** plain text, as written (shown escaped) */
  body: string;
  /** what the scam guard found (domain/scam-guard.ts); empty: nothing */
  flags: string[];
  createdAt: string;
}

export type ReportReason = 'scam' | 'wrong_information' | 'animal_welfare' | 'offensive' | 'other';

export interface Report {
  id: number;
  /** null: filed by the scam guard, after three flagged messages from one sender in a day (decision 0117) */
  reporterId: number | null;
  /** a listing, or one message of a conversation */
  puppyId: number | null;
  messageId: number | null;
  /** a review (decision 0119); older rows lack it */
  reviewId?: number | null;
  reason: ReportReason;
  comment: string;
  status: 'open' | 'resolved';
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: number | null;
}

export type ModerationActionKind =
  'dismiss' | 'hide_listing' | 'unhide_listing' | 'suspend_user' | 'unsuspend_user' | 'hide_review';

/** every moderation decision: who, when, what */
export interface ModerationAction {
  id: number;
  adminId: number;
  action: ModerationActionKind;
  reportId: number | null;
  puppyId: number | null;
  userId: number | null;
  createdAt: string;
}

/**
 * A buyer's review of the seller of one order that was handed over and not refunded (docs/product.md
 * "Reviews", decision 0119). The puppy's name, its breed and the month of the handover are kept as they
 * were, for the line "Verified purchase · {puppy} · {breed} · {month year}".
 */
export interface Review {
  id: number;
  /** one review per order */
  orderId: number;
  buyerId: number;
  sellerId: number;
  puppyId: number;
  puppyName: string;
  breedName: string;
  handedOverAt: string;
  /** 1–5 */
  rating: number;
  body: string;
  createdAt: string;
  /** the buyer's last edit (within 30 days of writing it): an edited review is marked */
  editedAt: string | null;
  /** the seller's one public reply */
  reply: string | null;
  repliedAt: string | null;
  /** an admin hid it after a report: not public, and the buyer and the seller see why */
  hiddenAt: string | null;
  hiddenReason: string | null;
}

/**
 * A seller's rating, kept up to date in the transaction that changes one of their reviews (decision
 * 0119): the catalogue sorts and the cards show it without counting reviews. Hidden reviews do not count.
 */
export interface SellerRating {
  id: number;
  sellerId: number;
  reviewCount: number;
  /** the sum of the stars: the average is ratingSum / reviewCount */
  ratingSum: number;
  updatedAt: string;
}

/**
 * A parent dog a seller keeps (decision 0121, docs/product.md §18): their own, or an outside stud they
 * used (with its registration and tests, kept by the seller like their own dogs).
 */
export interface ParentDog {
  id: number;
  sellerId: number;
  name: string;
  sex: ParentSex;
  breedId: number;
  registry: string;
  registrationNumber: string;
  /** YYYY-MM-DD, or null when not known */
  birthDate: string | null;
  photoUrls: string[];
  outsideStud: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * One health test of a parent, with its proof (a private file: only the seller and admins read it) and
 * an admin's check against that proof: pending, verified (with when and by whom) or rejected (with why).
 */
export interface HealthTest {
  id: number;
  parentId: number;
  sellerId: number;
  test: HealthTestKind;
  result: string;
  /** YYYY-MM-DD */
  testedOn: string;
  registry: string;
  certificateNumber: string;
  /** the proof's key in the private proof store, its type and size; null before one is uploaded */
  proofKey: string | null;
  proofType: string | null;
  proofBytes: number;
  status: HealthTestStatus;
  verifiedAt: string | null;
  reviewedBy: number | null;
  rejectedReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A saved search (docs/product.md §21, decision 0131): the list's filters as the catalogue query's text,
 * mailed to one address when a new listing matches. An account's alert goes to its email at once; an
 * address without an account is `pending` until its owner follows the confirmation link.
 */
export interface SavedSearch {
  id: number;
  /** the account that saved it; null for an address without an account (managed by a signed link) */
  userId: number | null;
  /** where the alerts go, lower-cased */
  email: string;
  /** the filters as GET /api/puppies takes them (PuppyQuerySchema), without sort, limit and offset */
  query: string;
  frequency: 'instant' | 'daily';
  status: 'pending' | 'active' | 'paused';
  /** sha256 of the confirmation link's token while pending; null once confirmed */
  confirmTokenHash: string | null;
  confirmExpiresAt: string | null;
  /** the last daily digest claimed (daily alerts) */
  lastDigestAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** one listing matched to one saved search: unique per (search, puppy), so a puppy is mailed once */
export interface AlertDelivery {
  id: number;
  searchId: number;
  puppyId: number;
  createdAt: string;
  /** when the mail was claimed (instant: at once; daily: when the digest took it); null while it waits */
  sentAt: string | null;
}

/**
 * A paid placement (docs/product.md §22, decision 0134): a plan's monthly feature spent on one live
 * listing. It shows while it has not ended or been removed, its listing is public and available, and
 * its seller's plan is active (the feature's 30 days keep running meanwhile).
 */
export interface ListingFeature {
  id: number;
  puppyId: number;
  userId: number;
  startedAt: string;
  /** startedAt + 30 days */
  endsAt: string;
  /** an admin's removal; a removed feature stays counted in its month's allowance */
  removedAt: string | null;
  removedReason: string | null;
  removedBy: number | null;
}

/** how far the matching job has read the listings (one row, id 1) */
export interface AlertMark {
  id: number;
  matchedUntil: string;
}

/**
 * One listing's counted views on one day (UTC), and where they came from (docs/product.md §23, decision
 * 0135): the daily aggregate the seller's insights read. Nothing in it points at a visitor.
 */
export interface ListingViewDay {
  id: number;
  puppyId: number;
  /** YYYY-MM-DD */
  day: string;
  views: number;
  fromSearch: number;
  fromBreed: number;
  fromBreeder: number;
  fromAlert: number;
  fromDirect: number;
  fromSite: number;
  fromExternal: number;
}

/**
 * A view counted today: the hash of the day's salt, the visitor's address and browser and the listing, so a
 * visitor counts once per listing and day. Swept with the salt when the day is over: afterwards no mark can
 * be tied to anyone (decision 0135).
 */
export interface ListingViewMark {
  id: number;
  visitorKey: string;
  day: string;
}

/** the day's random salt of the visitor keys; removed when the day is over */
export interface ListingViewSalt {
  id: number;
  day: string;
  salt: string;
}

export interface Settings {
  paymentMode: 'test' | 'live';
  /**
   * lowdb only: the last money check's report, kept beside the payment mode. Read and written through
   * SettingsRepository.moneyCheck / setMoneyCheck (PostgreSQL keeps it in the settings row's
   * money_check column), never through get(): the payment mode is read on every payment call.
   */
  moneyCheck?: MoneyCheckReport | null;
}

/** The whole database: what the JSON file in DATA_DIR holds. */
export interface DbShape {
  schemaVersion: 1;
  /** last id handed out per collection */
  sequences: Record<string, number>;
  users: User[];
  sessions: Session[];
  breeds: Breed[];
  puppies: Puppy[];
  contactMessages: ContactMessage[];
  favorites: Favorite[];
  orders: Order[];
  listingFeePayments: ListingFeePayment[];
  donations: Donation[];
  sellerSubscriptions: SellerSubscription[];
  paymentEvents: PaymentEvent[];
  verificationCodes: VerificationCode[];
  sellerApplications: SellerApplication[];
  localPayments: LocalPaymentObject[];
  uploads: Upload[];
  conversations: Conversation[];
  messages: Message[];
  reports: Report[];
  moderationActions: ModerationAction[];
  payouts: Payout[];
  payoutAccounts: PayoutAccount[];
  breederProfiles: BreederProfile[];
  badgeRevocations: BadgeRevocation[];
  reviews: Review[];
  sellerRatings: SellerRating[];
  parentDogs: ParentDog[];
  healthTests: HealthTest[];
  // saved searches and alerts (decision 0131)
  savedSearches: SavedSearch[];
  alertDeliveries: AlertDelivery[];
  alertMarks: AlertMark[];
  // featured listings (decision 0134)
  listingFeatures: ListingFeature[];
  // listing insights' views (decision 0135)
  listingViewDays: ListingViewDay[];
  listingViewMarks: ListingViewMark[];
  listingViewSalts: ListingViewSalt[];
  settings: Settings;
}

export type CollectionName = {
  [K in keyof DbShape]: DbShape[K] extends Array<{ id: number }> ? K : never;
}[keyof DbShape];
