// One server per DATA_DIR: two processes saving the same db.json would each overwrite the other's
// writes. The lock is `<dataDir>/.lock`, created exclusively, holding the owner's pid (and, on
// Linux, the process start time, so a pid reused after a crash, such as pid 1 in a restarted
// container, is recognised as stale). A lock whose owner is gone is taken over.
import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataDirInUseError extends Error {
  readonly pid: number;
  readonly dataDir: string;

  constructor(pid: number, dataDir: string, lockFile: string) {
    super(
      `Another PuppyNest server (pid ${pid}) is using DATA_DIR ${dataDir}. Stop it first, or set DATA_DIR to another folder. ` +
        `(If no PuppyNest server is running, delete ${lockFile}.)`,
    );
    this.name = 'DataDirInUseError';
    this.pid = pid;
    this.dataDir = dataDir;
  }
}

export interface DataDirLock {
  readonly file: string;
  /** removes the lock file if it is still ours; safe to call twice */
  release(): Promise<void>;
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, '.lock');
  const mine = lockContent(process.pid);
  // A few rounds: the lock may be released or taken over by someone else between our steps.
  for (let round = 0; round < 5; round++) {
    try {
      await writeFile(file, mine, { flag: 'wx', mode: 0o644 });
      return holdLock(file, mine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = await readIfExists(file);
    if (found === null) continue;
    const owner = parseLock(found);
    if (owner && isRunning(owner)) throw new DataDirInUseError(owner.pid, dir, file);
    // Stale (owner gone, or a crash between create and write left it empty): take it over,
    // unless it changed since we read it (another server just took it over).
    if ((await readIfExists(file)) === found) await unlink(file).catch(() => {});
  }
  throw new Error(`Could not lock DATA_DIR ${dir}: ${file} keeps changing. Is another PuppyNest server starting?`);
}

function holdLock(file: string, mine: string): DataDirLock {
  let held = true;
  // Best effort on a normal exit without close(); a kill leaves a stale lock, taken over next time.
  const onExit = (): void => {
    try {
      if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', onExit);
  return {
    file,
    async release() {
      if (!held) return;
      held = false;
      process.off('exit', onExit);
      if ((await readIfExists(file)) === mine) await unlink(file).catch(() => {});
    },
  };
}

interface LockOwner {
  pid: number;
  startTime: string | null;
}

function lockContent(pid: number): string {
  const startTime = processStartTime(pid);
  return startTime ? `${pid}\n${startTime}\n` : `${pid}\n`;
}

function parseLock(content: string): LockOwner | null {
  const [pidLine, startLine] = content.split('\n');
  // pid 0 or negative would make kill() address a process group: never accept them.
  if (!pidLine || !/^[1-9]\d*$/.test(pidLine.trim())) return null;
  return { pid: Number(pidLine.trim()), startTime: startLine?.trim() || null };
}

function isRunning(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = readProcStat(owner.pid);
  if (stat?.state === 'Z') return false;
  if (owner.startTime && stat && stat.startTime !== owner.startTime) return false;
  return true;
}

function processStartTime(pid: number): string | null {
  return readProcStat(pid)?.startTime ?? null;
}

/** state and start time (clock ticks since boot) from /proc; null where there is no /proc */
function readProcStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    const startTime = fields[19];
    return state && startTime ? { state, startTime } : null;
  } catch {
    return null;
  }
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
