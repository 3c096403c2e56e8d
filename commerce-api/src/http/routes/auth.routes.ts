import express from 'express';
import { LoginSchema, RegisterSchema } from '#contracts/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { authenticate, registerAccount, toUserView } from '../../domain/accounts.ts';
import { authLimiters } from '../rate-limits.ts';
import { currentUser, requireUser, type SessionLayer } from '../session.ts';
import { parseInput } from '../validate.ts';

export function authRoutes(deps: AppDeps, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const limits = authLimiters(deps.config.limits, deps.store.rateLimits);
  const router = express.Router();

  router.post('/register', ...limits.register, async (req, res) => {
    const input = parseInput(RegisterSchema, req.body);
    const user = await registerAccount(store, input, now());
    await sessions.logIn(res, user);
    res.status(201).json(toUserView(user));
  });

  router.post('/login', ...limits.login, async (req, res) => {
    const input = parseInput(LoginSchema, req.body);
    const user = await authenticate(store, input);
    await sessions.logIn(res, user);
    res.json(toUserView(user));
  });

  router.post('/logout', async (_req, res) => {
    const wasLoggedIn = Boolean(currentUser(res));
    await sessions.logOut(res);
    res.json({ message: wasLoggedIn ? 'You have been successfully logged out.' : 'You were not logged in.' });
  });

  router.get('/user', async (_req, res) => {
    const user = requireUser(res);
    // the header's unread conversations (decision 0090), read once per page load
    res.json({ ...toUserView(user), unreadConversations: await deps.store.conversations.countUnread(user.id) });
  });

  return router;
}
