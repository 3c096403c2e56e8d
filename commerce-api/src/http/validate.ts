// Validates a request part with its contract schema. Unknown fields are dropped (v.object strips
// them); the first message per field becomes `fields[field]` so forms can show it beside the input.
import * as v from 'valibot';
import { ValidationError, type FieldErrors } from '../errors.ts';

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const nul = pathOfNul(input);
  if (nul !== undefined)
    throw new ValidationError('Text must not contain NUL characters.', {
      [nul || 'body']: 'Text must not contain NUL characters.',
    });
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  throw validationErrorFrom(result.issues);
}

export function validationErrorFrom(issues: readonly v.BaseIssue<unknown>[]): ValidationError {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || 'body';
    fields[key] ??= issue.message;
  }
  const first = issues[0];
  return new ValidationError(first ? first.message : 'Invalid input', fields);
}

/**
 * Where a string holds U+0000, if anywhere. No form can type one, and PostgreSQL's text refuses it
 * (the write would fail with a 500), so it is refused here, for every contract and both stores alike.
 */
function pathOfNul(input: unknown, at = '', depth = 0): string | undefined {
  if (typeof input === 'string') return input.includes('\u0000') ? at : undefined;
  if (depth > 8 || input === null || typeof input !== 'object') return undefined;
  for (const [key, value] of Object.entries(input)) {
    const found = pathOfNul(value, at ? `${at}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
