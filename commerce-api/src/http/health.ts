// The balancer's probes (decision 0093). /healthz: the process is alive and serving (always 200 while it
// answers at all). /readyz: send it traffic: the store answers (on PostgreSQL: reachable, migrations
// applied) and the process is not draining; otherwise 503 with a short reason for the operator.
import express from 'express';
import type { AppDeps } from '../deps.ts';

/** the probes' paths: the request observer leaves them out of the logs, and app.ts routes only them here */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function healthRoutes(deps: Pick<AppDeps, 'store' | 'draining'>): express.Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (deps.draining?.()) {
      res.status(503).json({ ok: false, reason: 'shutting down' });
      return;
    }
    const readiness = await deps.store.ready().catch(() => ({ ok: false as const, reason: 'store check failed' }));
    res.status(readiness.ok ? 200 : 503).json(readiness);
  });
  return router;
}
