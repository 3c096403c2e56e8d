// POST /api/contacts: the contact page and a puppy's inquiry (docs/product.md §5, decision 0090). The
// puppy page's inquiry form is a real form (decision 0124): posted before or without its script
// (urlencoded) it answers 303, to the conversation for a logged-in family, to the login page for a
// visitor, or back to the puppy with a refusal code. GET /api/puppies/{id}/contact is where the page's
// Contact Seller link goes: the page is cached for everyone, so the server decides here who is asking.
import express, { type Request, type Response } from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { ContactSchema } from '#contracts/contacts.ts';
import { refusalCode, type FormRefusal } from '#contracts/form-refusals.ts';
import type { AppDeps } from '../../deps.ts';
import { sendContactMessage } from '../../domain/contacts.ts';
import { isPublic } from '../../domain/puppy-catalogue.ts';
import { AppError } from '../../errors.ts';
import { PRIVATE_PAGE_CACHE } from '../on-demand-pages.ts';
import { contactLimiter, markFormRefused, messageLimiter } from '../rate-limits.ts';
import { currentUser } from '../session.ts';
import { parseInput } from '../validate.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';
import { loginFirst } from '../private-page.ts';

/** the puppy page's anchor of its inquiry form */
export const INQUIRY_ANCHOR = 'inquire';

/** a form sends the puppy's id as text; the schema takes the number the island sends */
function formInput(body: unknown): Record<string, unknown> {
  const fields = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
  const raw = fields['puppyId'];
  if (typeof raw === 'string') fields['puppyId'] = /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
  return fields;
}

/** the form's refusal code: an empty field is the spec's "Please fill out all fields" (docs/product.md §5) */
function inquiryRefusal(error: unknown): FormRefusal {
  if (!(error instanceof AppError)) return 'failed';
  if (error.code === 'not_found') return 'not_found';
  const messages = [...Object.values(error.fields ?? {}), error.message];
  if (messages.some((m) => m.endsWith(' is required'))) return 'inquiry_fields';
  if (messages.some((m) => m.startsWith('Please keep it under'))) return 'inquiry_too_long';
  return refusalCode(messages, 'refused');
}

export function contactsRoutes({ store, mailer, config, log, now }: AppDeps): express.Router {
  const router = express.Router();
  const teamAddress = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  const ctx = { store, mailer, teamAddress, siteUrl: config.publicSiteUrl, log };
  // a logged-in inquiry is a message too (decision 0090), so the per-account message limit counts it
  const messages = messageLimiter(config.limits, (res) => currentUser(res), now, store.rateLimits);

  router.post(
    '/contacts',
    urlencodedForms,
    contactLimiter(config.limits, store.rateLimits),
    messages,
    async (req, res) => {
      if (isFormPost(req)) return inquiryForm(req, res);
      const input = parseInput(ContactSchema, req.body);
      const { saved, conversationId } = await sendContactMessage(ctx, input, currentUser(res) ?? null, now());
      res
        .status(201)
        .json({ id: saved.id, message: 'Message sent', ...(conversationId !== undefined ? { conversationId } : {}) });
    },
  );

  /**
   * The inquiry form of /puppies/{id} posted by the browser: a conversation needs an account, so a
   * visitor logs in first and comes back to the puppy; a refusal goes back to the form and stores nothing.
   */
  async function inquiryForm(req: Request, res: Response): Promise<void> {
    const fields = formInput(req.body);
    const id = v.safeParse(idParam, (req.body as { puppyId?: unknown } | undefined)?.puppyId);
    const puppyPage = id.success ? `/puppies/${id.output}` : '/puppies';
    const user = currentUser(res);
    if (!user) {
      markFormRefused(res);
      return res.redirect(303, loginFirst(puppyPage));
    }
    try {
      const input = parseInput(ContactSchema, fields);
      const { conversationId } = await sendContactMessage(ctx, input, user, now());
      // the owner asking about their own listing has no conversation: the mail went to them
      res.redirect(303, conversationId !== undefined ? `/messages/${conversationId}` : `${puppyPage}?sent=1`);
    } catch (error) {
      markFormRefused(res);
      res.redirect(303, `${puppyPage}?error=${inquiryRefusal(error)}#${INQUIRY_ANCHOR}`);
    }
  }

  // Contact Seller (decision 0124): login first, else the conversation this family already has about the
  // puppy, else the inquiry form. A redirect that depends on the session is never cached.
  router.get('/puppies/:id/contact', async (req, res) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    const id = v.safeParse(idParam, req.params.id);
    const puppy = id.success ? await store.puppies.get(id.output) : undefined;
    if (!puppy || !isPublic(puppy, now())) return res.redirect(303, '/puppies');
    const page = `/puppies/${puppy.id}`;
    const user = currentUser(res);
    if (!user) return res.redirect(303, loginFirst(page));
    if (user.id === puppy.userId) return res.redirect(303, page);
    const conversation = await store.conversations.findByPuppyAndBuyer(puppy.id, user.id);
    res.redirect(303, conversation ? `/messages/${conversation.id}` : `${page}#${INQUIRY_ANCHOR}`);
  });

  return router;
}
