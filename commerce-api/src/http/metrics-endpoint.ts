// GET /metrics on the server's own port (decision 0116), only when METRICS_TOKEN is set, and only to a
// caller that sends it as a bearer token: 401 otherwise. Without METRICS_TOKEN the route does not
// exist (404, like any unknown path), so metrics are never open by default. The token is compared in
// constant time over digests of equal length, so neither its content nor its length leaks.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics/metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** GET /metrics (app.ts mounts it as one route, not a router every request would pass through) */
export function metricsEndpoint(metrics: Metrics, token: string): RequestHandler {
  const expected = digest(token);
  return async (req, res) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
    res.set('Cache-Control', 'no-store');
    if (!timingSafeEqual(digest(given), expected)) {
      res
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .status(401)
        .type('text/plain')
        .send('Metrics need the bearer token METRICS_TOKEN.\n');
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
