// Login and registration are rate limited per client and per username (429 with a clear message).
// Each createApp gets its own counters (memory store): one process serves the product.
import { rateLimit, type Options } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import { TooManyRequestsError } from '../errors.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function limiter(options: Partial<Options> & { message: string }): RequestHandler {
  const { message, ...rest } = options;
  return rateLimit({
    windowMs: FIFTEEN_MINUTES,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new TooManyRequestsError(message)),
    ...rest,
  });
}

const usernameOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && typeof (body as { username?: unknown }).username === 'string'
    ? (body as { username: string }).username.trim().toLowerCase()
    : '';

export interface AuthLimits {
  /** failed logins per client per 15 minutes */
  loginFailuresPerClient: number;
  /** failed logins per username per 15 minutes */
  loginFailuresPerUsername: number;
  /** registrations per client per 15 minutes */
  registrationsPerClient: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { loginFailuresPerClient: 20, loginFailuresPerUsername: 5, registrationsPerClient: 10 };

export function authLimiters(limits: AuthLimits) {
  const tooMany = 'Too many login attempts. Please wait 15 minutes and try again.';
  return {
    login: [
      limiter({ limit: limits.loginFailuresPerClient, skipSuccessfulRequests: true, message: tooMany }),
      limiter({
        limit: limits.loginFailuresPerUsername,
        skipSuccessfulRequests: true,
        message: tooMany,
        keyGenerator: (req) => `user:${usernameOf(req.body)}`,
        skip: (req) => usernameOf(req.body) === '',
        validate: { keyGeneratorIpFallback: false },
      }),
    ],
    register: [
      limiter({ limit: limits.registrationsPerClient, message: 'Too many registrations from this network. Please wait 15 minutes and try again.' }),
    ],
  };
}
