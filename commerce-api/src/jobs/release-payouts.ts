// Every minute (decisions 0101, 0107), the payouts whose buyer's window ended are released, and released payouts
// still to send (waiting for the seller's account, or refused for the platform's balance) are tried
// again. Safe to run in several processes at once (domain/payouts/release.ts); the job lease keeps it
// to one run per minute across them anyway.
import type { PayoutContext } from '../domain/payouts/context.ts';
import { settleClaimedRefunds } from '../domain/order-refunds.ts';
import { releaseDuePayouts } from '../domain/payouts/release.ts';
import type { Job } from './scheduler.ts';

export function releasePayoutsJob(ctx: PayoutContext): Job {
  return {
    name: 'release-payouts',
    everyMs: 60_000,
    async run(now) {
      const { released, sent, reversed } = await releaseDuePayouts(ctx, now);
      // refunds claimed and not settled (an outage, a transfer that was under way) are asked again
      const refunded = await settleClaimedRefunds(ctx);
      if (released || sent || reversed || refunded)
        ctx.log.info(`payouts: ${released} released, ${sent} sent, ${reversed} reversed; ${refunded} refunds settled`);
    },
  };
}
