// Conversations between families and sellers, reports and the moderation queue (
// docs/decisions/0090–0092): one schema per contract, shared by the forms and the API.
import * as v from 'valibot';
import type { BreederLink } from './breeders.ts';
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

/**
 * What the scam guard (domain/scam-guard/) can find in a message (decision 0117): a request to pay outside
 * PuppyNest checkout, and a request to carry the conversation off PuppyNest (a phone number, an email,
 * another app, a website). A message may ask for both.
 */
export const SCAM_KINDS = ['payment', 'off_platform'] as const;
export type ScamKind = (typeof SCAM_KINDS)[number];

/** the advice shown beside a flagged message, to its recipient, one per kind found (docs/product.md §14) */
export const SCAM_ADVICE: Record<ScamKind, string> = {
  payment:
    'This message asks for a payment outside PuppyNest. Pay only through PuppyNest checkout: wire transfers, payment apps, gift cards, crypto and deposits before you see the puppy cannot be taken back.',
  off_platform:
    'This message asks to continue outside PuppyNest: by phone, by email, in another app or on a website. Keep the conversation here: outside PuppyNest our team cannot see what was said if something goes wrong, and a payment made there is not protected.',
};

export const REPORT_REASONS = ['scam', 'wrong_information', 'animal_welfare', 'offensive', 'other'] as const;
export type ReportReasonId = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReasonId, string> = {
  scam: 'Scam or fraud',
  wrong_information: 'Wrong information',
  animal_welfare: 'Animal welfare concern',
  offensive: 'Offensive',
  other: 'Other',
};

const optionalId = v.optional(
  v.pipe(
    numberish('Unknown item'),
    v.integer('Unknown item'),
    v.minValue(1, 'Unknown item'),
    v.maxValue(2_147_483_647, 'Unknown item'),
  ),
);

/** a report of a listing (puppyId), a message (messageId) or a review (reviewId, decision 0119): exactly one of them */
export const ReportSchema = v.pipe(
  v.object({
    puppyId: optionalId,
    messageId: optionalId,
    reviewId: optionalId,
    reason: v.picklist(REPORT_REASONS, FORM_REFUSALS.report_reason),
    comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, FORM_REFUSALS.comment_too_long)), ''),
  }),
  v.check(
    (r) => [r.puppyId, r.messageId, r.reviewId].filter((id) => id !== undefined).length === 1,
    FORM_REFUSALS.report_target,
  ),
);
export type ReportInput = v.InferOutput<typeof ReportSchema>;

/** what an admin decides about a report */
export const MODERATION_DECISIONS = ['dismiss', 'hide_listing', 'hide_review', 'suspend_user'] as const;
export const ModerationDecisionSchema = v.object({
  decision: v.picklist(MODERATION_DECISIONS, 'Unknown decision'),
});

/** an admin takes a hide or a suspension back */
export const ModerationUndoSchema = v.object({
  undo: v.picklist(['unhide_listing', 'unsuspend_user'] as const, 'Unknown decision'),
  id: v.pipe(
    numberish('Unknown item'),
    v.integer('Unknown item'),
    v.minValue(1, 'Unknown item'),
    v.maxValue(2_147_483_647, 'Unknown item'),
  ),
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
  /**
   * What the scam guard found in the message, for its recipient, who sees SCAM_ADVICE for each kind;
   * empty when it found nothing, and always on the viewer's own messages.
   */
  warnings: ScamKind[];
}

export interface ConversationView extends Omit<ConversationSummary, 'lastMessage' | 'unread'> {
  messages: MessageView[];
  /** the seller's breeder page (decision 0118), null without one or while the seller is suspended */
  breeder: BreederLink | null;
  /**
   * the phone the family gave with its inquiry (decision 0137): for the seller only, null for the family
   * and when none was given
   */
  familyPhone: string | null;
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
  /** null: the scam guard filed it (three flagged messages from the sender in a day, decision 0117) */
  reporter: PartyView | null;
  listing: { id: number; name: string; hidden: boolean; seller: PartyView & { suspended: boolean } } | null;
  message: { id: number; body: string; conversationId: number; sender: PartyView & { suspended: boolean } } | null;
  review: {
    id: number;
    rating: number;
    body: string;
    hidden: boolean;
    buyer: PartyView & { suspended: boolean };
  } | null;
}

export interface ModerationQueueResponse {
  reports: ModerationQueueItem[];
  hiddenListings: { id: number; name: string; reason: string; hiddenAt: string }[];
  suspendedUsers: (PartyView & { suspendedAt: string })[];
  actions: {
    id: number;
    admin: string;
    action: string;
    createdAt: string;
    reportId: number | null;
    puppyId: number | null;
    userId: number | null;
  }[];
}
