// Small schema pieces shared by several contracts. Imports only valibot (docs/decisions/0072).
import * as v from 'valibot';

/** A query-string or JSON number: "12", 12. Empty strings count as absent. */
export const numberish = (message: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(message))], message),
    v.transform((x) => (typeof x === 'number' ? x : Number(x))),
    v.number(message),
    v.finite(message),
  );

export const idParam = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Not found'), v.transform(Number));

/** the wire shape of every error response */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
