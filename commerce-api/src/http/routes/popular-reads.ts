// The catalogue's list, GET /api/puppies, answered at the front door, before Express (decisions 0126,
// 0139). It is most of the site's traffic, and Express's own handling and its layers (the API router,
// the origin check, the body parser, the session) cost each answer about a sixth of its CPU while the
// list needs none of them. So the front door parses and validates the query itself, asks the catalogue,
// and sends the answer with what every answer carries: the request's id, log line and duration
// (request-observer.ts), the security headers (security-headers.ts), no-store, an ETag, and gzip when
// the client takes it; an error is the API's one shape (error-handler.ts). What it does not take (HEAD,
// another encoding) goes the long way, to the route (puppies.routes.ts), which answers the same.
//
// Most of the traffic also asks the same few questions (the list's first page, a breed, a search from
// the home page), and each answer's JSON is already kept (decision 0105): on a store that can tell
// when its catalogue changed (lowdb), an answer's bytes are kept for its query as written, and sent
// again while the catalogue is the same (compressed once per answer, not once per request).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { PuppyQuerySchema } from '#contracts/puppies.ts';
import type { Store } from '../../domain/store/index.ts';
import { cachedQueryPuppies, catalogueStamp } from '../../domain/puppy-catalogue.ts';
import { withLogFields } from '../../logging/log-context.ts';
import type { Log } from '../../logging/log.ts';
import { errorAnswer } from '../error-handler.ts';
import type { RequestObserver } from '../request-observer.ts';
import { writeSecurityHeaders } from '../security-headers.ts';
import { parseInput } from '../validate.ts';

/** an answer as it goes out */
export interface EncodedAnswer {
  body: Buffer;
  etag: string;
  /** the same body gzipped, made the first time a client that takes gzip asks */
  gzipped?: Buffer;
}

const PATH = '/api/puppies';
/** the route template the metrics count these under, as Express would have matched it */
const ROUTE = '/api/puppies';
/** as many distinct queries as the query cache keeps (domain/puppy-catalogue.ts) */
const MAX_KEPT = 500;

export interface PopularReads {
  /** before Express: answers a GET of the list whose client takes the body as it is or gzipped; true if it did */
  front(req: IncomingMessage, res: ServerResponse): boolean;
  /** the first layer after compression: answers any other request of a kept answer, or passes it on */
  serve: RequestHandler;
  /** the route's answer (HEAD, another encoding): the same as the front door's; a bad query throws its error */
  answer(req: Request): Promise<EncodedAnswer>;
}

export function popularReads(store: Store, now: () => Date, observer: RequestObserver, log: Log): PopularReads {
  let tag: string | undefined;
  let byQuery = new Map<string, EncodedAnswer>();
  /** the answers of this catalogue version; a new version starts empty */
  const current = (): Map<string, EncodedAnswer> | undefined => {
    const stamp = catalogueStamp(store, now());
    if (!stamp) return undefined;
    if (stamp.tag !== tag) {
      tag = stamp.tag;
      byQuery = new Map();
    }
    return byQuery;
  };

  /** the answer to a query as written (`url`, the path and its query), kept while the catalogue is the same */
  async function answerOf(url: string, rawQuery: querystring.ParsedUrlQuery): Promise<EncodedAnswer> {
    const known = current()?.get(url);
    if (known) return known;
    const answeredAt = current() ? tag : undefined;
    const { json } = await cachedQueryPuppies(store, parseInput(PuppyQuerySchema, rawQuery), now());
    const body = Buffer.from(json);
    const answer: EncodedAnswer = {
      body,
      etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
    };
    // An answer built while the catalogue changed is sent, not kept.
    const kept = current();
    if (kept && answeredAt !== undefined && answeredAt === tag) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(url, answer);
    }
    return answer;
  }

  /** the answer with every API answer's headers, as the front door sends it */
  function write(req: IncomingMessage, res: ServerResponse, answer: EncodedAnswer, encoding: 'identity' | 'gzip') {
    writeSecurityHeaders(res);
    writeJsonHeaders(res);
    res.setHeader('ETag', answer.etag);
    // the compression layer says so on every answer it could have compressed
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === answer.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    let body = answer.body;
    if (encoding === 'gzip') {
      body = answer.gzipped ??= gzipSync(answer.body);
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.setHeader('Content-Length', body.length);
    res.end(body);
  }

  /** an error as the API answers it (error-handler.ts), with every API answer's headers */
  function writeError(req: IncomingMessage, res: ServerResponse, error: unknown, requestId: string) {
    const { status, body } = errorAnswer(error, log, req.method ?? 'GET', req.url ?? '', requestId);
    // the client went away, or the answer was already on its way: nothing more to say
    if (res.headersSent || res.destroyed) return;
    writeSecurityHeaders(res);
    writeJsonHeaders(res);
    res.statusCode = status;
    res.end(JSON.stringify(body));
  }

  return {
    front(req, res) {
      const url = req.url ?? '';
      if (req.method !== 'GET' || !url.startsWith(PATH) || (url.length > PATH.length && url[PATH.length] !== '?'))
        return false;
      const encoding = acceptedEncoding(req.headers['accept-encoding']);
      if (encoding === undefined) return false;
      const requestId = observer.observe(req, res, ROUTE);
      const known = current()?.get(url);
      if (known) {
        write(req, res, known, encoding);
        return true;
      }
      // Express's "simple" query parser is node:querystring's (app.ts), so both ways read one query alike
      const rawQuery = url.length > PATH.length ? querystring.parse(url.slice(PATH.length + 1)) : {};
      // what the catalogue logs carries the request's id, as behind Express (request-observer.ts)
      withLogFields({ reqId: requestId }, () => {
        answerOf(url, rawQuery).then(
          (answer) => write(req, res, answer, encoding),
          (error: unknown) => writeError(req, res, error, requestId),
        );
      });
      return true;
    },
    serve(req, res, next) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== PATH) return next();
      const known = current()?.get(req.originalUrl);
      if (!known) return next();
      send(res, known);
    },
    answer: (req) => answerOf(req.originalUrl, req.query as querystring.ParsedUrlQuery),
  };
}

/**
 * What the front door may send: 'identity' to a client that names no encoding (or only identity),
 * 'gzip' to one that takes gzip; undefined otherwise (a q-value, brotli only…), which the compression
 * layer behind Express negotiates properly.
 */
export function acceptedEncoding(header: string | string[] | undefined): 'identity' | 'gzip' | undefined {
  if (header === undefined || header === '' || header === 'identity') return 'identity';
  if (typeof header !== 'string' || header.includes(';')) return undefined;
  return header.split(',').some((part) => part.trim() === 'gzip') ? 'gzip' : undefined;
}

/** what every API answer of JSON says of itself: no-store, as every API answer, and its type */
function writeJsonHeaders(res: ServerResponse): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
}

/** the answer with the API's headers (decision 0105's ETag), the long way */
export function send(res: Response, answer: EncodedAnswer): void {
  writeJsonHeaders(res);
  res.setHeader('ETag', answer.etag);
  res.send(answer.body);
}
