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

/** how many verified tokens a process remembers (about 300 bytes each) */
const VERIFIED_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature is checked once per process: whether the HMAC fits is a fixed fact of the token
  // and the secret, and jose's check (WebCrypto, on the thread pool) costs about 0.12 ms of CPU, on
  // every signed-in request. The expiry is still compared with `now` on every use, and the session
  // behind the token is still read from the store (session.ts), so a logout still ends it at once.
  const verified = new Map<string, { claims: SessionClaims; expiresAtSeconds: number }>();
  const remember = (token: string, claims: SessionClaims, expiresAtSeconds: number) => {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtSeconds });
  };
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
      const known = verified.get(token);
      // jose's rule: expired once exp <= now, in whole seconds
      if (known) return known.expiresAtSeconds > Math.floor(now.getTime() / 1000) ? known.claims : undefined;
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
        const claims = { userId, sessionId: sid, sessionVersion: ver, issuedAt: new Date((payload.iat ?? 0) * 1000) };
        remember(token, claims, payload.exp!);
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}
