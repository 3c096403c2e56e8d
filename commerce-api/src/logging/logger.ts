// The process's logger (decision 0116): pino, one JSON object a line on stdout, written asynchronously
// (pino's default destination: what is buffered is flushed at exit). LOG_FORMAT=pretty (npm run dev)
// prints lines for a person instead. Every line carries the ids of the work in progress
// (log-context.ts), and known secrets and personal data are censored in the objects a line carries.
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.ts';
import { currentLogFields } from './log-context.ts';

export type { Logger };

/** field names whose values never reach the log, at the top of a line's object or one level down */
const SECRET_FIELDS = new Set([
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'secret',
  'clientSecret',
  'cookie',
  'authorization',
  // card and bank fields (the local provider's card form, the onboarding form)
  'card',
  'cardNumber',
  'cvc',
  'accountNumber',
  'routingNumber',
  'ssnLast4',
  // personal data
  'email',
  'phone',
]);
/** the headers that carry credentials, in a `headers` object of a logged request, response or error */
const CREDENTIAL_HEADERS = new Set([
  'cookie',
  'authorization',
  'set-cookie',
  'stripe-signature',
  'sanity-webhook-signature',
]);
const CENSORED = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * `fields` with the values of secret fields censored: its own, one level down, and the credential
 * headers of a `headers` object at either level. A copy where something is censored, else `fields`
 * itself: a line with nothing to censor (nearly all of them) costs a look at its keys. Not pino's
 * `redact`: that cost a request line 30 µs of CPU (measured, decision 0116), this well under one.
 */
export function censored(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let out = fields;
  for (const key in fields) {
    const value = fields[key];
    let kept = value;
    if (SECRET_FIELDS.has(key)) kept = CENSORED;
    else if (key === 'headers' && isPlainObject(value)) kept = censoredHeaders(value);
    else if (depth === 0 && isPlainObject(value)) kept = censored(value, 1);
    if (kept !== value) {
      if (out === fields) out = { ...fields };
      out[key] = kept;
    }
  }
  return out;
}

function censoredHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  let out = headers;
  for (const name in headers) {
    if (!CREDENTIAL_HEADERS.has(name.toLowerCase())) continue;
    if (out === headers) out = { ...headers };
    out[name] = CENSORED;
  }
  return out;
}

export function createLogger(
  settings: Pick<Config['logs'], 'level' | 'format'>,
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    // "info" rather than 30: what an operator filters by (jq 'select(.level == "error")'); secrets
    // censored in what a line or a child logger carries
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => censored(bindings),
      log: (fields) => censored(fields),
    },
    // pino's epoch milliseconds: an ISO string cost a request line a sixth of its time (decision 0116);
    // pino-pretty prints it readable, jq's todate too (.time / 1000 | todate)
    mixin: currentLogFields,
  };
  if (destination) return pino(options, destination);
  // pino-pretty in a worker thread of its own, loaded only then
  if (settings.format === 'pretty')
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
      },
    });
  return pino(options);
}
