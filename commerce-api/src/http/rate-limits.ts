// Request rate limits (429 in the one error shape), configured in config.ts (decisions 0051, 0108).
// On lowdb each createApp counts in memory (one process serves the product); on PostgreSQL the
// counters are the database's (`shared`), so every process counts into one (decision 0093): the store
// changes, not the rules.
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import type { Request, RequestHandler, Response } from 'express';
import * as v from 'valibot';
import { normaliseTarget, SendCodeSchema } from '#contracts/sellers.ts';
import type { Limits } from '../config.ts';
import { TooManyRequestsError } from '../errors.ts';
import type { RateLimitCounters } from '../domain/store/index.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';

const MINUTE = 60 * 1000;
const TEN_MINUTES = 10 * MINUTE;
const FIFTEEN_MINUTES = 15 * MINUTE;
const HOUR = 60 * MINUTE;

/** `name`: the limiter's own key prefix in the shared counters */
function limiter(
  shared: RateLimitCounters | undefined,
  name: string,
  options: Partial<Options> & { message: string },
): RequestHandler {
  const { message, ...rest } = options;
  return rateLimit({
    ...(shared ? { store: sharedRateLimitStore(shared, name) } : {}),
    windowMs: FIFTEEN_MINUTES,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new TooManyRequestsError(message)),
    ...rest,
  });
}

/**
 * Marks a form post the route refused (decisions 0123, 0124): it answers 303 back to its form (or to log
 * in), not 4xx. The limits that count only successes (a message sent) must not count it, and those that
 * count only failures (a wrong password) must count it, as they do the JSON answer's 4xx.
 */
export function markFormRefused(res: Response): void {
  res.locals['formRefused'] = true;
}
const succeeded = (_req: Request, res: Response): boolean => res.statusCode < 400 && res.locals['formRefused'] !== true;

/** the client's address; IPv6 clients by their /56, as one home or phone holds a whole block */
export const clientKey = (req: Request): string => ipKeyGenerator(req.ip ?? '');

const usernameOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && typeof (body as { username?: unknown }).username === 'string'
    ? (body as { username: string }).username.trim().toLowerCase()
    : '';

export function authLimiters(limits: Limits, shared?: RateLimitCounters) {
  const tooMany = 'Too many login attempts. Please wait 15 minutes and try again.';
  const withUsername = {
    skip: (req: Request) => usernameOf(req.body) === '',
    validate: { keyGeneratorIpFallback: false },
  } as const;
  return {
    // Only failures count. The per-username limit is per client too, so wrong passwords typed
    // elsewhere never lock the owner out; the higher limit over all clients slows a guessing botnet.
    login: [
      limiter(shared, 'login-client', {
        limit: limits.loginFailuresPerClient,
        skipSuccessfulRequests: true,
        requestWasSuccessful: succeeded,
        message: tooMany,
      }),
      limiter(shared, 'login-username-client', {
        limit: limits.loginFailuresPerUsernameAndClient,
        skipSuccessfulRequests: true,
        requestWasSuccessful: succeeded,
        message: tooMany,
        keyGenerator: (req) => `user:${usernameOf(req.body)}|${clientKey(req)}`,
        ...withUsername,
      }),
      // An hour, as ASVS 2.2.1 asks: at most 100 failures per account per hour (decision 0108).
      limiter(shared, 'login-username', {
        windowMs: HOUR,
        limit: limits.loginFailuresPerUsername,
        skipSuccessfulRequests: true,
        requestWasSuccessful: succeeded,
        message: 'Too many login attempts for this account. Please wait an hour and try again.',
        keyGenerator: (req) => `user:${usernameOf(req.body)}`,
        ...withUsername,
      }),
    ],
    register: [
      limiter(shared, 'register', {
        limit: limits.registrationsPerClient,
        message: 'Too many registrations from this network. Please wait 15 minutes and try again.',
      }),
    ],
  };
}

/** the address a code is asked for, as the domain stores it (digits only for a phone); undefined for a body the route refuses */
function codeTarget(body: unknown): string | undefined {
  const input = v.safeParse(SendCodeSchema, body);
  if (!input.success) return undefined;
  const { output } = input;
  return output.method === 'email'
    ? `email:${normaliseTarget('email', output.email)}`
    : `phone:${normaliseTarget('phone', output.phone).replace(/^\+/, '')}`;
}

/**
 * Per client, on top of the per-target and per-code limits of the domain (domain/verification.ts):
 * one network cannot mail codes to a thousand addresses, nor guess codes across many of them. And per
 * address over every network (decision 0108): many networks together cannot flood one inbox or phone.
 * The minute's check stands before the hour's, so retries refused within a minute never use up the hour.
 */
