// The Studio schema passes Sanity's own schema validation (the same check `sanity build` relies on).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

it('passes `sanity schema validate`', { timeout: 60_000 }, () => {
  const result = spawnSync('npx', ['sanity', 'schema', 'validate'], {
    cwd: path.resolve('studio'),
    env: { ...process.env, SANITY_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, output).toBe(0);
  expect(output).toMatch(/0 errors/);
});
