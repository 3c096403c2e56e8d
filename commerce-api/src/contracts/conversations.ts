// Conversations between families and sellers, reports and the moderation queue (
// docs/decisions/0090–0092): one schema per contract, shared by the forms and the API.
import * as v from 'valibot';
import { numberish } from './common.ts';
import { FORM_REFUSALS } from './form-refusals.ts';

export const MESSAGE_MAX = 2000;

/** a message: plain text, 1–2,000 characters after trimming */
export const MessageSchema = v.object({
  body: v.pipe(
    v.string(FORM_REFUSALS.message_empty),
    v.trim(),
    v.nonEmpty(FORM_REFUSALS.message_empty),
    v.maxLength(MESSAGE_MAX, FORM_REFUSALS.message_too_long),
  ),
});
export type MessageInput = v.InferOutput<typeof MessageSchema>;

/** the advice shown beside a message the scam guard flagged (domain/scam-guard.ts), to its recipient */
export const SCAM_ADVICE =
  'This message asks for a payment outside PuppyNest. Pay only through PuppyNest checkout: wire transfers, payment apps, gift cards, crypto and deposits before you see the puppy cannot be taken back.';

export const REPORT_REASONS = ['scam', 'wrong_information', 'animal_welfare', 'offensive', 'other'] as const;
export type ReportReasonId = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReasonId, string> = {
  scam: 'Scam or fraud',
  wrong_information: 'Wrong information',
  animal_welfare: 'Animal welfare concern',
  offensive: 'Offensive',
  other: 'Other',
};

const optionalId = v.optional(v.pipe(numberish('Unknown item'), v.integer('Unknown item'), v.minValue(1, 'Unknown item'), v.maxValue(2_147_483_647, 'Unknown item')));

/** a report of a listing (puppyId) or of a message (messageId): exactly one of them */
export const ReportSchema = v.pipe(
  v.object({
    puppyId: optionalId,
    messageId: optionalId,
    reason: v.picklist(REPORT_REASONS, FORM_REFUSALS.report_reason),
    comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, FORM_REFUSALS.comment_too_long)), ''),
  }),
  v.check((r) => (r.puppyId === undefined) !== (r.messageId === undefined), FORM_REFUSALS.report_target),
);
export type ReportInput = v.InferOutput<typeof ReportSchema>;

/** what an admin decides about a report */
export const MODERATION_DECISIONS = ['dismiss', 'hide_listing', 'suspend_user'] as const;
export const ModerationDecisionSchema = v.object({
  decision: v.picklist(MODERATION_DECISIONS, 'Unknown decision'),
});

/** an admin takes a hide or a suspension back */
export const ModerationUndoSchema = v.object({
  undo: v.picklist(['unhide_listing', 'unsuspend_user'] as const, 'Unknown decision'),
  id: v.pipe(numberish('Unknown item'), v.integer('Unknown item'), v.minValue(1, 'Unknown item'), v.maxValue(2_147_483_647, 'Unknown item')),
});

export interface PartyView {
  id: number;
  username: string;
}

export interface ConversationPuppy {
  id: number;
  name: string;
  imageUrl: string;
}

export interface ConversationSummary {
  id: number;
  /** null when the listing was deleted */
  puppy: ConversationPuppy | null;
  /** the other party */
  with: PartyView;
  /** the viewer is the family asking (buyer) or the seller */
  role: 'buyer' | 'seller';
  lastMessage: { body: string; createdAt: string; mine: boolean } | null;
  unread: boolean;
}

export interface ConversationsResponse {
  conversations: ConversationSummary[];
  unread: number;
}

export interface MessageView {
  id: number;
  mine: boolean;
  sender: string;
  body: string;
  createdAt: string;
  /** the scam guard found a request to pay off the platform (shown to the recipient with advice) */
  flagged: boolean;
}

export interface ConversationView extends Omit<ConversationSummary, 'lastMessage' | 'unread'> {
  messages: MessageView[];
}

export interface SentMessageResponse {
  conversationId: number;
  message: MessageView;
}

/** My Listings: each listing's number of conversations and, when hidden, why */
export interface MyListingsConversationsResponse {
  conversations: Record<string, number>;
  hidden: Record<string, string>;
}

export interface ModerationQueueItem {
  id: number;
  reason: ReportReasonId;
  comment: string;
  createdAt: string;
  reporter: PartyView;
  listing: { id: number; name: string; hidden: boolean; seller: PartyView & { suspended: boolean } } | null;
  message: { id: number; body: string; conversationId: number; sender: PartyView & { suspended: boolean } } | null;
}

export interface ModerationQueueResponse {
  reports: ModerationQueueItem[];
  hiddenListings: { id: number; name: string; reason: string; hiddenAt: string }[];
  suspendedUsers: (PartyView & { suspendedAt: string })[];
  actions: { id: number; admin: string; action: string; createdAt: string; reportId: number | null; puppyId: number | null; userId: number | null }[];
}
