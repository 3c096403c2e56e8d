// The tables as Kysely sees them (migrations/ holds the SQL): the model's rows with a generated id.
// CamelCasePlugin maps these camelCase names to the snake_case columns.
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import { LISTING_FIELDS } from '#contracts/puppies.ts';
import type {
  AlertDelivery,
  AlertMark,
  BadgeRevocation,
  Breed,
  BreederProfile,
  ContactMessage,
  Conversation,
  Donation,
  Message,
  ModerationAction,
  Report,
  Review,
  SavedSearch,
  SellerRating,
  Upload,
  Favorite,
  HealthTest,
  ListingFeature,
  ListingViewDay,
  ListingViewMark,
  ListingViewSalt,
  ParentDog,
  ListingFeePayment,
  LocalPaymentObject,
  MoneyCheckReport,
  Order,
  PaymentEvent,
  Payout,
  PayoutAccount,
  Puppy,
  SellerApplication,
  SellerSubscription,
  Session,
  User,
  VerificationCode,
} from '../../domain/model.ts';

type Table<T extends { id: number }> = Omit<T, 'id'> & { id: Generated<number> };

export interface Database {
  users: Table<User>;
  breeds: Table<Breed>;
  sessions: Table<Session>;
  puppies: Table<Puppy>;
  orders: Table<Order>;
  paymentEvents: Table<PaymentEvent>;
  listingFeePayments: Table<ListingFeePayment>;
  sellerSubscriptions: Table<SellerSubscription>;
  verificationCodes: Omit<Table<VerificationCode>, 'client'> & { client: string | null };
  favorites: Table<Favorite>;
  sellerApplications: Table<SellerApplication>;
  donations: Table<Donation>;
  localPayments: Table<LocalPaymentObject>;
  contactMessages: Table<ContactMessage>;
  uploads: Table<Upload>;
  // moneyCheck: a jsonb column (migration 0011): an object read back, a JSON text written
  settings: {
    id: Generated<boolean>;
    paymentMode: 'test' | 'live';
    moneyCheck: ColumnType<MoneyCheckReport | null, string | null, string | null>;
  };
  // conversations and moderation (decisions 0090–0092)
  conversations: Table<Conversation>;
  messages: Table<Message>;
  reports: Table<Report>;
  moderationActions: Table<ModerationAction>;
  // seller payouts (decision 0101)
  payouts: Table<Payout>;
  payoutAccounts: Table<PayoutAccount>;
  // breeder pages and earned badges (decision 0118)
  breederProfiles: Table<BreederProfile>;
  badgeRevocations: Table<BadgeRevocation>;
  // reviews and the sellers' ratings (decision 0119)
  reviews: Table<Review>;
  sellerRatings: Table<SellerRating>;
  // parents and their health records (decision 0121)
  parentDogs: Table<ParentDog>;
  healthTests: Table<HealthTest>;
  // saved searches and alerts (decision 0131)
  savedSearches: Table<SavedSearch>;
  alertDeliveries: Table<AlertDelivery>;
  alertMarks: Table<AlertMark>;
  // featured listings (decision 0134)
  listingFeatures: Table<ListingFeature>;
  // listing insights' views (decision 0135)
  listingViewDays: Table<ListingViewDay>;
  listingViewMarks: Table<ListingViewMark>;
  listingViewSalts: Table<ListingViewSalt>;
  // shared rate limits and job leases (decisions 0093, 0094)
  rateLimitHits: { key: string; windowEndsAt: string; hits: number };
  jobLeases: { name: string; startedAt: string };
}

/**
 * The columns a Puppy holds, for every select and returning of listings: not `*`, which would bring
 * the catalogue card (migration 0008) into every row, and would change the result of a prepared
 * statement when another process adds a column (prepared-statements.ts). A listing's public fields
 * (LISTING_FIELDS, decision 0110), then the ones only the seller and the code see.
 */
export const PUPPY_COLUMNS = [
  ...LISTING_FIELDS,
  'updatedAt',
  'hiddenAt',
  'hiddenReason',
  'sireId',
  'damId',
  'healthTested',
  // the ZIP's centre, for the distance filter (decision 0129)
  'latitude',
  'longitude',
] as const satisfies readonly (keyof Puppy)[];
// a field Puppy gains must join the list: this fails to compile while one is missing
const everyPuppyColumn: Exclude<keyof Puppy, (typeof PUPPY_COLUMNS)[number]> extends never ? true : never = true;
void everyPuppyColumn;

/** the pool's query builder, or one bound to a transaction */
export type Db = Kysely<Database> | Transaction<Database>;
