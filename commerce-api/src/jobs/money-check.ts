// Once a day, the money check (domain/money-check.ts) compares every order and payout with the payment
// provider's own objects and keeps the report for /admin; its summary, and the first mismatches, go to
// the log. The job ticks hourly and checks when the stored report is a day old (or missing): a process
// restarted more often than daily (each deploy) still checks once a day. It only reads, so a second run
// would be harmless; the job lease keeps it to one at a time across processes anyway.
import { runMoneyCheck, type MoneyCheckContext } from '../domain/money-check.ts';
import type { Job } from './scheduler.ts';

export const MONEY_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
const TICK_MS = 60 * 60 * 1000;

export function moneyCheckJob(ctx: MoneyCheckContext): Job {
  return {
    name: 'money-check',
    everyMs: TICK_MS,
    async run(now) {
      const last = await ctx.store.settings.moneyCheck();
      // an hour's slack, so a check that took a while still runs the next day, not the day after
      if (last && now.getTime() - Date.parse(last.checkedAt) < MONEY_CHECK_EVERY_MS - TICK_MS) return;
      // the context's clock, not the tick's: the report says when the check really ran
      await runMoneyCheck(ctx);
    },
  };
}
