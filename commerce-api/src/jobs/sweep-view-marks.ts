// The listing insights' visitor marks and salts (decision 0135) are a day's dedup only: once the day is over
// they are deleted, so no mark can be tied to a visitor afterwards. A view on a new day sweeps too; this
// job sweeps on a quiet day.
import type { Repositories } from '../domain/store/index.ts';
import { sweepViewMarks } from '../domain/insights.ts';
import type { Job } from './scheduler.ts';

const TEN_MINUTES_MS = 10 * 60 * 1000;

export function sweepViewMarksJob(store: Repositories): Job {
  return {
    name: 'sweep-view-marks',
    everyMs: TEN_MINUTES_MS,
    async run(now) {
      await sweepViewMarks(store, now);
    },
  };
}
