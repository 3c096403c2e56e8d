// /api/register, /api/login, /api/logout, /api/user. Register and login take JSON from the island and
// urlencoded posts from the /auth forms before any script runs (docs/decisions/0123): the same limits,
// the same domain functions, the same session cookie and the same `next` rule (safeNextPath, decision
// 0108); a form is answered 303 to `next`, or back to /auth with the refusal's code.
import express, { type NextFunction, type Request, type Response } from 'express';
import { LoginSchema, RegisterFormSchema, RegisterSchema } from '#contracts/auth.ts';
import {
  AUTH_FIELDS,
  authPageAddress,
  authRefusalCode,
  keptValues,
  type AuthField,
  type AuthRefusal,
  type AuthTab,
} from '#contracts/auth-refusals.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { AppDeps } from '../../deps.ts';
import { authenticate, registerAccount, toUserView } from '../../domain/accounts.ts';
import { AppError } from '../../errors.ts';
import { authLimiters, markFormRefused } from '../rate-limits.ts';
import { currentUser, requireUser, type SessionLayer } from '../session.ts';
import { parseInput } from '../validate.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';

const formBody = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};

/** the register form's fields as the contract takes them: a ticked checkbox posts "on" */
const registerFormInput = (body: Record<string, unknown>) => ({ ...body, confirmAdult: body['confirmAdult'] === 'on' });

/**
 * Answers a refused form post: back to /auth with the codes of its message and of each field's message
 * (decision 0123). Counted as a failure by the login limits, as the JSON answer's 4xx is.
 */
function authFormFailure(tab: AuthTab) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (!isFormPost(req) || res.headersSent) return next(error);
    markFormRefused(res);
    const appError = error instanceof AppError ? error : undefined;
    const fields: Partial<Record<AuthField, AuthRefusal>> = {};
    for (const field of AUTH_FIELDS) {
      const message = appError?.fields?.[field];
      if (message) fields[field] = authRefusalCode(message, 'refused');
    }
    const body = formBody(req);
    res.redirect(
      303,
      authPageAddress({
        tab,
        next: safeNextPath(body['next']),
        error: appError ? authRefusalCode(appError.message, 'refused') : 'failed',
        fields,
        kept: keptValues(body),
      }),
    );
  };
}

export function authRoutes(deps: AppDeps, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const limits = authLimiters(deps.config.limits, deps.store.rateLimits);
  const router = express.Router();

  router.post(
    '/register',
    urlencodedForms,
    ...limits.register,
    async (req: Request, res: Response) => {
      if (!isFormPost(req)) {
        const input = parseInput(RegisterSchema, req.body);
        const user = await registerAccount(store, input, now());
        await sessions.logIn(res, user);
        res.status(201).json(toUserView(user));
        return;
      }
      const body = formBody(req);
      // the form's own contract: confirmPassword is checked here, as the island checks it, and never kept
      const { confirmPassword: _checked, ...input } = parseInput(RegisterFormSchema, registerFormInput(body));
      const user = await registerAccount(store, input, now());
      await sessions.logIn(res, user);
      res.redirect(303, safeNextPath(body['next']));
    },
    authFormFailure('register'),
  );

  router.post(
    '/login',
    urlencodedForms,
    ...limits.login,
    async (req: Request, res: Response) => {
      const input = parseInput(LoginSchema, req.body);
      const user = await authenticate(store, input);
      await sessions.logIn(res, user);
      if (isFormPost(req)) res.redirect(303, safeNextPath(formBody(req)['next']));
      else res.json(toUserView(user));
    },
    authFormFailure('login'),
  );

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
