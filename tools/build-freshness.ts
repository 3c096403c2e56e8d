// When npm start (tools/start.ts) must build something again, the site or the Studio: the one decision
// for both (decision 0120), kept apart from the file system so a unit test can ask it directly.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface BuiltState {
  /** when the build was made (its marker file's mtime), or null when there is none */
  builtAt: number | null;
  /** what it was made for (the site's address, the Studio's project), or null when unknown */
  builtFor: string | null;
}

export interface Wanted {
  /** what the build must be made for now */
  for: string;
  /** the newest mtime among the build's sources */
  sourcesChangedAt: number;
}

export type RebuildReason = 'missing' | 'older than its sources' | 'made for something else';

/** why the build must be made again, or null when it is fresh */
export function rebuildReason(built: BuiltState, wanted: Wanted): RebuildReason | null {
  if (built.builtAt === null) return 'missing';
  if (built.builtFor !== wanted.for) return 'made for something else';
  if (wanted.sourcesChangedAt > built.builtAt) return 'older than its sources';
  return null;
}

/** the newest mtime of a file or of anything under a folder (0 when it does not exist), skipping `skip` names */
export function newestMtime(target: string, skip: ReadonlySet<string> = new Set()): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (max, name) => (skip.has(name) ? max : Math.max(max, newestMtime(path.join(target, name), skip))),
    stat.mtimeMs,
  );
}

/** a marker file's mtime, or null when it does not exist */
export function mtimeOf(file: string): number | null {
  return existsSync(file) ? statSync(file).mtimeMs : null;
}