export function verificationLimiters(limits: Limits, shared?: RateLimitCounters) {
  const perTarget = (name: string, windowMs: number, limit: number, message: (noun: string) => string) =>
    limiter(shared, name, {
      windowMs,
      limit,
      message: message('address'),
      skip: (req) => codeTarget(req.body) === undefined,
      keyGenerator: (req) => codeTarget(req.body) ?? '',
      validate: { keyGeneratorIpFallback: false },
      handler: (req, _res, next) =>
        next(
          new TooManyRequestsError(
            message(codeTarget(req.body)?.startsWith('phone:') ? 'phone number' : 'email address'),
          ),
        ),
    });
  return {
    send: [
      limiter(shared, 'verification-send', {
        limit: 30,
        message: 'Too many verification codes were requested from this network. Please wait 15 minutes and try again.',
      }),
      perTarget(
        'verification-target-minute',
        MINUTE,
        limits.verificationCodesPerTargetPerMinute,
        () => 'Please wait a minute before requesting another code.',
      ),
      perTarget(
        'verification-target-hour',
        HOUR,
        limits.verificationCodesPerTarget,
        (noun) => `Too many verification codes were sent to this ${noun}. Please wait an hour and try again.`,
      ),
    ],
    verify: limiter(shared, 'verification-check', {
      limit: 60,
      skipSuccessfulRequests: true,
      message: 'Too many verification attempts from this network. Please wait 15 minutes and try again.',
    }),
  };
}

/**
 * Anyone may donate without an account, which makes the donation form the classic place to try stolen
 * cards: a client gets a limited number of donation intents (and local test-mode cards) per 15 minutes.
 */
export function paymentLimiters(shared?: RateLimitCounters) {
  return {
    donation: limiter(shared, 'donation', {
      limit: 20,
      message: 'Too many donation attempts from this network. Please wait 15 minutes and try again.',
    }),
    testCard: limiter(shared, 'test-card', {
      limit: 200,
      message: 'Too many card attempts from this network. Please wait 15 minutes and try again.',
    }),
  };
}

/**
 * Each seller plan attempt makes a customer and checks a card with the provider, which makes it a tool
 * for testing stolen cards: every attempt counts, refused ones too, per account and per client
 * (decision 0108). `accountOf` answers the logged-in account, or undefined (the route answers 401).
 */
export function subscriptionLimiters(
  limits: Limits,
  accountOf: (res: Response) => number | undefined,
  shared?: RateLimitCounters,
): RequestHandler[] {
  return [
    limiter(shared, 'subscription-client', {
      windowMs: HOUR,
      limit: limits.subscriptionAttemptsPerClient,
      message: 'Too many seller plan attempts from this network. Please wait an hour and try again.',
    }),
    limiter(shared, 'subscription-account', {
      windowMs: HOUR,
      limit: limits.subscriptionAttemptsPerAccount,
      message: 'You have tried to start a seller plan many times in a short time. Please wait an hour and try again.',
      skip: (_req, res) => accountOf(res) === undefined,
      keyGenerator: (_req, res) => `account:${accountOf(res) ?? 0}`,
      validate: { keyGeneratorIpFallback: false },
    }),
  ];
}

/**
 * The return pages re-check a payment a few times per visit; a loop of them costs a provider call
 * each, so they are limited per account (when logged in) and per client (decision 0108).
 */
export function paymentRefreshLimiters(
  limits: Limits,
  accountOf: (res: Response) => number | undefined,
  shared?: RateLimitCounters,
): RequestHandler[] {
  return [
    limiter(shared, 'payment-refresh-client', {
      windowMs: TEN_MINUTES,
      limit: limits.paymentRefreshesPerClient,
      message: 'Too many payment checks from this network. Please wait 10 minutes and try again.',
    }),
    limiter(shared, 'payment-refresh-account', {
      windowMs: TEN_MINUTES,
      limit: limits.paymentRefreshesPerAccount,
      message: 'Too many payment checks in a short time. Please wait 10 minutes and try again.',
      skip: (_req, res) => accountOf(res) === undefined,
      keyGenerator: (_req, res) => `account:${accountOf(res) ?? 0}`,
      validate: { keyGeneratorIpFallback: false },
    }),
  ];
}

/** contact-page messages and puppy inquiries: each one is stored and mailed to a person */
export function contactLimiter(limits: Limits, shared?: RateLimitCounters): RequestHandler {
  return limiter(shared, 'contact', {
    windowMs: HOUR,
    limit: limits.contactMessagesPerClient,
    message: 'You have sent a lot of messages in a short time. Please wait an hour and try again.',
    // A message refused for a typo is not a message sent, nor a form post sent back to its page.
    skipFailedRequests: true,
    requestWasSuccessful: succeeded,
  });
}

