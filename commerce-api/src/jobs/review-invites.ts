// Every 10 minutes (decision 0119): buyers whose puppy went home a week ago are invited to review the
// breeder, once. Safe in several processes at once (each order is claimed before its mail goes).
import { sendReviewInvites, type ReviewInviteDeps } from '../domain/review-invites.ts';
import type { Job } from './scheduler.ts';

export function reviewInvitesJob(deps: ReviewInviteDeps): Job {
  return {
    name: 'review-invites',
    everyMs: 10 * 60_000,
    async run(now) {
      const sent = await sendReviewInvites(deps, now);
      if (sent) deps.log.info(`reviews: ${sent} invitations mailed`);
    },
  };
}
