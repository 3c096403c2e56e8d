// Logs in tests (decision 0116): the server's own logger (logging/logger.ts, its redaction and ids
// included), writing into memory instead of stdout, so a run's output stays readable and a test can
// read what was logged.
import type { Config } from '../../commerce-api/src/config.ts';
import type { Log } from '../../commerce-api/src/logging/log.ts';
import { createLogger } from '../../commerce-api/src/logging/logger.ts';

/** one JSON line as the logger wrote it */
export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

export function capturedLog(level: Config['logs']['level'] = 'info') {
  const written: string[] = [];
  const lines: LogLine[] = [];
  /** the messages alone, in order (a live array) */
  const messages: string[] = [];
  const log = createLogger(
    { level, format: 'json' },
    {
      write(line: string) {
        written.push(line);
        const parsed = JSON.parse(line) as LogLine;
        lines.push(parsed);
        messages.push(parsed.msg);
      },
    },
  );
  /** everything written, exactly as it would have reached stdout */
  const output = () => written.join('');
  return { log, lines, messages, output };
}

/** a log that keeps nothing, for code whose lines a test does not read */
export const silentLog: Log = { info() {}, warn() {}, error() {} };
