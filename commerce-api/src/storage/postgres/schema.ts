// The tables as Kysely sees them (migrations/ holds the SQL): the model's rows with a generated id.
// CamelCasePlugin maps these camelCase names to the snake_case columns.
import type { Generated, Kysely, Transaction } from 'kysely';
import type {
  Breed,
  ContactMessage,
  Conversation,
  Donation,
  Message,
  ModerationAction,
  Report,
  Upload,
  Favorite,
  ListingFeePayment,
  LocalPaymentObject,
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
  settings: { id: Generated<boolean>; paymentMode: 'test' | 'live' };
  // issue 15
  conversations: Table<Conversation>;
  messages: Table<Message>;
  reports: Table<Report>;
  moderationActions: Table<ModerationAction>;
  // issue 18
  payouts: Table<Payout>;
  payoutAccounts: Table<PayoutAccount>;
  // issue 14
  rateLimitHits: { key: string; windowEndsAt: string; hits: number };
  jobLeases: { name: string; startedAt: string };
}

/** the pool's query builder, or one bound to a transaction */
export type Db = Kysely<Database> | Transaction<Database>;
