// npm start's one decision for the site and the Studio (tools/build-freshness.ts, decision 0120): build
// again when the build is missing, older than its sources, or made for something else.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newestMtime, rebuildReason } from '../../tools/build-freshness.ts';

const PROJECT = '{"projectId":"abc123","dataset":"production"}';

describe('rebuildReason', () => {
  it('builds what is missing, whatever the sources', () => {
    expect(rebuildReason({ builtAt: null, builtFor: null }, { for: PROJECT, sourcesChangedAt: 0 })).toBe('missing');
    expect(rebuildReason({ builtAt: null, builtFor: PROJECT }, { for: PROJECT, sourcesChangedAt: 0 })).toBe('missing');
  });

  it('builds again when a source changed after the build', () => {
    expect(rebuildReason({ builtAt: 1000, builtFor: PROJECT }, { for: PROJECT, sourcesChangedAt: 1001 })).toBe(
      'older than its sources',
    );
  });

  it('keeps a build as new as its sources, or newer', () => {
    expect(rebuildReason({ builtAt: 1000, builtFor: PROJECT }, { for: PROJECT, sourcesChangedAt: 1000 })).toBeNull();
    expect(rebuildReason({ builtAt: 1000, builtFor: PROJECT }, { for: PROJECT, sourcesChangedAt: 10 })).toBeNull();
  });

  it('builds again for another project or address, or when the build does not say what it was made for', () => {
    const other = '{"projectId":"xyz789","dataset":"production"}';
    expect(rebuildReason({ builtAt: 1000, builtFor: other }, { for: PROJECT, sourcesChangedAt: 0 })).toBe(
      'made for something else',
    );
    expect(rebuildReason({ builtAt: 1000, builtFor: null }, { for: PROJECT, sourcesChangedAt: 0 })).toBe(
      'made for something else',
    );
  });
});

describe('newestMtime', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-freshness-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const at = (file: string, seconds: number) => utimesSync(path.join(dir, file), seconds, seconds);

  it('finds the newest file under a folder, skipping the named folders, and 0 for nothing', () => {
    mkdirSync(path.join(dir, 'schemaTypes'));
    mkdirSync(path.join(dir, '.sanity'));
    writeFileSync(path.join(dir, 'schemaTypes', 'terms.ts'), '');
    writeFileSync(path.join(dir, '.sanity', 'cache.js'), '');
    at('.sanity/cache.js', 9_000);
    at('schemaTypes/terms.ts', 5_000);
    at('schemaTypes', 1_000);
    at('.sanity', 1_000);
    at('.', 1_000);
    expect(newestMtime(dir, new Set(['.sanity']))).toBe(5_000_000);
    expect(newestMtime(dir)).toBe(9_000_000);
    expect(newestMtime(path.join(dir, 'no-such-folder'))).toBe(0);
  });
});
