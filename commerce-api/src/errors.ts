// One error shape on the wire: { "error": { "code", "message", "fields"? } } (docs/product.md §8).
// Domain code throws these; http/error-handler.ts turns them into responses.

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | undefined;

  constructor(status: number, code: string, message: string, fields?: FieldErrors, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  toJSON(): { error: { code: string; message: string; fields?: FieldErrors } } {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields?: FieldErrors) {
    super(400, 'validation_failed', message, fields);
  }
}

export class NotLoggedInError extends AppError {
  constructor(message = 'You need to be logged in to do that.') {
    super(401, 'not_logged_in', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, 'too_many_requests', message);
  }
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const DISK_UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * What a failed file write tells the client. A full disk or a data folder that cannot be written is the
 * server's condition, not the request's fault: 507 or 503 with a message a person reads, the file error
 * kept as the cause for the log. Anything else is returned as it was (a 500).
 */
export function diskWriteError(error: unknown): unknown {
  const code = errnoCode(error);
  if (code && DISK_FULL.has(code)) return new StorageFullError({ cause: error });
  if (code && DISK_UNWRITABLE.has(code)) return new StorageUnavailableError({ cause: error });
  return error;
}

/** the errno code of the error or of one of its causes (the file adapter wraps the fs error) */
function errnoCode(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** a save failed because the disk (or the account's quota on it) is full; nothing was changed */
export class StorageFullError extends AppError {
  constructor(options?: ErrorOptions) {
    super(
      507,
      'storage_full',
      'We could not save this because the server has run out of storage space. Nothing was changed; please try again later.',
      undefined,
      options,
    );
  }
}

/** a save failed because the data folder cannot be written; nothing was changed */
export class StorageUnavailableError extends AppError {
  constructor(options?: ErrorOptions) {
    super(
      503,
      'storage_unavailable',
      'We cannot save changes right now because the server cannot write its data. Nothing was changed; please try again later.',
      undefined,
      options,
    );
  }
}
