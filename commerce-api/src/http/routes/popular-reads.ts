// The catalogue's popular reads (decision 0126): GET /api/puppies answered from the bytes a request with
// the same query got, while the catalogue has not changed. Most of the site's traffic asks the same few
// questions (the list's first page, a breed, a search from the home page), and each answer's JSON is
// already kept (decision 0105). What was left per request was the way there: Express's own handling
// and its layers, and parsing and validating the query again; together they cost a known answer more
// than sending it. So a known answer is sent at the front door, before Express (`front`), with what
// every answer carries: the request's id, log line and duration (request-observer.ts), the security
// headers (security-headers.ts), and gzip when the client takes it (compressed once per answer, not once
// per request). What the front door does not take (HEAD, another encoding) is answered the same way
// from the first layer after compression (`serve`). A miss, an unknown query and a store that cannot
// tell when its catalogue changed (PostgreSQL) go on to the route (puppies.routes.ts), which answers and
// remembers the bytes here.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { Store } from '../../domain/store/index.ts';
import { catalogueStamp } from '../../domain/puppy-catalogue.ts';
import type { RequestObserver } from '../request-observer.ts';
import { writeSecurityHeaders } from '../security-headers.ts';

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
  /** before Express: answers a known GET whose client takes the body as it is or gzipped; true if it did */
  front(req: IncomingMessage, res: ServerResponse): boolean;
  /** the first layer after compression: answers any other known request, or passes it on */
  serve: RequestHandler;
  /** the bytes of an answer the route built; kept for its raw query while the catalogue is the same */
  remember(req: Request, json: string, tag: string | undefined): EncodedAnswer;
  /** the catalogue's version now, to hand to `remember` once the answer is built */
  tagNow(): string | undefined;
}

export function popularReads(store: Store, now: () => Date, observer: RequestObserver): PopularReads {
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
  return {
    front(req, res) {
      const url = req.url ?? '';
      if (req.method !== 'GET' || !url.startsWith(PATH) || (url.length > PATH.length && url[PATH.length] !== '?'))
        return false;
      const encoding = acceptedEncoding(req.headers['accept-encoding']);
      if (encoding === undefined) return false;
      const known = current()?.get(url);
      if (!known) return false;
      observer.observe(req, res, ROUTE);
      writeSecurityHeaders(res);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('ETag', known.etag);
      // the compression layer says so on every answer it could have compressed
      res.setHeader('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === known.etag) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      let body = known.body;
      if (encoding === 'gzip') {
        body = known.gzipped ??= gzipSync(known.body);
        res.setHeader('Content-Encoding', 'gzip');
      }
      res.setHeader('Content-Length', body.length);
      res.end(body);
      return true;
    },
    serve(req, res, next) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== PATH) return next();
      const known = current()?.get(req.originalUrl);
      if (!known) return next();
      send(res, known);
    },
    tagNow: () => (current() ? tag : undefined),
    remember(req, json, answeredAt) {
      const body = Buffer.from(json);
      const answer: EncodedAnswer = {
        body,
        etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
      };
      // An answer built while the catalogue changed is sent, not kept.
      const kept = current();
      if (kept && answeredAt !== undefined && answeredAt === tag) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(req.originalUrl, answer);
      }
      return answer;
    },
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

/** the answer with the API's headers (no-store, as every API answer; decision 0105's ETag) */
export function send(res: Response, answer: EncodedAnswer): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', answer.etag);
  res.send(answer.body);
}
