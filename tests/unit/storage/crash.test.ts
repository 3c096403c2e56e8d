// kill -9 during a burst of writes: the file must still parse and hold every acknowledged write.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../../commerce-api/src/storage/index.ts';
import { tempDataDir } from './fixtures.ts';

const writer = fileURLToPath(new URL('../../support/storage-writer.ts', import.meta.url));
// ~1 MB of rows before the burst, so that a save takes long enough for kills to land inside one.
const SEED_ROWS = 1000;
// One kill per round, each a little later after the 50th ack, so that the kills spread over the
// moments of a save. Measured: a save that acks before its flush fails this test every run; a
// non-atomic save (plain writeFile over db.json) about every second run.
const KILL_DELAYS_MS = [0, 3, 6, 9, 12, 16, 20, 25];

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface CrashRun {
  acked: number[];
  sentAtKill: number;
  ackedAtKill: number;
}

/** runs the writer until it has acknowledged `killAfter` writes, waits `delayMs`, SIGKILLs it */
function writeUntilKilled(dataDir: string, killAfter: number, delayMs: number): Promise<CrashRun> {
  return new Promise((resolve, reject) => {
    // process.execPath is the Node that runs vitest (24 through npx/npm): it strips the types.
    const child = spawn(process.execPath, [writer, dataDir, String(SEED_ROWS)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: number[] = [];
    let sent = 0;
    let killing = false;
    let sentAtKill = 0;
    let ackedAtKill = 0;
    let stderr = '';
    let buffered = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const [kind, id] = line.split(' ');
        if (kind === 'sent') sent++;
        if (kind === 'ack') acked.push(Number(id));
      }
      if (acked.length >= killAfter && !killing) {
        killing = true;
        setTimeout(() => {
          sentAtKill = sent;
          ackedAtKill = acked.length;
          child.kill('SIGKILL');
        }, delayMs);
      }
    });
    child.on('error', reject);
    // 'exit' comes once the child is reaped, so its pid is really gone when the lock is checked.
    // Every `ack` line read before then counts: the write it reports had resolved.
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ acked, sentAtKill, ackedAtKill });
      else reject(new Error(`writer exited with ${code} before the kill: ${stderr}`));
    });
  });
}

function savedIds(dataDir: string): Set<number> {
  // A plain JSON.parse: what any reader of the file, or the next start, would see.
  const saved = JSON.parse(readFileSync(path.join(dataDir, 'db.json'), 'utf8')) as {
    contactMessages: Array<{ id: number }>;
  };
  return new Set(saved.contactMessages.map((m) => m.id));
}

describe('file storage under kill -9', () => {
  it('keeps a parseable file holding every acknowledged write', async () => {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    const everAcked: number[] = [];

    for (const delayMs of KILL_DELAYS_MS) {
      // Each round reopens the folder: the killed writer's lock is stale and is taken over.
      const run = await writeUntilKilled(dir, 50, delayMs);
      // Killed mid-burst: writes had been applied in memory but not yet acknowledged.
      expect(run.sentAtKill).toBeGreaterThan(run.ackedAtKill);
      everAcked.push(...run.acked);
      const ids = savedIds(dir);
      expect(everAcked.filter((id) => !ids.has(id))).toEqual([]);
    }

    const reopened = await createFileStorage({ dataDir: dir });
    cleanups.push(() => reopened.close());
    expect(reopened.db.contactMessages.count()).toBe(savedIds(dir).size);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const next = await reopened.write((db) =>
      db.contactMessages.insert({
        name: 'After',
        email: 'a@example.com',
        phone: '',
        message: 'hi',
        puppyId: null,
        userId: null,
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
    );
    expect(next.id).toBeGreaterThan(Math.max(...everAcked));
  });
});
