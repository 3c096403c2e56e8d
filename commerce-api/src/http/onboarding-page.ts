// /earnings/onboarding rendered on demand (docs/decisions/0101): the local test-mode
// provider's stand-in for Stripe's hosted onboarding. Express checks the setup link and hands the page
// its account (or why the link cannot be used) in `locals`, so the form is in the HTML and works before
// any script runs. Posted by the browser itself, the form comes back here: a good one goes where Stripe
// would send the seller back, a refused one is shown again with what was typed and what is wrong under
// each field. The island posts JSON to /api/local-connect/:link instead. The link is the only key, as
// on Stripe's page; no session is read. Never cached: a link works once.
import express, { type Request, type Response } from 'express';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import { LocalOnboardingSchema, type LocalOnboardingField, type LocalOnboardingPage } from '#contracts/payouts.ts';
import type { PageLocals } from '#contracts/pages.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { urlencodedForms } from './routes/conversations.routes.ts';
import { sameOriginOnly } from './same-origin.ts';
import { parseInput } from './validate.ts';

const FIELDS: readonly LocalOnboardingField[] = ['legalName', 'routingNumber', 'accountNumber', 'ssnLast4'];
const NO_LINK = 'This page needs the setup link PuppyNest made for you.';
const NOT_LOCAL = 'The local test-mode payment provider is not active.';

/**
 * Where a finished form goes: the link's return address when it is a page of this site, else Earnings.
 * The link's metadata is stored data, so it passes the same check as any `next` (decision 0108).
 */
export function returnAddress(returnUrl: string, siteUrl: string): string {
  const site = new URL(siteUrl);
  let back: URL | undefined;
  try {
    back = new URL(returnUrl, site);
  } catch {
    back = undefined;
  }
  const path =
    back && back.origin === site.origin ? safeNextPath(`${back.pathname}${back.search}${back.hash}`) : '/earnings';
  return new URL(path, site).href;
}

export function onboardingPage(deps: AppDeps, pages: OnDemandPages): express.Router {
  const { payments, config } = deps;
  const router = express.Router();

  const linkOf = (req: Request) =>
    typeof req.query['link'] === 'string' && req.query['link'] !== '' ? req.query['link'] : null;
  const render = (req: Request, res: Response, next: (err?: unknown) => void, onboarding: LocalOnboardingPage) => {
    const locals: Partial<PageLocals> = { onboarding };
    // A post was handled here (its origin checked by sameOriginOnly): Astro renders the answer as it
    // renders the page, from the locals alone. Its own origin check would refuse the post, since a form
    // sent under Referrer-Policy no-referrer carries Origin "null".
    req.method = 'GET';
    return Promise.resolve(pages.handler(req, res, next, locals)).catch(next);
  };
  /** the link's account, or why it cannot be used (unknown, used, expired, or no local provider) */
  const pageFor = async (link: string | null): Promise<LocalOnboardingPage> => {
    if (link === null) return { link, problem: NO_LINK };
    const provider = await payments.local();
    if (!provider) return { link, problem: NOT_LOCAL };
    try {
      return { link, view: await provider.onboardingView(link) };
    } catch (error) {
      if (error instanceof AppError) return { link, problem: error.message };
      throw error;
    }
  };

  router.get(ON_DEMAND_ROUTES.onboarding.path, async (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    try {
      return await render(req, res, next, await pageFor(linkOf(req)));
    } catch (error) {
      return next(error);
    }
  });

  // The page posts to itself, so only its own origin may (the API's allowance for the site's origin
  // is for the API's address).
  router.post(ON_DEMAND_ROUTES.onboarding.path, sameOriginOnly([]), urlencodedForms, async (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    const link = linkOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typed = Object.fromEntries(
      FIELDS.map((name) => [name, typeof body[name] === 'string' ? body[name] : '']),
    ) as Record<LocalOnboardingField, string>;
    try {
      const provider = await payments.local();
      if (link === null || !provider) return await render(req, res, next, await pageFor(link));
      try {
        // the form's two submit buttons: "Submit" (intent=submit) and "Save and finish later" (intent=later)
        const input = parseInput(LocalOnboardingSchema, { ...typed, finishLater: body['intent'] === 'later' });
        const answer = await provider.submitOnboarding(link, input);
        return res.redirect(303, returnAddress(answer.returnUrl, config.publicSiteUrl));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const errors = Object.fromEntries(
          FIELDS.filter((name) => error.fields?.[name]).map((name) => [name, error.fields![name]!]),
        );
        // a refusal of the link itself (unknown, used, expired) shows the link's problem; a refused
        // field shows the form again, read from the link as the page shows it
        const page =
          Object.keys(errors).length === 0 ? ({ link, problem: error.message } as const) : await pageFor(link);
        return await render(req, res, next, 'view' in page ? { ...page, typed, errors } : page);
      }
    } catch (error) {
      return next(error);
    }
  });

  return router;
}
