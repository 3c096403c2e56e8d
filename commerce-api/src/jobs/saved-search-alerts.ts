// Every 30 seconds (decision 0131): the listings made public or changed since the last run are matched
// against the saved searches; instant alerts are mailed at once, daily digests when due. Publishing never
// waits for it. Safe in several processes at once: the job's lease picks one run per interval, and each
// (search, listing) delivery row is claimed before its mail goes.
import type { AlertFilters } from '#contracts/alerts.ts';
import { runAlerts, type AlertDeps } from '../domain/saved-searches.ts';
import type { Job } from './scheduler.ts';

export const ALERTS_EVERY_MS = 30_000;

export function savedSearchAlertsJob(deps: AlertDeps): Job {
  // the parsed filters of the searches, kept between runs (many searches share one query)
  const parsed = new Map<string, AlertFilters | null>();
  return {
    name: 'saved-search-alerts',
    everyMs: ALERTS_EVERY_MS,
    async run(now) {
      const run = await runAlerts(deps, now, parsed);
      if (run.mailed || run.digests)
        deps.log.info(
          `alerts: ${run.mailed} matches and ${run.digests} digests mailed (${run.listings} listings read)`,
        );
    },
  };
}
