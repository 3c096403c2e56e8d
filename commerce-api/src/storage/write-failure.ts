// What a failed save tells its callers. A full disk or a data folder that cannot be written is the
// server's condition, not the request's fault: it becomes 507 or 503 with a message a person reads,
// keeping the file error as the cause for the log. Anything else stays as it was (a 500).
import { StorageFullError, StorageUnavailableError } from '../errors.ts';

const FULL = new Set(['ENOSPC', 'EDQUOT']);
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

export function storageWriteError(error: unknown): unknown {
  const code = errnoCode(error);
  if (code && FULL.has(code)) return new StorageFullError({ cause: error });
  if (code && UNWRITABLE.has(code)) return new StorageUnavailableError({ cause: error });
  return error;
}

/** the errno code of the error or of one of its causes (the adapter wraps the fs error) */
function errnoCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
