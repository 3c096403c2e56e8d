// Three flags from one sender in a day put the account in the moderation queue (decision 0117,
// docs/product.md §14). The flagged messages are still delivered, with their advice; what changes is
// that our team looks at the sender. The guard files an ordinary report (reason "scam", no reporter,
// quoting the last flagged message), so an admin dismisses it or suspends the sender as for any other
// (decision 0092). The count starts again after each of its reports: three more flagged messages within
// 24 hours file the next one.
import type { Report, User } from './model.ts';
import type { Store } from './store/index.ts';

/** flagged messages from one sender within FLAG_WINDOW_MS that file a report */
export const FLAGS_FOR_QUEUE = 3;
export const FLAG_WINDOW_MS = 24 * 60 * 60 * 1000;

export function scamGuardComment(count: number): string {
  return `The scam guard flagged ${count} messages from this account within 24 hours.`;
}

/**
 * Called after a flagged message from `sender` is stored: files the guard's report when this makes
 * three since its last one within 24 hours; the report, or undefined.
 */
export async function queueRepeatedFlags(store: Store, sender: User, now: Date): Promise<Report | undefined> {
  return store.transaction(async (tx) => {
    // one request at a time counts a sender's flags (across processes): two flagged messages sent at
    // once file one report, not two
    await tx.users.lock(sender.id);
    const last = await tx.reports.lastByScamGuard(sender.id);
    const after = last?.messageId ?? 0;
    const flagged = (await tx.messages.listFlaggedBySender(sender.id, new Date(now.getTime() - FLAG_WINDOW_MS))).filter(
      (m) => m.id > after,
    );
    if (flagged.length < FLAGS_FOR_QUEUE) return undefined;
    return tx.reports.create({
      reporterId: null,
      puppyId: null,
      messageId: flagged.at(-1)!.id,
      reason: 'scam',
      comment: scamGuardComment(flagged.length),
      createdAt: now.toISOString(),
    });
  });
}
