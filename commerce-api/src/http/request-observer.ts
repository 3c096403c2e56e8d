// What the server notes of every request (decision 0116), in one middleware and one listener, as it is
// paid on every request:
// - An id, answered in X-Request-Id and carried by every log line the request writes (log-context.ts).
//   A client's own X-Request-Id is taken only from a proxy the app trusts (TRUST_PROXY: the peer is one
//   of the trusted hops), so a balancer's id follows the request through; anyone else's is replaced, as
//   a client could otherwise write what it likes into the log.
// - A line once it is answered (method, path, status, time), at a level by what it says: error for a
//   5xx, warn for a request that took a second or more, info for a client error (4xx), a write (not GET
//   or HEAD) or a request the client gave up on; a quick, successful read is at debug, so LOG_LEVEL=info
//   (the default) leaves the popular reads out: a line each cost them more than the 5% of throughput logs
//   and metrics may take together, and the metrics count them all. LOG_LEVEL=debug writes them too.
//   Health probes are never logged. Headers and bodies are never logged, and query values that carry
//   secrets (a Stripe return's client secret, an onboarding link) are censored.
// - Its duration, when metrics are kept: by the route template Express matched (/api/puppies/:id),
//   never the URL, so a million listings make one series, not a million; requests no route matched
//   (the static site's files, not-found answers) share the label "other".
// Written on pino directly rather than through pino-http: its child logger per request (the request
// serialized at every request, at any level) alone cost the popular reads more than the whole budget.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Level } from 'pino';
import type { Logger } from '../logging/logger.ts';
import { withLogFields } from '../logging/log-context.ts';
import { PROBE_PATHS } from './health.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** an id a proxy may hand on: a UUID, a hex or base64 trace id, nothing that could break a log line */
const FORWARDABLE_ID = /^[\w.:@+/=-]{1,128}$/;
// lat and lon: the visitor's rounded position for "Use my location" is not kept anywhere (decision 0129)
const SECRET_PARAMETER = /secret|token|password|link|code|key|signature|\blat\b|\blon\b/i;

/** whether an address is a proxy TRUST_PROXY names (Express compiles the setting into this function) */
export type TrustProxy = (address: string, hop: number) => boolean;

/** the id of this request: the trusted proxy's, or a new one */
function requestId(req: IncomingMessage, trust: TrustProxy): string {
  const forwarded = req.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDABLE_ID.test(forwarded) && trust(req.socket.remoteAddress ?? '', 0)
    ? forwarded
    : randomUUID();
}

/** the URL as it may be logged: the values of parameters that carry secrets censored */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  // most queries name no secret: one look at the text, no parsing
  if (query === -1 || !SECRET_PARAMETER.test(url.slice(query))) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of new Set(params.keys())) if (SECRET_PARAMETER.test(name)) params.set(name, 'redacted');
  return `${url.slice(0, query)}?${params.toString()}`;
}

function levelOf(req: IncomingMessage, res: ServerResponse, ms: number, slowMs: number): Level {
  if (res.statusCode >= 500) return 'error';
  if (ms >= slowMs) return 'warn';
  if (res.statusCode >= 400 || !res.writableFinished || (req.method !== 'GET' && req.method !== 'HEAD')) return 'info';
  return 'debug';
}

/** the route template that answered (app.ts answers /api's errors inside /api, so its prefix is still on req.baseUrl) */
function routeOf(req: IncomingMessage): string {
  const { route, baseUrl } = req as IncomingMessage & { route?: { path: string | string[] }; baseUrl?: string };
  if (!route) return 'other';
  return (baseUrl ?? '') + (Array.isArray(route.path) ? route.path.join('|') : route.path);
}

/**
 * The duration series of a method, route template and status. prom-client finds a series by hashing its
 * labels on every observation; there are few series, so each is found once and kept (decision 0126).
 */
const series = new WeakMap<Metrics, Map<string, { observe(seconds: number): void }>>();
function seriesOf(metrics: Metrics, method: string, route: string, status: number) {
  let kept = series.get(metrics);
  if (!kept) series.set(metrics, (kept = new Map()));
  const key = `${method} ${status} ${route}`;
  let one = kept.get(key);
  if (!one) kept.set(key, (one = metrics.requests.labels({ method, route, status: String(status) })));
  return one;
}

export interface RequestObserver {
  /** the middleware: every request Express handles */
  middleware: RequestHandler;
  /**
   * One request answered before Express (the catalogue's list, decisions 0126 and 0139; the view
   * beacons): the same id, line and duration, under the route template it would have matched. Returns
   * the id, for the log context of what the request runs.
   */
  observe(req: IncomingMessage, res: ServerResponse, route: string): string;
}

/** `slowMs`: a request that took this long is logged at warn (LOG_SLOW_MS) */
export function requestObserver(
  log: Logger,
  metrics: Metrics | undefined,
  slowMs: number,
  trust: TrustProxy,
): RequestObserver {
  /** the id answered, and the line and duration once it is answered; the id, for the log context */
  const watch = (req: IncomingMessage, res: ServerResponse, route: (() => string) | string): string => {
    const reqId = requestId(req, trust);
    res.setHeader('X-Request-Id', reqId);
    const started = performance.now();
    // 'close' comes after the last byte is sent, or when the client went away before it
    res.once('close', () => {
      const ms = performance.now() - started;
      if (metrics && res.writableFinished)
        seriesOf(metrics, req.method ?? '', typeof route === 'string' ? route : route(), res.statusCode).observe(
          ms / 1000,
        );
      const level = levelOf(req, res, ms, slowMs);
      if (!log.isLevelEnabled(level)) return;
      const message =
        res.statusCode >= 500 ? 'request failed' : res.writableFinished ? 'request completed' : 'request aborted';
      const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
      log[level](
        {
          reqId,
          req: { method: req.method, url: loggableUrl(url) },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(ms),
        },
        message,
      );
    });
    return reqId;
  };
  return {
    middleware: (req, res, next) => {
      if (PROBE_PATHS.has(req.path)) {
        res.setHeader('X-Request-Id', requestId(req, trust));
        return next();
      }
      withLogFields({ reqId: watch(req, res, () => routeOf(req)) }, next);
    },
    observe: (req, res, route) => watch(req, res, route),
  };
}
