// The scheduler's lease (decision 0094): with leases, a tick runs its job only when this process wins the
// claim; two schedulers sharing one set of leases (two processes on one database) run a job once per tick.
import { afterEach, expect, it, vi } from 'vitest';
import { createLocalScheduler, type Job } from '../../../commerce-api/src/jobs/scheduler.ts';
import type { JobLeases } from '../../../commerce-api/src/domain/store/index.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** the PostgreSQL rule in memory: a claim wins when the job's last claimed run is at least minGapMs old */
function memoryLeases(): JobLeases {
  const last = new Map<string, number>();
  return {
    async claim(name, minGapMs, now) {
      const previous = last.get(name);
      if (previous !== undefined && now.getTime() - previous < minGapMs) return false;
      last.set(name, now.getTime());
      return true;
    },
  };
}

it('two schedulers on shared leases run a job once per interval; without leases each runs it', async () => {
  vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00Z') });
  const runs: string[] = [];
  const job = (who: string): Job => ({ name: 'sweep', everyMs: 1000, run: async () => void runs.push(who) });
  const options = { now: () => new Date(), log: () => {} };
  const leases = memoryLeases();

  const a = createLocalScheduler([job('a')], { ...options, leases });
  await vi.advanceTimersByTimeAsync(300);
  const b = createLocalScheduler([job('b')], { ...options, leases });
  await vi.advanceTimersByTimeAsync(3000);
  // a ticks at 1000, 2000, 3000; b at 1300, 2300, 3300: b never finds the last run 900 ms old
  expect(runs).toEqual(['a', 'a', 'a']);
  await Promise.all([a.stop(), b.stop()]);

  runs.length = 0;
  const c = createLocalScheduler([job('c')], options);
  const d = createLocalScheduler([job('d')], options);
  await vi.advanceTimersByTimeAsync(1000);
  expect(runs.sort()).toEqual(['c', 'd']);
  await Promise.all([c.stop(), d.stop()]);
});

it('a claim that fails is logged and the tick is skipped, never thrown', async () => {
  vi.useFakeTimers();
  const lines: string[] = [];
  const run = vi.fn(async () => {});
  const leases: JobLeases = { claim: async () => Promise.reject(new Error('connection refused')) };
  const scheduler = createLocalScheduler([{ name: 'sweep', everyMs: 1000, run }], {
    now: () => new Date(),
    log: (l) => lines.push(l),
    leases,
  });
  await vi.advanceTimersByTimeAsync(1000);
  expect(run).not.toHaveBeenCalled();
  expect(lines).toEqual(['job sweep failed: connection refused']);
  await scheduler.stop();
});
