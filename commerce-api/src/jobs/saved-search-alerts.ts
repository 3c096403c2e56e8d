// Every 30 seconds (decision 0131): the listings made public or changed since the last run are matched
// against the saved searches; instant alerts are mailed at once, daily digests when due. Publishing never
// waits for it. Safe in several processes at once: the job's lease picks one run per interval, and each
// (search, listing) delivery row is claimed before its mail goes.
import { newAlertsMemo, runAlerts, type AlertDeps } from '../domain/saved-searches.ts';
import type { Job } from './scheduler.ts';

export const ALERTS_EVERY_MS = 30_000;

export function savedSearchAlertsJob(deps: AlertDeps): Job {
  // the parsed filters and the changes already matched, kept between runs
  const memo = newAlertsMemo();
  return {
    name: 'saved-search-alerts',
    everyMs: ALERTS_EVERY_MS,
    async run(now) {
      const run = await runAlerts(deps, now, memo);
      if (run.mailed || run.digests)
        deps.log.info(
          `alerts: ${run.mailed} matches and ${run.digests} digests mailed (${run.listings} listings read)`,
        );
    },
  };
}
