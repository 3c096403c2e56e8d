// What the payout use cases need (docs/decisions/0101), and the one rule for the money: the
// seller's share is the puppy's price less the platform's fee; the care package stays with PuppyNest.
import type { FulfilmentDeps } from '../fulfilment/types.ts';

/** what fulfilment works with (store, routed provider, mailer, clock, log, site URL) and the payout terms */
export type PayoutContext = FulfilmentDeps;

const DAY_MS = 86_400_000;

/** the fee in whole cents, rounded half up; the seller gets the rest of the puppy's price */
export function shareOf(puppyPriceCents: number, feePercent: number): { feeCents: number; amountCents: number } {
  const feeCents = Math.round((puppyPriceCents * feePercent) / 100);
  return { feeCents, amountCents: puppyPriceCents - feeCents };
}

/** when the buyer's window after a handover at `at` ends */
export function releaseAtFor(at: Date, holdDays: number): string {
  return new Date(at.getTime() + holdDays * DAY_MS).toISOString();
}

/** a payout that goes on after a hold: released at once when the buyer had confirmed or the window ended */
export function resumeAt(releaseAt: string, confirmedAt: string | null, now: string): string {
  return confirmedAt !== null || releaseAt < now ? now : releaseAt;
}

const payoutDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** a date as payout notes and mails write it */
export function formatPayoutDate(iso: string): string {
  return payoutDate.format(new Date(iso));
}
