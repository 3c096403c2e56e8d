// Reports and the moderation that follows (docs/decisions/0092). Anyone logged in reports
// a listing or a review (decision 0119); a party reports a message of their conversation. An admin works the queue oldest
// first: dismiss, hide the listing (404 publicly; its seller sees why in My Listings) or suspend the
// account (no login, its listings hidden). Every decision is recorded (who, when, what), and a hide
// or a suspension can be taken back.
import { movePayout } from './money-life.ts';
import { resumeAt } from './payouts/context.ts';
import {
  REPORT_REASON_LABELS,
  type ModerationQueueItem,
  type ModerationQueueResponse,
  type ReportInput,
} from '#contracts/conversations.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { Store, Repositories } from './store/index.ts';
import type { ModerationActionKind, Report, User } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';
import { setReviewHidden } from './reviews.ts';

/** the reason a suspension writes on the listings it hides (and lifts from them when undone) */
export const SUSPENDED_LISTING_REASON = "Hidden because the seller's account is suspended.";

export const REPORT_RECEIVED = 'Thank you. Our team will review your report.';

export async function fileReport(store: Store, reporter: User, input: ReportInput, now: Date): Promise<Report> {
  if (input.puppyId !== undefined) {
    const puppy = await store.puppies.get(input.puppyId);
    if (!puppy || !isPublic(puppy, now)) throw new NotFoundError('Puppy Not Found');
  } else if (input.reviewId !== undefined) {
    const review = await store.reviews.get(input.reviewId);
    if (!review || review.hiddenAt !== null) throw new NotFoundError('Review not found');
    if (review.buyerId === reporter.id) throw new ValidationError('You cannot report your own review.');
  } else {
    const message = await store.messages.get(input.messageId!);
    const conversation = message && (await store.conversations.get(message.conversationId));
    // only a party may report a message; anyone else learns nothing about it
    if (!message || !conversation || (conversation.buyerId !== reporter.id && conversation.sellerId !== reporter.id))
      throw new NotFoundError('Message not found');
    if (message.senderId === reporter.id) throw new ValidationError('You cannot report your own message.');
  }
  return store.reports.create({
    reporterId: reporter.id,
    puppyId: input.puppyId ?? null,
    messageId: input.messageId ?? null,
    reviewId: input.reviewId ?? null,
    reason: input.reason,
    comment: input.comment,
    createdAt: now.toISOString(),
  });
}

/** the user a report is about: the listing's seller or the message's sender */
async function reportedUserId(tx: Repositories, report: Report): Promise<number | undefined> {
  if (report.puppyId !== null) return (await tx.puppies.get(report.puppyId))?.userId;
  if (report.messageId !== null) return (await tx.messages.get(report.messageId))?.senderId;
  if (typeof report.reviewId === 'number') return (await tx.reviews.get(report.reviewId))?.buyerId;
  return undefined;
}

export type Decision = 'dismiss' | 'hide_listing' | 'hide_review' | 'suspend_user';

/** an admin's decision on an open report: applied and recorded together, once */
export async function decideReport(
  store: Store,
  admin: User,
  reportId: number,
  decision: Decision,
  now: Date,
): Promise<{ message: string }> {
  return store.transaction(async (tx) => {
    const report = await tx.reports.get(reportId);
    if (!report) throw new NotFoundError('Report not found');
    const record = (action: ModerationActionKind, target: { puppyId?: number; userId?: number }) =>
      tx.moderation.record({
        adminId: admin.id,
        action,
        reportId,
        puppyId: target.puppyId ?? null,
        userId: target.userId ?? null,
        createdAt: now.toISOString(),
      });
    let message: string;
    if (decision === 'dismiss') {
      await resolveOnce(tx, reportId, admin, now);
      await record('dismiss', {});
      message = 'Report dismissed.';
    } else if (decision === 'hide_listing') {
      if (report.puppyId === null) throw new ValidationError('Only a reported listing can be hidden.');
      await resolveOnce(tx, reportId, admin, now);
      const hidden = await tx.moderation.hideListing(
        report.puppyId,
        `Hidden by our team after a report: ${REPORT_REASON_LABELS[report.reason]}.`,
        now,
      );
      if (!hidden) throw new NotFoundError('Puppy Not Found');
      await record('hide_listing', { puppyId: hidden.id });
      message = `${hidden.name} is hidden.`;
    } else if (decision === 'hide_review') {
      if (typeof report.reviewId !== 'number') throw new ValidationError('Only a reported review can be hidden.');
      await resolveOnce(tx, reportId, admin, now);
      // the buyer and the seller see this reason on the order (decision 0119)
      const hidden = await setReviewHidden(
        tx,
        report.reviewId,
        `Hidden by our team after a report: ${REPORT_REASON_LABELS[report.reason]}.`,
        now,
      );
      if (!hidden) throw new NotFoundError('Review not found');
      await record('hide_review', { puppyId: hidden.puppyId, userId: hidden.buyerId });
      message = 'The review is hidden.';
    } else {
      const userId = await reportedUserId(tx, report);
      const target = userId === undefined ? undefined : await tx.users.get(userId);
      if (!target) throw new NotFoundError('User not found');
      if (target.role === 'admin') throw new ValidationError('An administrator cannot be suspended.');
      await resolveOnce(tx, reportId, admin, now);
      await tx.moderation.suspendUser(target.id, SUSPENDED_LISTING_REASON, now);
      await holdPayouts(tx, target.id, now);
      await record('suspend_user', { userId: target.id });
      message = `${target.username} is suspended.`;
    }
    return { message };
  });
}

