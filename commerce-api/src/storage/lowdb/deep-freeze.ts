// Rows are immutable snapshots: an update replaces the row object, so a reference handed out
// earlier never changes under its holder. Freezing makes an accidental in-place edit (which would
// bypass the undo log and the durability of write()) fail loudly instead of silently.

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** the patch without keys set to undefined: they mean "leave as is", and JSON would drop them anyway */
export function definedEntries<T extends object>(patch: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(patch) as Array<keyof T>) {
    if (patch[key] !== undefined) out[key] = patch[key];
  }
  return out;
}
