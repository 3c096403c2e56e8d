// npm run bench: every benchmark in tests/perf, one after the other, each in its own process so that
// none inherits another's heap or JIT state. `npm run bench -- puppies-api` runs only the named ones.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const passOn = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && file !== 'run.ts')
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.ts$/, '')))
  .sort();

if (benches.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')} in ${dir}.`);
  process.exit(1);
}

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file.replace(/\.ts$/, '')} ==`);
  const run = spawnSync(process.execPath, [path.join(dir, file), ...passOn], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.error(`${file} exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failed ? 1 : 0);
