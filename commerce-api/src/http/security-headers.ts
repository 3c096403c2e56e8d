// The headers that protect today's browsers (nosniff, frame options, HSTS, referrer and cross-origin
// policies; decision 0112), as helmet decides them. They are the same on every answer, so helmet is
// asked once, at start, and one layer writes what it said (decision 0126): helmet's own middleware is a
// chain of seven, each a step on every request, the catalogue's popular reads included.
import helmet from 'helmet';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

type HeaderList = ReadonlyArray<readonly [string, string]>;

/** what helmet sets with these options, read from one run against a stand-in response */
function helmetHeaders(options: Parameters<typeof helmet>[0]): HeaderList {
  const headers: Array<[string, string]> = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as never, response as never, () => (done = true));
  // helmet answers synchronously; anything else would mean the headers depend on the request
  if (!done) throw new Error('helmet did not finish at once');
  return headers;
}

const HEADERS = helmetHeaders({
  contentSecurityPolicy: false,
  // as the policy's frame-ancestors 'none', for browsers that read only this header (decision 0112)
  frameguard: { action: 'deny' },
  // our own pages see where a visitor came from on the site (the listing insights' view sources, decision
  // 0135); other sites still get no referrer at all, as under helmet's no-referrer
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

export function writeSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of HEADERS) res.setHeader(name, value);
}

/** every answer: the headers helmet chose */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    writeSecurityHeaders(res);
    next();
  };
}
