import express from 'express';
import { ContactSchema } from '#contracts/contacts.ts';
import type { AppDeps } from '../../deps.ts';
import { sendContactMessage } from '../../domain/contacts.ts';
import { contactLimiter } from '../rate-limits.ts';
import { currentUser } from '../session.ts';
import { parseInput } from '../validate.ts';

export function contactsRoutes({ storage, mailer, config, log, now }: AppDeps): express.Router {
  const router = express.Router();
  const teamAddress = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  router.post('/contacts', contactLimiter(config.limits), async (req, res) => {
    const input = parseInput(ContactSchema, req.body);
    const saved = await sendContactMessage({ storage, mailer, teamAddress, log }, input, currentUser(res)?.id ?? null, now());
    res.status(201).json({ id: saved.id, message: 'Message sent' });
  });
  return router;
}
