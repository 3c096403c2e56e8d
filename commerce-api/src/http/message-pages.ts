// /messages and /messages/{id} rendered on demand (docs/decisions/0090, after 0065's listing pages): the
// thread is in the HTML with its reply form, so reading and replying work before any script runs
// (the form posts to the API, which answers 303 back here). Only for its two parties: a visitor is
// sent to log in first, anyone else gets the page's 404. Never cached: it belongs to one viewer.
import express from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { PageLocals } from '#contracts/pages.ts';
import type { AppDeps } from '../deps.ts';
import { listConversations, openConversation } from '../domain/conversations.ts';
import { NotFoundError } from '../errors.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { currentUser, type SessionLayer } from './session.ts';

/** the login page, with the way back (decision 0108: every `next` passes safeNextPath) */
const loginFirst = (path: string) => `/auth?next=${encodeURIComponent(safeNextPath(path))}`;

export function messagePages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, mailer, config, log, now } = deps;
  const router = express.Router();

  // The list, in the HTML like the thread: a slow phone sees its conversations before any script.
  router.get(ON_DEMAND_ROUTES.messages.path, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      if (!user) return res.redirect(303, loginFirst(req.path));
      try {
        const conversations = await listConversations({ store, mailer, siteUrl: config.publicSiteUrl, log }, user);
        const locals: Partial<PageLocals> = { viewer: { id: user.id, username: user.username }, conversations };
        return await pages.handler(req, res, next, locals);
      } catch (error) {
        return next(error);
      }
    });
  });

  router.get(ON_DEMAND_ROUTES.conversation.path, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      if (!user) return res.redirect(303, loginFirst(req.path));
      const id = v.safeParse(idParam, req.params.id);
      let conversation: PageLocals['conversation'] = null;
      try {
        if (id.success)
          conversation = await openConversation(
            { store, mailer, siteUrl: config.publicSiteUrl, log },
            id.output,
            user,
            now(),
          );
      } catch (error) {
        if (!(error instanceof NotFoundError)) return next(error);
      }
      const locals: Partial<PageLocals> = { viewer: { id: user.id, username: user.username }, conversation };
      return Promise.resolve(pages.handler(req, res, next, locals)).catch(next);
    });
  });

  return router;
}
