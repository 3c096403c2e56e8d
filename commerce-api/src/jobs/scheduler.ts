// The seam for scheduled jobs. A job is a plain async function of `now`, so tests call it with any
// time they like. Each process keeps its own timers; when several processes share a PostgreSQL
// database, each tick first claims the job's lease there (storage JobLeases, decision 0094), so a job
// runs once per interval across machines. The jobs themselves do not change.
import type { JobLeases } from '../domain/store/index.ts';

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
  log: (line: string) => void;
  /** several processes on one database: claim each run first (absent: this process runs every tick) */
  leases?: JobLeases;
}

/**
 * A run is claimed when the last one is at least 90% of an interval old: timers drift a little, and a
 * process whose tick comes a moment early must not lose its turn to its own previous run.
 */
const LEASE_GAP = 0.9;

/** runs each job every `everyMs` (first run after one interval); a run never overlaps the previous one */
export function createLocalScheduler(jobs: readonly Job[], { now, log, leases }: SchedulerOptions): Scheduler {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      const at = now();
      const run = (leases ? leases.claim(job.name, job.everyMs * LEASE_GAP, at) : Promise.resolve(true))
        .then((mine) => (mine ? job.run(at) : undefined))
        .catch((error: unknown) =>
          log(`job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`),
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
