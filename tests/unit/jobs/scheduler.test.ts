// The scheduler's lease (decision 0094): with leases, a tick runs its job only when this process wins the
// claim; two schedulers sharing one set of leases (two processes on one database) run a job once per tick.
// Each run is logged with its job and run id, and counted (decision 0116).
import { afterEach, expect, it, vi } from 'vitest';
import { createLocalScheduler, type Job } from '../../../commerce-api/src/jobs/scheduler.ts';
import type { JobLeases } from '../../../commerce-api/src/domain/store/index.ts';
import { createMetrics } from '../../../commerce-api/src/metrics/metrics.ts';
import { createMemoryStorage } from '../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../commerce-api/src/storage/lowdb/repositories.ts';
import { capturedLog, silentLog } from '../../support/captured-log.ts';

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
  const options = { now: () => new Date(), log: silentLog };
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
  const { log, messages } = capturedLog();
  const run = vi.fn(async () => {});
  const leases: JobLeases = { claim: async () => Promise.reject(new Error('connection refused')) };
  const scheduler = createLocalScheduler([{ name: 'sweep', everyMs: 1000, run }], {
    now: () => new Date(),
    log,
    leases,
  });
  await vi.advanceTimersByTimeAsync(1000);
  expect(run).not.toHaveBeenCalled();
  expect(messages).toEqual(['job sweep: its run could not be claimed: connection refused']);
  await scheduler.stop();
});

it('logs each run with its job and a run id of its own on every line, and counts runs, failures and the last success', async () => {
  vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00Z') });
  const { log, lines } = capturedLog();
  const metrics = createMetrics({ store: createLowdbRepositories(createMemoryStorage()), log: silentLog });
  let calls = 0;
  const job: Job = {
    name: 'release-payouts',
    everyMs: 1000,
    run: async () => {
      calls++;
      // a line the job writes itself, after an await, as a rule deep in a job would
      await Promise.resolve();
      log.info(`payouts: call ${calls}`);
      if (calls === 2) throw new Error('the provider did not answer');
    },
  };
  const scheduler = createLocalScheduler([job], { now: () => new Date(), log, metrics });
  await vi.advanceTimersByTimeAsync(2000);
  await scheduler.stop();

  expect(lines.map((line) => [line.level, line.msg])).toEqual([
    ['info', 'payouts: call 1'],
    ['info', expect.stringMatching(/^job release-payouts ran in \d+ ms$/)],
    ['info', 'payouts: call 2'],
    ['error', 'job release-payouts failed: the provider did not answer'],
  ]);
  expect(lines.every((line) => line.job === 'release-payouts' && typeof line.runId === 'string')).toBe(true);
  // one id per run: both lines of a run share it, and the two runs differ
  expect(lines[0]!.runId).toBe(lines[1]!.runId);
  expect(lines[2]!.runId).toBe(lines[3]!.runId);
  expect(lines[0]!.runId).not.toBe(lines[2]!.runId);

  const text = await metrics.registry.metrics();
  expect(text).toContain('puppynest_job_runs_total{job="release-payouts"} 2');
  expect(text).toContain('puppynest_job_failures_total{job="release-payouts"} 1');
  // the first run's end, at the fake clock's first tick
  expect(text).toContain(
    `puppynest_job_last_success_timestamp_seconds{job="release-payouts"} ${Date.parse('2026-06-01T12:00:01Z') / 1000}`,
  );
});