/** uploads per logged-in account (the route runs it after the login check) */
export function uploadLimiter(
  limits: Limits,
  accountOf: (req: Request, res: Response) => number,
  shared?: RateLimitCounters,
): RequestHandler {
  return limiter(shared, 'upload', {
    windowMs: HOUR,
    limit: limits.uploadsPerAccount,
    message: 'You have uploaded a lot of files in a short time. Please wait an hour and try again.',
    // Refused before the body is read: drain it, so the client hears the answer.
    handler: (req, _res, next) => {
      req.resume();
      next(
        new TooManyRequestsError(
          'You have uploaded a lot of files in a short time. Please wait an hour and try again.',
        ),
      );
    },
    keyGenerator: (req, res) => `account:${accountOf(req, res)}`,
    validate: { keyGeneratorIpFallback: false },
  });
}

// ---- messages and reports, per account (decisions 0090–0092; the routes run these after the login check) ----

/**
 * Messages per account per hour; an account younger than `newAccountHours` gets the tighter
 * `newAccountMessages` (a scammer's fresh account cannot spray inquiries). `accountOf` answers the
 * logged-in account, or undefined to skip (a visitor's inquiry: contactLimiter counts it).
 */
const messageLimiters = new WeakMap<Limits, RequestHandler>();
export function messageLimiter(
  limits: Limits,
  accountOf: (res: Response) => { id: number; createdAt: string } | undefined,
  now: () => Date,
  shared?: RateLimitCounters,
): RequestHandler {
  // one counter per app (its config) for inquiries and replies together
  const existing = messageLimiters.get(limits);
  if (existing) return existing;
  const created = createMessageLimiter(limits, accountOf, now, shared);
  messageLimiters.set(limits, created);
  return created;
}

function createMessageLimiter(
  limits: Limits,
  accountOf: (res: Response) => { id: number; createdAt: string } | undefined,
  now: () => Date,
  shared: RateLimitCounters | undefined,
): RequestHandler {
  const isNew = (account: { createdAt: string }) =>
    now().getTime() - Date.parse(account.createdAt) < limits.newAccountHours * HOUR;
  return limiter(shared, 'messages', {
    windowMs: HOUR,
    limit: (_req, res) => {
      const account = accountOf(res);
      return account && isNew(account) ? limits.newAccountMessages : limits.messagesPerAccount;
    },
    message: 'You have sent a lot of messages in a short time. Please wait an hour and try again.',
    skip: (_req, res) => accountOf(res) === undefined,
    skipFailedRequests: true,
    requestWasSuccessful: succeeded,
    keyGenerator: (_req, res) => `messages:${accountOf(res)?.id ?? 0}`,
    validate: { keyGeneratorIpFallback: false },
  });
}

export function reportLimiter(
  limits: Limits,
  accountOf: (res: Response) => number | undefined,
  shared?: RateLimitCounters,
): RequestHandler {
  return limiter(shared, 'reports', {
    windowMs: HOUR,
    limit: limits.reportsPerAccount,
    message: 'You have sent a lot of reports in a short time. Please wait an hour and try again.',
    skip: (_req, res) => accountOf(res) === undefined,
    skipFailedRequests: true,
    requestWasSuccessful: succeeded,
    keyGenerator: (_req, res) => `reports:${accountOf(res) ?? 0}`,
    validate: { keyGeneratorIpFallback: false },
  });
}

/**
 * Content-Security-Policy violation reports (decision 0112): each is a log line, and anyone may send
 * them, so a client may send a few hundred per 15 minutes (a page with a real violation reports it on
 * every view) before they are refused.
 */
export function cspReportLimiter(shared?: RateLimitCounters): RequestHandler {
  return limiter(shared, 'csp-report', {
    limit: 300,
    message: 'Too many reports from this network. Please wait 15 minutes and try again.',
  });
}

/**
 * "Alert me" per client (decision 0131): an address without an account gets a confirmation mail per
 * alert, so a client may not post many an hour; a refused post is not counted.
 */
export function alertLimiter(shared?: RateLimitCounters): RequestHandler {
  return limiter(shared, 'alert', {
    windowMs: HOUR,
    limit: 30,
    message: 'You have saved a lot of alerts in a short time. Please wait an hour and try again.',
    skipFailedRequests: true,
    requestWasSuccessful: succeeded,
  });
}
