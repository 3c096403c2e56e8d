// Where a `next` may send a visitor (docs/decisions/0108-redirects-embeds-and-abuse-limits.md): known
// open-redirect tricks all land on '/', and paths of this site come back as they were.
import { describe, expect, it } from 'vitest';
import { safeNextPath } from '#contracts/safe-next-path.ts';

const bypasses: Array<[label: string, raw: unknown]> = [
  ['protocol-relative', '//evil.com'],
  ['backslash after the slash', '/\\evil.com'],
  ['encoded backslash', '/%5Cevil.com'],
  ['encoded backslash, lower case', '/%5cevil.com'],
  ['encoded tab before a slash', '/%09/evil.com'],
  ['raw tab before a slash', '/\t/evil.com'],
  ['encoded double slash', '/%2F%2Fevil.com'],
  ['double-encoded double slash', '/%252F%252Fevil.com'],
  ['triple-encoded backslash', '/%25255Cevil.com'],
  ['two backslashes', '\\\\evil.com'],
  ['absolute https URL', 'https://evil.com'],
  ['scheme-relative with a scheme', 'http:evil.com'],
  ['javascript URL', 'javascript:alert(1)'],
  ['encoded CR LF', '/%0d%0a//evil'],
  ['leading space', ' /x'],
  ['newline inside', '/x\ny'],
  ['a tab alone', '\t'],
  ['full-width slashes', '／／evil.com'],
  ['dot segment to a double slash', '/..//evil.com'],
  ['encoded dot segment to a double slash', '/%2e%2e//evil.com'],
  ['three slashes', '///evil.com'],
  ['slash, backslash, slash', '/\\/evil.com'],
  ['non-breaking space', '/\u00a0/evil.com'],
  ['right-to-left override', '/\u202e/moc.live'],
  ['encoded NUL', '/%00/evil.com'],
  ['broken percent-encoding', '/%E0%A4%A'],
  ['relative path', 'evil.com'],
  ['empty', ''],
  ['null', null],
  ['a number', 42],
  ['a list, as a repeated query parameter', ['/a', '//evil.com']],
  ['far too long', `/${'a'.repeat(5000)}`],
];

describe('safeNextPath', () => {
  it.each(bypasses)('%s → /', (_label, raw) => {
    expect(safeNextPath(raw)).toBe('/');
  });

  it.each([
    ['/puppies?breed=pug', '/puppies?breed=pug'],
    ['/my-orders#x', '/my-orders#x'],
    ['/messages/12', '/messages/12'],
    ['/', '/'],
    ['/checkout/7?visit=a1b2', '/checkout/7?visit=a1b2'],
    ['/sellers', '/sellers'],
    ['/puppies?breed=golden+retriever', '/puppies?breed=golden+retriever'],
    ['/a/./b/../c', '/a/c'],
  ])('%s stays on the site as %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it('each answer resolves to this site, whatever base it is resolved against', () => {
    for (const [, raw] of bypasses) {
      expect(new URL(safeNextPath(raw), 'https://puppynest.example').origin).toBe('https://puppynest.example');
    }
  });
});
