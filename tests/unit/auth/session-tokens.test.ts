// Session tokens (auth/session-tokens.ts): jose checks a token's signature once per process, and the
// remembered answer must never outlive the token or vouch for any other string.
import { describe, expect, it } from 'vitest';
import { createTokenService, TOKEN_TTL_SECONDS } from '../../../commerce-api/src/auth/session-tokens.ts';

const SECRET = 'a-session-secret-that-is-long-enough-0123456789';
const NOW = new Date('2026-11-25T12:00:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const CLAIMS = { userId: 7, sessionId: 42, sessionVersion: 3 };

describe('session tokens', () => {
  it('verify until their expiry, the first time and every time after', async () => {
    const first = createTokenService(SECRET);
    const token = await first.sign(CLAIMS, NOW);
    // a fresh service has never seen the token; the first one has after its first verify
    for (const service of [createTokenService(SECRET), first]) {
      expect(await service.verify(token, later(TOKEN_TTL_SECONDS - 1))).toEqual({ ...CLAIMS, issuedAt: NOW });
      expect(await service.verify(token, later(1))).toEqual({ ...CLAIMS, issuedAt: NOW });
      expect(await service.verify(token, later(TOKEN_TTL_SECONDS))).toBeUndefined();
      expect(await service.verify(token, later(TOKEN_TTL_SECONDS + 60))).toBeUndefined();
    }
  });

  it('refuse a changed token, another secret’s token and a malformed one, also after the real one was verified', async () => {
    const service = createTokenService(SECRET);
    const token = await service.sign(CLAIMS, NOW);
    expect(await service.verify(token, NOW)).toBeDefined();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' }),
    ).toString('base64url');
    const foreign = await createTokenService(`${SECRET}-other`).sign(CLAIMS, NOW);
    for (const bad of [flipped, `${header}.${otherPayload}.${signature}`, foreign, `${token}x`, 'not-a-token', '']) {
      expect(await service.verify(bad, NOW), bad).toBeUndefined();
    }
    expect(await service.verify(token, NOW)).toBeDefined();
  });

  it('refuse a token first seen after its expiry', async () => {
    const token = await createTokenService(SECRET).sign(CLAIMS, NOW);
    const service = createTokenService(SECRET);
    expect(await service.verify(token, later(TOKEN_TTL_SECONDS))).toBeUndefined();
    expect(await service.verify(token, NOW)).toBeDefined();
  });
});
