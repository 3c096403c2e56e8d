// METRICS_PORT (decision 0116): /metrics on a port of its own, bound to 127.0.0.1, without a token:
// for a Prometheus (or its agent) on the same machine, while the public port never serves metrics.
import http from 'node:http';
import type { Metrics } from './metrics.ts';

export async function serveMetricsLocally(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Only GET /metrics is served here.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) =>
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