/**
 * A suspended seller is not paid while the suspension lasts (decision 0107): the payouts not yet sent
 * are held, in the suspension's transaction; the release and transfer steps also check the seller.
 */
async function holdPayouts(tx: Repositories, sellerId: number, now: Date): Promise<void> {
  for (const payout of await tx.payouts.listBySeller(sellerId)) {
    await movePayout(tx, payout, 'hold', { heldAt: now.toISOString(), holdReason: 'suspended' });
  }
}

/** reinstated: the payouts held for the suspension go on where they were */
async function resumePayouts(tx: Repositories, sellerId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  for (const payout of await tx.payouts.listBySeller(sellerId)) {
    if (payout.status === 'held' && payout.holdReason === 'suspended') {
      await movePayout(tx, payout, 'unhold', {
        holdReason: null,
        heldAt: null,
        releaseAt: resumeAt(payout.releaseAt, payout.confirmedAt ?? payout.releasedAt, at),
      });
    }
  }
}

async function resolveOnce(tx: Repositories, reportId: number, admin: User, now: Date): Promise<void> {
  if (!(await tx.reports.resolve(reportId, admin.id, now)))
    throw new ConflictError('This report was already handled.', 'report_handled');
}

/** takes back a hide or a suspension, and records it */
export async function undoModeration(
  store: Store,
  admin: User,
  undo: 'unhide_listing' | 'unsuspend_user',
  id: number,
  now: Date,
): Promise<{ message: string }> {
  return store.transaction(async (tx) => {
    if (undo === 'unhide_listing') {
      const puppy = await tx.moderation.unhideListing(id);
      if (!puppy) throw new NotFoundError('Puppy Not Found');
      await tx.moderation.record({
        adminId: admin.id,
        action: 'unhide_listing',
        reportId: null,
        puppyId: id,
        userId: null,
        createdAt: now.toISOString(),
      });
      return { message: `${puppy.name} is visible again.` };
    }
    const user = await tx.moderation.unsuspendUser(id, SUSPENDED_LISTING_REASON);
    if (!user) throw new NotFoundError('User not found');
    await resumePayouts(tx, id, now);
    await tx.moderation.record({
      adminId: admin.id,
      action: 'unsuspend_user',
      reportId: null,
      puppyId: null,
      userId: id,
      createdAt: now.toISOString(),
    });
    return { message: `${user.username} can log in again.` };
  });
}

/** the queue (oldest first), what can be taken back, and the latest decisions */
export async function moderationQueue(store: Store): Promise<ModerationQueueResponse> {
  const users = new Map<number, User | undefined>();
  const user = async (id: number) => {
    if (!users.has(id)) users.set(id, await store.users.get(id));
    return users.get(id);
  };
  const party = async (id: number) => {
    const u = await user(id);
    return { id, username: u?.username ?? 'A former member', suspended: Boolean(u?.suspendedAt) };
  };
  const reports: ModerationQueueItem[] = [];
  for (const report of await store.reports.listOpen()) {
    const reporter = report.reporterId === null ? null : await party(report.reporterId);
    const puppy = report.puppyId === null ? undefined : await store.puppies.get(report.puppyId);
    const message = report.messageId === null ? undefined : await store.messages.get(report.messageId);
    const review = typeof report.reviewId === 'number' ? await store.reviews.get(report.reviewId) : undefined;
    reports.push({
      id: report.id,
      reason: report.reason,
      comment: report.comment,
      createdAt: report.createdAt,
      reporter: reporter && { id: reporter.id, username: reporter.username },
      listing: puppy
        ? { id: puppy.id, name: puppy.name, hidden: Boolean(puppy.hiddenAt), seller: await party(puppy.userId) }
        : null,
      message: message
        ? {
            id: message.id,
            body: message.body,
            conversationId: message.conversationId,
            sender: await party(message.senderId),
          }
        : null,
      review: review
        ? {
            id: review.id,
            rating: review.rating,
            body: review.body,
            hidden: review.hiddenAt !== null,
            buyer: await party(review.buyerId),
          }
        : null,
    });
  }
  const hiddenListings = (await store.moderation.listHidden()).map((p) => ({
    id: p.id,
    name: p.name,
    reason: p.hiddenReason ?? '',
    hiddenAt: p.hiddenAt!,
  }));
  const suspendedUsers = (await store.moderation.listSuspended()).map((u) => ({
    id: u.id,
    username: u.username,
    suspendedAt: u.suspendedAt!,
  }));
  const actions = [];
  for (const a of await store.moderation.listActions(50)) {
    actions.push({
      id: a.id,
      admin: (await user(a.adminId))?.username ?? 'A former admin',
      action: a.action,
      createdAt: a.createdAt,
      reportId: a.reportId,
      puppyId: a.puppyId,
      userId: a.userId,
    });
  }
  return { reports, hiddenListings, suspendedUsers, actions };
}
