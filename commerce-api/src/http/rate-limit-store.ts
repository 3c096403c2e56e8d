// An express-rate-limit Store over the database's shared counters (decision 0093): on
// PostgreSQL every process counts in one table, so a limit of 5 is 5 across all processes. Each
// limiter gets its own key prefix (two limiters must never count into one key by accident).
import type { Options, Store } from 'express-rate-limit';
import type { RateLimitCounters } from '../domain/store/index.ts';

export function sharedRateLimitStore(counters: RateLimitCounters, prefix: string): Store {
  let windowMs = 60_000;
  return {
    localKeys: false,
    prefix: `${prefix}:`,
    init: (options: Options) => {
      windowMs = options.windowMs;
    },
    increment: async (key) => {
      const { hits, windowEndsAt } = await counters.hit(`${prefix}:${key}`, windowMs, new Date());
      return { totalHits: hits, resetTime: windowEndsAt };
    },
    decrement: (key) => counters.unhit(`${prefix}:${key}`),
    resetKey: (key) => counters.reset(`${prefix}:${key}`),
  };
}
