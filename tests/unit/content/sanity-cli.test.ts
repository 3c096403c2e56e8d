// The Studio builds with Sanity's own CLI, offline. (Its schema passes Sanity's validation: schema-fit.test.ts.)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

it(
  'builds the Studio offline with the /studio base path (the `sanity build` tools/build-studio.ts runs)',
  { timeout: 120_000 },
  async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'pn-studio-'));
    try {
      const result = spawnSync('npx', ['sanity', 'build', outDir, '--yes'], {
        cwd: path.resolve('studio'),
        env: { ...process.env, SANITY_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
        encoding: 'utf8',
      });
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      expect(html).toMatch(/\/studio\/static\//);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
);
