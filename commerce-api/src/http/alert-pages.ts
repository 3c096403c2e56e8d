// /alerts rendered on demand (docs/product.md §21, decision 0131): a viewer's alerts with their pause,
// resume and delete forms (an account's by its session, an address's by the signed link in its mails),
// the confirmation link's page (a button starts the alert: mail scanners follow links, so a GET never
// changes anything) and the unsubscribe link's page. The unsubscribe link is also each alert mail's
// List-Unsubscribe address: a POST to it unsubscribes with no login and no CSRF token (its signed token
// is the authority), answered 200 (RFC 8058). Never cached: it belongs to one viewer or one link.
import express, { type Request, type Response } from 'express';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import type { AlertsPageView } from '#contracts/alerts.ts';
import type { PageLocals } from '#contracts/pages.ts';
import type { AppDeps } from '../deps.ts';
import {
  alertsOf,
  alertViewOf,
  emailOfManageToken,
  isConfirmToken,
  searchOfUnsubscribeToken,
  unsubscribe,
  type AlertOwner,
} from '../domain/saved-searches.ts';
import { alertDepsOf } from './routes/alerts.routes.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { currentUser, type SessionLayer } from './session.ts';

const oneClickBody = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });

export function alertPages(deps: AppDeps, pages: OnDemandPages | undefined, sessions: SessionLayer): express.Router {
  const { store } = deps;
  const ctx = alertDepsOf(deps);
  const router = express.Router();
  const path = ON_DEMAND_ROUTES.alerts.path;

  const render = async (req: Request, res: Response, next: express.NextFunction, alerts: AlertsPageView) => {
    if (!pages) return res.type('text').send('Alerts');
    const user = currentUser(res);
    const locals: Partial<PageLocals> = { viewer: user ? { id: user.id, username: user.username } : null, alerts };
    return pages.handler(req, res, next, locals);
  };

  router.get(path, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      try {
        const { confirm, unsubscribe: off, token } = req.query;
        if (confirm !== undefined)
          return await render(req, res, next, {
            kind: 'confirm',
            token: typeof confirm === 'string' ? confirm : '',
            valid: isConfirmToken(confirm),
          });
        if (off !== undefined) {
          const id = searchOfUnsubscribeToken(ctx.secret, off);
          const search = id === undefined ? undefined : await store.savedSearches.get(id);
          const breeds = new Map((await store.breeds.list()).map((b) => [b.id, b]));
          return await render(req, res, next, {
            kind: 'unsubscribe',
            token: typeof off === 'string' ? off : '',
            summary: search ? alertViewOf(search, breeds).summary : null,
            done: id !== undefined && !search,
          });
        }
        const email = emailOfManageToken(ctx.secret, token);
        const user = currentUser(res);
        const owner: AlertOwner | undefined = user ? { userId: user.id } : email ? { email } : undefined;
        if (!owner) return await render(req, res, next, { kind: 'nobody' });
        const breeds = new Map((await store.breeds.list()).map((b) => [b.id, b]));
        const alerts = (await alertsOf(store, owner)).map((s) => alertViewOf(s, breeds));
        return await render(req, res, next, {
          kind: 'list',
          email: user ? user.email : email!,
          token: user ? null : (token as string),
          alerts,
        });
      } catch (error) {
        return next(error);
      }
    });
  });

  // RFC 8058's one-click POST (a mail client sends `List-Unsubscribe=One-Click`): 200. The page's own
  // button sends `page=1` too and goes back to the page (303), which says it is done: Astro refuses a form
  // posted to a page itself (its origin check), and the page must not change anything on GET.
  router.post(path, oneClickBody, async (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    try {
      const token = req.query['unsubscribe'];
      if (!(await unsubscribe(ctx, token)))
        return res.status(404).type('text').send('This unsubscribe link is not valid.');
      const fromPage = (req.body as Record<string, unknown> | undefined)?.['page'] === '1';
      if (fromPage)
        return res.redirect(
          303,
          `${path}?${new URLSearchParams({ unsubscribe: String(token), done: 'unsubscribed' })}`,
        );
      return res.status(200).type('text').send('You are unsubscribed.');
    } catch (error) {
      return next(error);
    }
  });

  return router;
}
