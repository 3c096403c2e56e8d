// The conversations area of the store (docs/decisions/0090–0092, 0109-the-domain-owns-its-store.md):
// conversations, messages, reports, moderation.
import type { Conversation, Message, ModerationAction, Puppy, Report, User } from '../model.ts';
import type { New } from './rows.ts';

/** a conversation seen by one of its parties: unread when the other party wrote last after they read */
export function isUnreadFor(c: Conversation, userId: number): boolean {
  if (c.lastSenderId === userId) return false;
  const readAt = c.buyerId === userId ? c.buyerReadAt : c.sellerReadAt;
  return readAt === null || Date.parse(readAt) < Date.parse(c.lastMessageAt);
}

/** a conversation's first row, on both stores: its first message moves it, and nobody has read or been mailed yet */
export function firstConversationRow(
  row: Pick<Conversation, 'puppyId' | 'buyerId' | 'sellerId' | 'buyerPhone'>,
  senderId: number,
  at: string,
): New<Conversation> {
  return {
    ...row,
    buyerPhone: row.buyerPhone ?? null,
    createdAt: at,
    lastMessageAt: at,
    lastSenderId: senderId,
    buyerReadAt: null,
    sellerReadAt: null,
    buyerMailedAt: null,
    sellerMailedAt: null,
  };
}

export interface ConversationsRepository {
  get(id: number): Promise<Conversation | undefined>;
  findByPuppyAndBuyer(puppyId: number, buyerId: number): Promise<Conversation | undefined>;
  /**
   * One conversation per puppy and buyer: creates it with its first message, or adds the message to
   * the existing one (a second inquiry continues the thread). Either way the conversation's last
   * message moves and the sender has read it. A phone given (`buyerPhone`) replaces the one kept; none
   * given keeps it.
   */
  startOrContinue(
    row: Pick<Conversation, 'puppyId' | 'buyerId' | 'sellerId' | 'buyerPhone'>,
    message: Pick<Message, 'senderId' | 'body' | 'flags'>,
    now: Date,
  ): Promise<{ conversation: Conversation; message: Message }>;
  /** adds a message to a conversation (the sender has read it); undefined when it is unknown */
  addMessage(
    conversationId: number,
    message: Pick<Message, 'senderId' | 'body' | 'flags'>,
    now: Date,
  ): Promise<{ conversation: Conversation; message: Message } | undefined>;
  /** the conversations a user is a party to, the latest message first */
  listByUser(userId: number): Promise<Conversation[]>;
  /** how many conversations have something the user has not read */
  countUnread(userId: number): Promise<number>;
  /** the number of conversations of each of these puppies (puppies with none are left out) */
  countByPuppies(puppyIds: readonly number[]): Promise<Map<number, number>>;
  /** the party has read the thread up to `now` */
  markRead(id: number, userId: number, now: Date): Promise<Conversation | undefined>;
  /**
   * The mail throttle: claims the right to mail `recipientId` about this conversation at `now`, only
   * if they were never mailed about it, or read it since the last mail, or the last mail was sent at
   * or before `mailedBefore`. True for the one caller that claimed it.
   */
  claimMail(id: number, recipientId: number, now: Date, mailedBefore: Date): Promise<boolean>;
}

export interface MessagesRepository {
  get(id: number): Promise<Message | undefined>;
  /** the sender's messages the scam guard flagged, sent at or after `since`, oldest first (decision 0117) */
  listFlaggedBySender(senderId: number, since: Date): Promise<Message[]>;
  /** oldest first */
  listByConversation(conversationId: number): Promise<Message[]>;
  /** the last message of each conversation */
  lastOf(conversationIds: readonly number[]): Promise<Map<number, Message>>;
}

export interface ReportsRepository {
  get(id: number): Promise<Report | undefined>;
  create(row: Omit<New<Report>, 'status' | 'resolvedAt' | 'resolvedBy'>): Promise<Report>;
  /** the open reports, oldest first */
  listOpen(): Promise<Report[]>;
  /** the newest report the scam guard filed (no reporter) about a message of this sender (decision 0117) */
  lastByScamGuard(senderId: number): Promise<Report | undefined>;
  /** open → resolved once: the row for the caller that resolved it, else undefined */
  resolve(id: number, adminId: number, now: Date): Promise<Report | undefined>;
}

export interface ModerationRepository {
  /** records a decision */
  record(row: New<ModerationAction>): Promise<ModerationAction>;
  /** the newest decisions first */
  listActions(limit: number): Promise<ModerationAction[]>;
  /** hides a listing with the reason its seller sees; undefined when unknown */
  hideListing(puppyId: number, reason: string, now: Date): Promise<Puppy | undefined>;
  /** shows a hidden listing again; undefined when unknown */
  unhideListing(puppyId: number): Promise<Puppy | undefined>;
  /**
   * Suspends an account and hides its listings that are not hidden yet (with `reason`), in one
   * change. Undefined when unknown.
   */
  suspendUser(userId: number, reason: string, now: Date): Promise<User | undefined>;
  /** lifts a suspension and shows again the listings it hid (those hidden with `reason`) */
  unsuspendUser(userId: number, reason: string): Promise<User | undefined>;
  /** the hidden listings and the suspended accounts (for the admin's undo) */
  listHidden(): Promise<Puppy[]>;
  listSuspended(): Promise<User[]>;
}

/** the repositories of the conversations, reports, moderation area (Repositories is every area's) */
export interface ConversationsRepositories {
  readonly conversations: ConversationsRepository;
  readonly messages: MessagesRepository;
  readonly reports: ReportsRepository;
  readonly moderation: ModerationRepository;
}
