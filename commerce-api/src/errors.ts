// One error shape on the wire: { "error": { "code", "message", "fields"? } } (DESIGN.md §3).
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

/** a save failed because the disk (or the account's quota on it) is full; nothing was changed */
export class StorageFullError extends AppError {
  constructor(options?: ErrorOptions) {
    super(507, 'storage_full', 'We could not save this because the server has run out of storage space. Nothing was changed; please try again later.', undefined, options);
  }
}

/** a save failed because the data folder cannot be written; nothing was changed */
export class StorageUnavailableError extends AppError {
  constructor(options?: ErrorOptions) {
    super(503, 'storage_unavailable', 'We cannot save changes right now because the server cannot write its data. Nothing was changed; please try again later.', undefined, options);
  }
}
