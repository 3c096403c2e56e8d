// Store query durations (decision 0116), measured at the store seam: the same for lowdb and PostgreSQL,
// and no storage code knows of metrics. Each repository method is wrapped once, with its labels bound
// then, so a call costs two clock reads and one observation. A transaction's repositories are wrapped
// when it starts, and the transaction as a whole is timed as store.transaction.
import type { Repositories, Store } from '../domain/store/index.ts';
import type { Metrics } from './metrics.ts';

type Method = (...args: unknown[]) => unknown;

/** channels rather than queries: listening is not timed */
const UNTIMED = new Set(['announcements']);

function timedRepository(name: string, repository: object, calls: Metrics['storeCalls']): object {
  const timed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(repository)) {
    if (typeof value !== 'function') {
      timed[key] = value;
      continue;
    }
    const method = value as Method;
    const observed = calls.labels(name, key);
    timed[key] = (...args: unknown[]) => {
      const started = performance.now();
      const done = () => observed.observe((performance.now() - started) / 1000);
      const result = method.apply(repository, args);
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    };
  }
  return timed;
}

function timedRepositories<R extends object>(repositories: R, calls: Metrics['storeCalls']): R {
  const timed: Record<string, unknown> = { ...(repositories as Record<string, unknown>) };
  for (const [name, value] of Object.entries(repositories as Record<string, unknown>)) {
    if (value && typeof value === 'object' && !UNTIMED.has(name)) timed[name] = timedRepository(name, value, calls);
  }
  return timed as R;
}

export function timedStore(store: Store, metrics: Metrics): Store {
  const calls = metrics.storeCalls;
  const transaction = calls.labels('store', 'transaction');
  return {
    ...timedRepositories(store, calls),
    async transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await store.transaction((tx) => fn(timedRepositories(tx, calls)));
      } finally {
        transaction.observe((performance.now() - started) / 1000);
      }
    },
  };
}
