// A page rendered on demand for one logged-in viewer (/messages and its threads, /my-orders, /saved,
// /insights, a listing's marketing kit; decisions 0090, 0125, 0132, 0135, 0136), the one way each of them
// is served: never cached, as it belongs to one viewer; a visitor is sent to log in and comes back to the
// page itself; the page's data comes only from the locals `load` gives for the viewer.
import type { Request, RequestHandler } from 'express';
import type { PageLocals } from '#contracts/pages.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { User } from '../domain/model.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { currentUser, type SessionLayer } from './session.ts';

/** the login page, with the way back to the page without its query (decision 0108: every `next` passes safeNextPath) */
export function loginFirst(path: string): string {
  return `/auth?next=${encodeURIComponent(safeNextPath(path))}`;
}

/** what the page shows this viewer; the viewer's own id and name are added */
export type LoadPrivateLocals = (req: Request, user: User) => Promise<Partial<PageLocals>>;

export function privatePage(pages: OnDemandPages, sessions: SessionLayer, load: LoadPrivateLocals): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      if (!user) return res.redirect(303, loginFirst(req.path));
      try {
        const locals: Partial<PageLocals> = {
          viewer: { id: user.id, username: user.username },
          ...(await load(req, user)),
        };
        return await pages.handler(req, res, next, locals);
      } catch (error) {
        return next(error);
      }
    });
  };
}
