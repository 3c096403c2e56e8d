// /api/admin/moderation (docs/decisions/0092): the queue and the decisions, admins only
// (admin.routes.ts answers 401/403 for everyone else before these run).
import express from 'express';
import { idParam } from '#contracts/common.ts';
import { ModerationDecisionSchema, ModerationUndoSchema } from '#contracts/conversations.ts';
import * as v from 'valibot';
import type { AppDeps } from '../../deps.ts';
import { decideReport, moderationQueue, undoModeration } from '../../domain/moderation.ts';
import { NotFoundError } from '../../errors.ts';
import { requireAdmin } from '../session.ts';
import { parseInput } from '../validate.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';

export function moderationRoutes({ store, now }: AppDeps): express.Router {
  const router = express.Router();

  router.get('/admin/moderation', async (_req, res) => {
    requireAdmin(res);
    res.json(await moderationQueue(store));
  });

  router.post('/admin/reports/:id/decision', urlencodedForms, async (req, res) => {
    const admin = requireAdmin(res);
    const id = v.safeParse(idParam, req.params.id);
    if (!id.success) throw new NotFoundError('Report not found');
    const { decision } = parseInput(ModerationDecisionSchema, req.body);
    const result = await decideReport(store, admin, id.output, decision, now());
    if (isFormPost(req)) res.redirect(303, '/admin');
    else res.json(result);
  });

  router.post('/admin/moderation/undo', urlencodedForms, async (req, res) => {
    const admin = requireAdmin(res);
    const input = parseInput(ModerationUndoSchema, req.body);
    const result = await undoModeration(store, admin, input.undo, input.id, now());
    if (isFormPost(req)) res.redirect(303, '/admin');
    else res.json(result);
  });

  return router;
}
