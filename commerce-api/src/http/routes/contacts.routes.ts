import express from 'express';
import { ContactSchema } from '#contracts/contacts.ts';
import type { AppDeps } from '../../deps.ts';
import { sendContactMessage } from '../../domain/contacts.ts';
import { contactLimiter, messageLimiter } from '../rate-limits.ts';
import { currentUser } from '../session.ts';
import { parseInput } from '../validate.ts';

export function contactsRoutes({ store, mailer, config, log, now }: AppDeps): express.Router {
  const router = express.Router();
  const teamAddress = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  // a logged-in inquiry is a message too (decision 0090), so the per-account message limit counts it
  const messages = messageLimiter(config.limits, (res) => currentUser(res), now, store.rateLimits);
  router.post('/contacts', contactLimiter(config.limits, store.rateLimits), messages, async (req, res) => {
    const input = parseInput(ContactSchema, req.body);
    const { saved, conversationId } = await sendContactMessage(
      { store, mailer, teamAddress, siteUrl: config.publicSiteUrl, log },
      input,
      currentUser(res) ?? null,
      now(),
    );
    res
      .status(201)
      .json({ id: saved.id, message: 'Message sent', ...(conversationId !== undefined ? { conversationId } : {}) });
  });
  return router;
}
