// Session tokens: jose-signed JWTs, HS256 only, issuer and audience checked (docs/product.md §11).
// The token names a stored session (sid), so logout revokes it on the server.
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'puppynest';
const AUDIENCE = 'puppynest-web';
/** a token lives a day; it is renewed on use once it is older than RENEW_AFTER_MS */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const RENEW_AFTER_MS = 15 * 60 * 1000;

export interface SessionClaims {
  userId: number;
  sessionId: number;
  sessionVersion: number;
  issuedAt: Date;
}

export interface TokenService {
  sign(claims: Omit<SessionClaims, 'issuedAt'>, now: Date): Promise<string>;
  /** undefined for any token that is not ours, tampered, expired or malformed */
  verify(token: string, now: Date): Promise<SessionClaims | undefined>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId, sessionVersion }, now) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: sessionId, ver: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const userId = Number(payload.sub);
        const { sid, ver } = payload as { sid?: unknown; ver?: unknown };
        if (!Number.isSafeInteger(userId) || typeof sid !== 'number' || typeof ver !== 'number') return undefined;
        return { userId, sessionId: sid, sessionVersion: ver, issuedAt: new Date((payload.iat ?? 0) * 1000) };
      } catch {
        return undefined;
      }
    },
  };
}
