// Runs the configured site rebuild (SITE_REBUILD_COMMAND) after a content change: in the background,
// one at a time. Changes that arrive during a build are folded into exactly one more build afterwards,
// so a burst of publishes costs two builds at most and the last one always sees the newest content.
import { spawn } from 'node:child_process';
import type { Log } from '../logging/log.ts';

export type RebuildRequest = 'started' | 'queued' | 'disabled';

export interface SiteRebuilder {
  /** Ask for a rebuild; never waits for it. */
  request(): RebuildRequest;
  /** Resolves when no build runs and none is waiting (tests, shutdown). */
  idle(): Promise<void>;
}

export interface RebuilderOptions {
  command: string;
  log: Log;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

const STDERR_TAIL = 2000;

export function createSiteRebuilder({
  command,
  log,
  cwd = process.cwd(),
  env = process.env,
}: RebuilderOptions): SiteRebuilder {
  let current: Promise<void> | null = null;
  let again = false;
  let waiters: (() => void)[] = [];

  function runOnce(): Promise<void> {
    return new Promise((resolve) => {
      const started = Date.now();
      let stderr = '';
      const child = spawn(command, { shell: true, cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
      });
      child.on('error', (error) => {
        log.error(`site rebuild could not start: ${error.message}`);
        resolve();
      });
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        if (code === 0) log.info(`site rebuild finished in ${seconds}s`);
        else
          log.error(
            `site rebuild failed (exit code ${code}) after ${seconds}s: ${stderr.trim().split('\n').slice(-5).join(' | ')}`,
          );
        resolve();
      });
    });
  }

  function start(): void {
    current = runOnce().then(() => {
      if (again) {
        again = false;
        start();
        return;
      }
      current = null;
      const done = waiters;
      waiters = [];
      done.forEach((wake) => wake());
    });
  }

  return {
    request() {
      if (!command) return 'disabled';
      if (current) {
        again = true;
        return 'queued';
      }
      start();
      return 'started';
    },
    idle() {
      return current ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve();
    },
  };
}
