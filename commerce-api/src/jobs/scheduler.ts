// The seam for scheduled jobs. A job is a plain async function of `now`, so tests call it with any
// time they like. Each process keeps its own timers; when several processes share a PostgreSQL
// database, each tick first claims the job's lease there (storage JobLeases, decision 0094), so a job
// runs once per interval across machines. The jobs themselves do not change.
// Each run gets a run id: every line it writes carries the job's name and that id, and the run ends
// with one line saying how it went; runs and failures are counted when metrics are kept (decision 0116).
import { randomUUID } from 'node:crypto';
import type { JobLeases } from '../domain/store/index.ts';
import type { Log } from '../logging/log.ts';
import { withLogFields } from '../logging/log-context.ts';
import type { Metrics } from '../metrics/metrics.ts';

export interface Job {
  readonly name: string;
  readonly everyMs: number;
  run(now: Date): Promise<void>;
}

export interface Scheduler {
  /** waits for runs in progress; no new run starts */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  now: () => Date;
  log: Log;
  /** several processes on one database: claim each run first (absent: this process runs every tick) */
  leases?: JobLeases;
  /** runs, failures and the last success of each job (absent: not counted) */
  metrics?: Metrics;
}

/**
 * A run is claimed when the last one is at least 90% of an interval old: timers drift a little, and a
 * process whose tick comes a moment early must not lose its turn to its own previous run.
 */
const LEASE_GAP = 0.9;

/** runs each job every `everyMs` (first run after one interval); a run never overlaps the previous one */
export function createLocalScheduler(jobs: readonly Job[], { now, log, leases, metrics }: SchedulerOptions): Scheduler {
  const running = new Set<Promise<void>>();
  /** one run of `job`, in a log context of its own; never throws */
  const runOnce = (job: Job, at: Date) =>
    withLogFields({ job: job.name, runId: randomUUID() }, async () => {
      const started = performance.now();
      metrics?.jobRuns.inc({ job: job.name });
      try {
        await job.run(at);
        metrics?.jobLastSuccess.set({ job: job.name }, now().getTime() / 1000);
        log.info(`job ${job.name} ran in ${Math.round(performance.now() - started)} ms`);
      } catch (error) {
        metrics?.jobFailures.inc({ job: job.name });
        log.error(`job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  let stopped = false;
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      const at = now();
      const run = (leases ? leases.claim(job.name, job.everyMs * LEASE_GAP, at) : Promise.resolve(true))
        .then((mine) => (mine ? runOnce(job, at) : undefined))
        .catch((error: unknown) =>
          log.error(
            `job ${job.name}: its run could not be claimed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
    // A pending job never keeps the process alive.
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
