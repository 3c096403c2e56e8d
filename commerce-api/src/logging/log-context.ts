// The ids of the work in progress, on every log line it writes (decision 0116): the request id for a
// request, the job and run id for a job run, the event id for a payment event. Held in an
// AsyncLocalStorage, so a line written by a rule deep inside a request, after any number of awaits,
// carries the request's id without the rule knowing of requests; the logger's mixin reads it.
import { AsyncLocalStorage } from 'node:async_hooks';

export type LogFields = Readonly<Record<string, string>>;

const context = new AsyncLocalStorage<LogFields>();
const NONE: LogFields = Object.freeze({});

/** runs `fn` with `fields` (added to those of the work it is part of) on every line it writes */
export function withLogFields<T>(fields: LogFields, fn: () => T): T {
  const outer = context.getStore();
  return context.run(outer ? { ...outer, ...fields } : fields, fn);
}

/** the fields of the work in progress: a copy, since pino merges each line's own fields into it */
export function currentLogFields(): Record<string, string> {
  return { ...(context.getStore() ?? NONE) };
}
