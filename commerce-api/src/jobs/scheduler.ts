// The seam for scheduled jobs. A job is a plain async function of `now`, so tests call it with any
// time they like. Today the scheduler is timers in this one process. A deployment of many processes
// replaces createLocalScheduler with one that takes a lease before each run (a row in the database,
// a lock in Redis), so a job runs once across machines; the jobs themselves do not change.

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
}

/** runs each job every `everyMs` (first run after one interval); a run never overlaps the previous one */
export function createLocalScheduler(jobs: readonly Job[], { now, log }: SchedulerOptions): Scheduler {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      const run = job
        .run(now())
        .catch((error: unknown) => log(`job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`))
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
