// The money life's model test at length (tests/api/money-model.test.ts, decision 0107): `npm test` runs a
// fixed seed and a few dozen sequences; this runs --runs sequences (default 500) from a new seed, on lowdb
// and on PostgreSQL (one vitest project each, side by side), and prints the seed, so that a failure can be
// replayed: MONEY_MODEL_SEED=<seed> MONEY_MODEL_RUNS=<runs> npm run test:unit -- tests/api/money-model.test.ts
//
//   npm run bench -- money-model [--runs=500] [--seed=N] [--store=lowdb|postgres]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { numberArg, root } from './lib/bench-setup.ts';

const runs = numberArg('runs', 500);
// a new seed each time (the point of a longer run is new sequences), unless one is asked for
const seed = numberArg('seed', Date.now() % 2 ** 31);
const store = process.argv.find((a) => a.startsWith('--store='))?.split('=')[1];
const projects = store === 'lowdb' ? ['api'] : store === 'postgres' ? ['api-postgres'] : ['api', 'api-postgres'];

console.log(`money model: ${runs} runs per store, seed ${seed}, ${projects.join(' and ')}`);
const started = performance.now();
// vitest on this Node (the npm script's Node 24), as `npm run test:unit` would start it
const result = spawnSync(
  process.execPath,
  // the property alone: the file's replayed sequences run in `npm test`
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    'tests/api/money-model.test.ts',
    '--testNamePattern',
    'runs of up to',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MONEY_MODEL_RUNS: String(runs), MONEY_MODEL_SEED: String(seed) },
  },
);
console.log(
  `money model: ${((performance.now() - started) / 1000).toFixed(1)} s; replay with MONEY_MODEL_SEED=${seed} MONEY_MODEL_RUNS=${runs}`,
);
process.exit(result.status ?? 1);
