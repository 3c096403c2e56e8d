// /messages and /messages/{id} rendered on demand (docs/decisions/0090, after 0065's listing pages): the
// thread is in the HTML with its reply form, so reading and replying work before any script runs
// (the form posts to the API, which answers 303 back here). Only for its two parties: anyone else gets
// the page's 404. Served as every private page is (private-page.ts).
import express from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import type { AppDeps } from '../deps.ts';
import { listConversations, openConversation } from '../domain/conversations.ts';
import { NotFoundError } from '../errors.ts';
import type { OnDemandPages } from './on-demand-pages.ts';
import { privatePage } from './private-page.ts';
import type { SessionLayer } from './session.ts';

export function messagePages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, mailer, config, log, now } = deps;
  const context = { store, mailer, siteUrl: config.publicSiteUrl, log };
  const router = express.Router();

  // The list, in the HTML like the thread: a slow phone sees its conversations before any script.
  router.get(
    ON_DEMAND_ROUTES.messages.path,
    privatePage(pages, sessions, async (_req, user) => ({ conversations: await listConversations(context, user) })),
  );

  router.get(
    ON_DEMAND_ROUTES.conversation.path,
    privatePage(pages, sessions, async (req, user) => {
      const id = v.safeParse(idParam, req.params.id);
      if (!id.success) return { conversation: null };
      try {
        return { conversation: await openConversation(context, id.output, user, now()) };
      } catch (error) {
        // not a party to it, or no such thread: the page's 404
        if (error instanceof NotFoundError) return { conversation: null };
        throw error;
      }
    }),
  );

  return router;
}
