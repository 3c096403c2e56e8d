// The API login fixture, for tests that are not about logging in: a stored account and a live session,
// made directly through the store (t.store, so the same fixture runs on either store), and an agent
// that carries its session cookie. It skips the argon2 hash of
// POST /api/register (the account holds the factories' precomputed hash of FACTORY_PASSWORD) and the
// registration rate limit. Tests of registering and logging in keep registeredAgent (test-app.ts).
import request from 'supertest';
import { startSession, toUserView } from '../../commerce-api/src/domain/accounts.ts';
import type { User } from '../../commerce-api/src/domain/model.ts';
import { createTokenService } from '../../commerce-api/src/auth/session-tokens.ts';
import { SESSION_COOKIE } from '../../commerce-api/src/http/session.ts';
import { buildUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

/** what registeredAgent answers, for the same overrides (username, email, accountType…) */
export async function signedInAgent(
  t: Pick<TestApp, 'app' | 'store' | 'deps'>,
  overrides: Partial<Omit<User, 'id'>> = {},
) {
  const now = t.deps.now();
  const username = overrides.username ?? `signed${Date.now().toString(36)}${counter++}`;
  const { usernameKey: _key, ...row } = buildUser(
    { ...overrides, username, email: overrides.email ?? `${username}@example.com` },
    now,
  );
  const user = await t.store.users.create(row);
  const session = await startSession(t.store, user, now);
  const token = await createTokenService(t.deps.config.sessionSecret).sign(
    { userId: user.id, sessionId: session.id, sessionVersion: user.sessionVersion },
    now,
  );
  const cookie = `${SESSION_COOKIE}=${token}`;
  const agent = request.agent(t.app);
  // supertest talks to the app on 127.0.0.1: the cookie goes in the agent's jar, as a Set-Cookie would.
  agent.jar.setCookie(`${cookie}; Path=/`, '127.0.0.1', '/');
  return { agent, user: toUserView(user), cookie };
}
