// The last middleware: every error becomes the one wire shape. Unexpected errors are logged (the line
// carries the request id, request-observer.ts) and answered 500 with the id but without internals, so no
// stack trace ever reaches a client.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, NotFoundError, ValidationError } from '../errors.ts';
import type { Log } from '../logging/log.ts';
import { loggableUrl } from './request-observer.ts';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No API route for ${req.method} ${req.path}.`));
};

interface BodyParserError {
  type?: string;
  status?: number;
  /** PostgreSQL's SQLSTATE, on errors from the pg driver */
  code?: string;
  severity?: string;
}

export function errorHandler(log: Log): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const { status, body } = errorAnswer(
      err,
      log,
      req.method,
      req.originalUrl,
      String(res.getHeader('X-Request-Id') ?? ''),
    );
    res.status(status).json(body);
  };
}

/**
 * The status and body an error is answered with, logged if it is the server's: this handler's, and the
 * catalogue's front door's (routes/popular-reads.ts), which answers before Express.
 */
export function errorAnswer(
  err: unknown,
  log: Log,
  method: string,
  url: string,
  requestId: string,
): { status: number; body: unknown } {
  const appError = toAppError(err);
  if (!appError) {
    log.error(
      `${method} ${loggableUrl(url)} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return {
      status: 500,
      body: {
        error: {
          code: 'internal',
          message: `Something went wrong on our side. Please try again (request ${requestId}).`,
        },
      },
    };
  }
  if (appError.status >= 500) {
    // The server's own condition (storage full, a provider down): the operator must hear of it.
    const cause = appError.cause instanceof Error ? `: ${appError.cause.message}` : '';
    log.error(`${method} ${loggableUrl(url)} answered ${appError.status} ${appError.code}${cause}`);
  }
  return { status: appError.status, body: appError.toJSON() };
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const parserError = err as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new ValidationError('The request body is not valid JSON.');
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'unsupported_encoding', 'The request body uses an unsupported encoding.');
    case 'request.aborted':
      return new AppError(400, 'request_aborted', 'The request was aborted.');
  }
  // PostgreSQL, as a safety net behind the contracts: a value it cannot take (class 22: a number out of
  // range, text it refuses) is the request's fault; a lost connection or a server shutting down
  // (classes 08, 57P) is ours, and passing.
  if (typeof parserError?.code === 'string' && parserError.severity !== undefined) {
    if (parserError.code.startsWith('22'))
      return new ValidationError('The request holds a value that cannot be stored.');
    if (parserError.code.startsWith('08') || parserError.code.startsWith('57P')) {
      return new AppError(
        503,
        'database_unavailable',
        'The database is unavailable right now. Please try again in a moment.',
        undefined,
        { cause: err },
      );
    }
  }
  // A file that vanished between finding and sending it (a site rebuild swapping folders).
  if (parserError?.status === 404) return new NotFoundError();
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    return new AppError(parserError.status, 'bad_request', 'The request could not be read.');
  }
  return undefined;
}
