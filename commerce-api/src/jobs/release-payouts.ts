// Issue 18: every minute, the payouts whose buyer's window ended are released, and released payouts
// still to send (waiting for the seller's account, or refused for the platform's balance) are tried
// again. Safe to run in several processes at once (domain/payouts/release.ts); the job lease keeps it
// to one run per minute across them anyway.
import type { PayoutContext } from '../domain/payouts/context.ts';
import { releaseDuePayouts } from '../domain/payouts/release.ts';
import type { Job } from './scheduler.ts';

export function releasePayoutsJob(ctx: PayoutContext): Job {
  return {
    name: 'release-payouts',
    everyMs: 60_000,
    async run(now) {
      const { released, sent } = await releaseDuePayouts(ctx, now);
      if (released || sent) ctx.log(`payouts: ${released} released, ${sent} sent`);
    },
  };
}
