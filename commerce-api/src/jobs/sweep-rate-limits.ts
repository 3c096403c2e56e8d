// The shared rate-limit counters (PostgreSQL, decision 0093) keep a row per limiter and key; a row whose
// window ended is reset by its next hit, and forgotten here an hour later so the table stays small.
import type { RateLimitCounters } from '../domain/store/index.ts';
import type { Job } from './scheduler.ts';

const HOUR_MS = 60 * 60 * 1000;

export function sweepRateLimitsJob(counters: RateLimitCounters): Job {
  return {
    name: 'sweep-rate-limits',
    everyMs: HOUR_MS,
    async run(now) {
      await counters.sweep(new Date(now.getTime() - HOUR_MS));
    },
  };
}
