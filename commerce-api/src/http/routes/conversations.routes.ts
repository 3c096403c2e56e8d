// /api/conversations (docs/decisions/0090): the logged-in user's conversations, a thread,
// a reply; the unread count; My Listings' conversation counts; reports. The reply and report forms
// are real forms: posted before the island wakes up (urlencoded) they answer 303 back to the page.
import express, { type Request, type Response } from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { MessageSchema, ReportSchema, type MyListingsConversationsResponse } from '#contracts/conversations.ts';
import { refusalCode, type FormRefusal } from '#contracts/form-refusals.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { AppDeps } from '../../deps.ts';
import {
  listConversations,
  openConversation,
  reply,
  unreadCount,
  type ConversationContext,
} from '../../domain/conversations.ts';
import { fileReport, REPORT_RECEIVED } from '../../domain/moderation.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { markFormRefused, messageLimiter, reportLimiter } from '../rate-limits.ts';
import { currentUser, requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';

/** a form posted by the browser itself (no script): answered with a redirect, not JSON */
export const isFormPost = (req: Request): boolean => Boolean(req.is('application/x-www-form-urlencoded'));

/** forms post flat strings; a body that is not an object is treated as empty */
export const urlencodedForms = express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 20 });

export function conversationId(raw: unknown): number {
  const parsed = v.safeParse(idParam, raw);
  if (!parsed.success) throw new NotFoundError('Conversation not found');
  return parsed.output;
}

/** a same-site path to go back to after a form post (the form's returnTo, else the Referer), or the fallback */
function backTo(req: Request, fallback: string): string {
  const returnTo = (req.body as { returnTo?: unknown } | undefined)?.returnTo;
  // a path safeNextPath keeps as it is (decision 0108)
  const onSite = (path: string) => safeNextPath(path) === path;
  if (typeof returnTo === 'string' && /^\/(?!\/)[\w\-/]{0,200}$/.test(returnTo) && onSite(returnTo)) return returnTo;
  const referer = req.get('referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    return url.host === req.get('host') && onSite(url.pathname) ? url.pathname : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A form post that failed goes back with a code in the address, never words: the page shows the code's
 * fixed text (contracts/form-refusals.ts, decision 0108).
 */
function formFailure(res: Response, path: string, error: unknown): void {
  const code: FormRefusal = !(error instanceof AppError)
    ? 'failed'
    : error.code === 'not_found'
      ? 'not_found'
      : refusalCode([...Object.values(error.fields ?? {}), error.message], 'refused');
  markFormRefused(res);
  res.redirect(303, `${path}?error=${code}`);
}

export function conversationsRoutes(deps: AppDeps): express.Router {
  const { store, mailer, config, log, now } = deps;
  const ctx: ConversationContext = { store, mailer, siteUrl: config.publicSiteUrl, log };
  const router = express.Router();
  const account = (res: Response) => currentUser(res);
  const messages = messageLimiter(config.limits, account, now, store.rateLimits);
  const reports = reportLimiter(config.limits, (res) => currentUser(res)?.id, store.rateLimits);
  const loggedIn: express.RequestHandler = (_req, res, next) => {
    requireUser(res);
    next();
  };

  router.get('/conversations', async (_req, res) => {
    res.json(await listConversations(ctx, requireUser(res)));
  });

  // the header's count, read once per page load (no polling: docs/product.md "no automatic refetch")
  router.get('/conversations/unread', async (_req, res) => {
    res.json({ unread: await unreadCount(ctx, requireUser(res).id) });
  });

  router.get('/conversations/:id', async (req, res) => {
    const user = requireUser(res);
    res.json(await openConversation(ctx, conversationId(req.params.id), user, now()));
  });

  router.post('/conversations/:id/messages', urlencodedForms, loggedIn, messages, async (req, res) => {
    const user = requireUser(res);
    const id = conversationId(req.params.id);
    if (!isFormPost(req)) {
      const input = parseInput(MessageSchema, req.body);
      res.status(201).json(await reply(ctx, id, user, input.body, now()));
      return;
    }
    try {
      const input = parseInput(MessageSchema, req.body);
      await reply(ctx, id, user, input.body, now());
      res.redirect(303, `/messages/${id}`);
    } catch (error) {
      formFailure(res, `/messages/${id}`, error);
    }
  });

  router.get('/my-listings/conversations', async (_req, res) => {
    const user = requireUser(res);
    const mine = (await store.moderation.listHidden()).filter((p) => p.userId === user.id);
    const ids = (await store.conversations.listByUser(user.id))
      .filter((c) => c.sellerId === user.id)
      .map((c) => c.puppyId);
    const counts = await store.conversations.countByPuppies(ids);
    const body: MyListingsConversationsResponse = {
      conversations: Object.fromEntries([...counts].map(([id, n]) => [String(id), n])),
      hidden: Object.fromEntries(mine.map((p) => [String(p.id), p.hiddenReason ?? ''])),
    };
    res.json(body);
  });

  router.post('/reports', urlencodedForms, loggedIn, reports, async (req, res) => {
    const user = requireUser(res);
    if (!isFormPost(req)) {
      const report = await fileReport(store, user, parseInput(ReportSchema, req.body), now());
      res.status(201).json({ id: report.id, message: REPORT_RECEIVED });
      return;
    }
    const back = backTo(req, '/messages');
    try {
      await fileReport(store, user, parseInput(ReportSchema, req.body), now());
      res.redirect(303, `${back}?reported=1`);
    } catch (error) {
      formFailure(res, back, error);
    }
  });

  return router;
}
