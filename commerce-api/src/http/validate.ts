// Validates a request part with its contract schema. Unknown fields are dropped (v.object strips
// them); the first message per field becomes `fields[field]` so forms can show it beside the input.
import * as v from 'valibot';
import { ValidationError, type FieldErrors } from '../errors.ts';

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
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
