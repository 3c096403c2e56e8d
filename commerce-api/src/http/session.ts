// Cookie ↔ account. The session cookie holds a signed token naming a stored session; every request
// re-reads the user and the session from the store, so logout, role changes and revocations apply at
// once, in every process that shares the store.
import type { Request, RequestHandler, Response } from 'express';
import { createTokenService, RENEW_AFTER_MS, TOKEN_TTL_SECONDS } from '../auth/session-tokens.ts';
import type { AppDeps } from '../deps.ts';
import { extendSession, isSessionValid, revokeSession, startSession } from '../domain/accounts.ts';
import type { Session, User } from '../domain/model.ts';
import { ForbiddenError, NotLoggedInError } from '../errors.ts';

export const SESSION_COOKIE = 'pn_session';
/**
 * A readable companion of the HttpOnly session cookie: it tells the islands whether asking GET /api/user
 * is worth a request, so an anonymous visitor's pages make no call that answers 401 (a console error in
 * every browser, and a wasted round trip). Its value is the account's kind as the site's chrome words
 * itself (decision 0137): "seller" for an account that posts listings, "buyer" for a family. It is a
 * hint for the first paint only; the API decides every right from the session.
 */
export const SESSION_HINT_COOKIE = 'pn_hint';

/** the hint's value for this account (an admin may post, so the chrome treats them as a seller) */
export function sessionHintOf(user: User): 'seller' | 'buyer' {
  return user.accountType === 'seller' || user.role === 'admin' ? 'seller' : 'buyer';
}

interface Auth {
  user: User;
  session: Session;
}

export interface SessionLayer {
  middleware: RequestHandler;
  logIn(res: Response, user: User): Promise<void>;
  logOut(res: Response): Promise<void>;
}

export function createSessionLayer({ config, store, now }: AppDeps): SessionLayer {
  const tokens = createTokenService(config.sessionSecret);
  const cookieBase = `Path=/; HttpOnly; SameSite=Lax${config.isProduction ? '; Secure' : ''}`;
  const hintBase = `Path=/; SameSite=Lax${config.isProduction ? '; Secure' : ''}`;

  const setHint = (res: Response, user: User) =>
    res.append(
      'Set-Cookie',
      `${SESSION_HINT_COOKIE}=${sessionHintOf(user)}; Max-Age=${TOKEN_TTL_SECONDS}; ${hintBase}`,
    );

  async function setCookie(res: Response, user: User, session: Session): Promise<void> {
    const token = await tokens.sign(
      { userId: user.id, sessionId: session.id, sessionVersion: user.sessionVersion },
      now(),
    );
    res.append('Set-Cookie', `${SESSION_COOKIE}=${token}; Max-Age=${TOKEN_TTL_SECONDS}; ${cookieBase}`);
    setHint(res, user);
  }
  const clearCookie = (res: Response) => {
    res.append('Set-Cookie', `${SESSION_COOKIE}=; Max-Age=0; ${cookieBase}`);
    res.append('Set-Cookie', `${SESSION_HINT_COOKIE}=; Max-Age=0; ${hintBase}`);
  };

  const middleware: RequestHandler = async (req, res, next) => {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token) return next();
    const at = now();
    const claims = await tokens.verify(token, at);
    const { user, session } = (claims && (await store.sessions.getWithUser(claims.sessionId))) || {};
    if (
      !claims ||
      !user ||
      !session ||
      user.id !== claims.userId ||
      !isSessionValid(session, user, at) ||
      user.sessionVersion !== claims.sessionVersion
    ) {
      clearCookie(res);
      return next();
    }
    res.locals.auth = { user, session } satisfies Auth;
    if (at.getTime() - claims.issuedAt.getTime() > RENEW_AFTER_MS) {
      await extendSession(store, session.id, at);
      await setCookie(res, user, session);
    } else if (readCookie(req, SESSION_HINT_COOKIE) !== sessionHintOf(user)) {
      // the account changed kind (a family became a seller, here or in another process), or the hint
      // predates its value: the next page paints the right chrome
      setHint(res, user);
    }
    next();
  };

  return {
    middleware,
    async logIn(res, user) {
      const session = await startSession(store, user, now());
      res.locals.auth = { user, session } satisfies Auth;
      await setCookie(res, user, session);
    },
    async logOut(res) {
      const auth = res.locals.auth as Auth | undefined;
      if (auth) await revokeSession(store, auth.session.id, now());
      res.locals.auth = undefined;
      clearCookie(res);
    },
  };
}

export function currentUser(res: Response): User | undefined {
  return (res.locals.auth as Auth | undefined)?.user;
}

/** the logged-in user, or 401 */
export function requireUser(res: Response): User {
  const user = currentUser(res);
  if (!user) throw new NotLoggedInError();
  return user;
}

/** the logged-in admin, or 401 / 403 */
export function requireAdmin(res: Response): User {
  const user = requireUser(res);
  if (user.role !== 'admin') throw new ForbiddenError('This page is only accessible to administrators.');
  return user;
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
