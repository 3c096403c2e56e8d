// Saved searches and alerts (docs/product.md §21, decision 0131). "Alert me" posts here as JSON or as a
// real form (no script: answered 303 back to the list with a code, decision 0108); so do the /alerts
// page's pause, resume and delete forms and the confirmation page's button. An address without an account
// is authenticated by the signed link in its mails (`token`), an account by its session.
import express, { type Request, type Response } from 'express';
import * as v from 'valibot';
import { ALERT_FORM_ANCHOR, ALERT_OUTCOMES, AlertFormSchema, type AlertOutcome } from '#contracts/alerts.ts';
import { idParam } from '#contracts/common.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { AppDeps } from '../../deps.ts';
import {
  alertsOf,
  alertViewOf,
  changeAlert,
  confirmAlert,
  emailOfManageToken,
  manageToken,
  saveAlert,
  type AlertDeps,
  type AlertOwner,
} from '../../domain/saved-searches.ts';
import { NotFoundError, NotLoggedInError, ValidationError } from '../../errors.ts';
import { alertLimiter, markFormRefused } from '../rate-limits.ts';
import { currentUser } from '../session.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';

export function alertDepsOf({ store, mailer, log, config }: AppDeps): AlertDeps {
  return { store, mailer, log, siteUrl: config.publicSiteUrl, secret: config.sessionSecret };
}

/** the list page a form came from, with the outcome's code, at the form */
function backToList(raw: unknown, code: AlertOutcome): string {
  const safe = safeNextPath(raw);
  const page = safe.startsWith('/puppies') ? safe.split('#')[0]! : '/puppies';
  const url = new URL(page, 'https://puppynest.invalid');
  url.searchParams.delete('alert');
  url.searchParams.set('alert', code);
  return `${url.pathname}${url.search}#${ALERT_FORM_ANCHOR}`;
}

/** /alerts for this owner, with an outcome */
function alertsPage(token: string | null, code: AlertOutcome): string {
  const params = new URLSearchParams();
  if (token) params.set('token', token);
  params.set('done', code);
  return `/alerts?${params}`;
}

const field = (req: Request, name: string): unknown =>
  req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined;

export function alertsRoutes(deps: AppDeps): express.Router {
  const router = express.Router();
  const ctx = alertDepsOf(deps);
  const { store, now } = deps;

  /** the owner of the request: the session's account, else the address of a valid manage token */
  const ownerOf = (req: Request, res: Response): { owner: AlertOwner; token: string | null } | undefined => {
    const user = currentUser(res);
    if (user) return { owner: { userId: user.id }, token: null };
    const token = field(req, 'token') ?? req.query['token'];
    const email = emailOfManageToken(ctx.secret, token);
    return email ? { owner: { email }, token: token as string } : undefined;
  };

  router.post('/alerts', urlencodedForms, alertLimiter(store.rateLimits), async (req, res) => {
    const form = isFormPost(req);
    const parsed = v.safeParse(AlertFormSchema, req.body ?? {});
    if (!parsed.success) {
      const email = parsed.issues.some((i) => i.path?.[0]?.key === 'email');
      if (form) {
        markFormRefused(res);
        return res.redirect(303, backToList(field(req, 'back'), email ? 'email' : 'filters'));
      }
      throw new ValidationError(parsed.issues[0]!.message);
    }
    const input = parsed.output;
    const user = currentUser(res);
    const { outcome, search } = await saveAlert(
      ctx,
      { user, email: input.email || undefined, query: input.query, frequency: input.frequency },
      now(),
    );
    const done = outcome === 'saved' || outcome === 'confirm';
    if (form) {
      if (!done) markFormRefused(res);
      return res.redirect(303, backToList(input.back, outcome));
    }
    if (!done) throw new ValidationError(ALERT_OUTCOMES[outcome]);
    return res.status(201).json({ status: outcome, id: search!.id });
  });

  // the confirmation page's button (a link alone never confirms: mail scanners follow links)
  router.post('/alerts/confirm', urlencodedForms, async (req, res) => {
    const search = await confirmAlert(store, field(req, 'token'), now());
    const token = search ? manageToken(ctx.secret, search.email) : null;
    if (isFormPost(req)) return res.redirect(303, search ? alertsPage(token, 'confirmed') : '/alerts?done=link');
    if (!search) throw new NotFoundError('This link has expired or was used already.');
    return res.json({ status: 'active', id: search.id, token });
  });

  router.get('/alerts', async (req, res) => {
    const who = ownerOf(req, res);
    if (!who) throw new NotLoggedInError();
    const breeds = new Map((await store.breeds.list()).map((b) => [b.id, b]));
    res.json({ alerts: (await alertsOf(store, who.owner)).map((s) => alertViewOf(s, breeds)) });
  });

  router.post('/alerts/:id/:action', urlencodedForms, async (req, res) => {
    const action = req.params['action'];
    if (action !== 'pause' && action !== 'resume' && action !== 'delete') throw new NotFoundError('Not found');
    const id = v.safeParse(idParam, req.params['id']);
    const who = ownerOf(req, res);
    const form = isFormPost(req);
    if (!who) {
      if (form) return res.redirect(303, '/alerts?done=link');
      throw new NotLoggedInError();
    }
    const changed = id.success && (await changeAlert(store, who.owner, id.output, action, now()));
    const code: AlertOutcome = action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'deleted';
    if (form) return res.redirect(303, alertsPage(who.token, changed ? code : 'failed'));
    if (!changed) throw new NotFoundError('No such alert.');
    return res.json({ status: code });
  });

  return router;
}
