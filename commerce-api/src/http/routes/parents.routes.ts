// Parents and their health records (docs/decisions/0121, docs/product.md §18): a seller keeps parent dogs
// and their tests (JSON for the My Listings island), uploads a private proof per test and reads it back;
// an admin reads the proofs, and verifies or rejects each test (JSON, or a form of /admin).
import express, { type RequestHandler } from 'express';
import multer from 'multer';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import {
  HealthTestRejectSchema,
  HealthTestSchema,
  ParentSchema,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  type MyParentsResponse,
} from '#contracts/parents.ts';
import type { AppDeps } from '../../deps.ts';
import {
  addTest,
  assertOwnTest,
  attachProof,
  createParent,
  healthTestQueue,
  myParents,
  proofFor,
  recommendedTestsOf,
  rejectTest,
  updateParent,
  updateTest,
  verifyTest,
  type ParentsContext,
} from '../../domain/parents.ts';
import { AppError, NotFoundError, ValidationError } from '../../errors.ts';
import { sniffProof } from '../../media/proof-store.ts';
import { uploadLimiter } from '../rate-limits.ts';
import { currentUser, requireAdmin, requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';
import { isFormPost, urlencodedForms } from './conversations.routes.ts';

const PROOF_MISSING = 'Please choose a picture or PDF of the certificate.';
const PROOF_TYPES = 'A proof must be a JPEG, PNG, WebP or AVIF picture, or a PDF.';

function idOf(raw: unknown, message: string): number {
  const id = v.safeParse(idParam, raw);
  if (!id.success) throw new NotFoundError(message);
  return id.output;
}

/** one file in the "proof" field, held in memory up to the limit; multer's errors as the API's answers */
const receiveProof: RequestHandler = (req, res, next) => {
  multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1_000 },
  }).single(PROOF_FIELD)(req, res, (error?: unknown) => {
    if (error === undefined) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
      return next(
        new AppError(413, 'payload_too_large', 'This proof is larger than 10 MB. Please send a smaller one.'),
      );
    if (error instanceof multer.MulterError)
      return next(new ValidationError(`Send one file in the "${PROOF_FIELD}" field.`, { proof: PROOF_MISSING }));
    next(new ValidationError('The upload could not be read. Please try again.'));
  });
};

export function parentsRoutes(deps: AppDeps): express.Router {
  const { store, now, proofs, config } = deps;
  const router = express.Router();
  const ctx: ParentsContext = { store, now, recommended: () => recommendedTestsOf(deps.content) };
  const perAccount = uploadLimiter(config.limits, (_req, res) => requireUser(res).id, store.rateLimits);

  router.get('/parents', async (_req, res) => {
    const user = requireUser(res);
    const parents = await myParents(store, user);
    // the listing form's current choices: which parents each listing names
    const named: MyParentsResponse['named'] = {};
    for (const p of await store.puppies.listBySeller(user.id))
      if (p.sireId || p.damId) named[p.id] = { sireId: p.sireId ?? null, damId: p.damId ?? null };
    res.json({ parents, named } satisfies MyParentsResponse);
  });

  router.post('/parents', async (req, res) => {
    const user = requireUser(res);
    res.status(201).json(await createParent(ctx, user, parseInput(ParentSchema, req.body)));
  });

  router.put('/parents/:id', async (req, res) => {
    const user = requireUser(res);
    const id = idOf(req.params.id, 'No parent with this id was found among your dogs.');
    res.json(await updateParent(ctx, user, id, parseInput(ParentSchema, req.body)));
  });

  router.post('/parents/:id/tests', async (req, res) => {
    const user = requireUser(res);
    const id = idOf(req.params.id, 'No parent with this id was found among your dogs.');
    res.status(201).json(await addTest(ctx, user, id, parseInput(HealthTestSchema, req.body)));
  });

  router.put('/parents/:id/tests/:testId', async (req, res) => {
    const user = requireUser(res);
    const id = idOf(req.params.id, 'No parent with this id was found among your dogs.');
    const testId = idOf(req.params.testId, 'No health test with this id was found.');
    res.json(await updateTest(ctx, user, id, testId, parseInput(HealthTestSchema, req.body)));
  });

  // the owner is checked before a byte of the file is read (the rest is drained, not stored)
  const ownTestFirst: RequestHandler = async (req, res, next) => {
    try {
      const user = requireUser(res);
      const id = idOf(req.params.id, 'No parent with this id was found among your dogs.');
      await assertOwnTest(store, user, id, idOf(req.params.testId, 'No health test with this id was found.'));
      next();
    } catch (error) {
      req.resume();
      next(error);
    }
  };

  router.post('/parents/:id/tests/:testId/proof', ownTestFirst, perAccount, receiveProof, async (req, res) => {
    const user = requireUser(res);
    const id = idOf(req.params.id, 'No parent with this id was found among your dogs.');
    const testId = idOf(req.params.testId, 'No health test with this id was found.');
    if (!proofs) throw new AppError(503, 'proofs_unavailable', 'Proofs cannot be stored right now. Please try later.');
    const bytes = req.file?.buffer;
    if (!bytes || bytes.length === 0) throw new ValidationError(PROOF_MISSING, { proof: PROOF_MISSING });
    const kind = sniffProof(bytes);
    if (!kind) throw new AppError(415, 'unsupported_media_type', PROOF_TYPES);
    const key = await proofs.put(bytes, kind.ext);
    let replaced: string | null;
    let test;
    try {
      ({ test, replaced } = await attachProof(ctx, user, id, testId, { key, type: kind.type, bytes: bytes.length }));
    } catch (error) {
      await proofs.remove(key).catch(() => {});
      throw error;
    }
    if (replaced) await proofs.remove(replaced).catch(() => {});
    res.status(201).json(test);
  });

  // The seller's and admins' only way to a proof: anyone else gets 404, as for a proof that is not there.
  router.get('/parents/:id/tests/:testId/proof', async (req, res) => {
    const id = idOf(req.params.id, 'No proof was found here.');
    const testId = idOf(req.params.testId, 'No proof was found here.');
    const proof = await proofFor(store, currentUser(res), id, testId);
    const bytes = await proofs?.read(proof.key);
    if (!bytes) throw new NotFoundError('No proof was found here.');
    res.set({
      'Content-Type': proof.type,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // a PDF or picture from a seller runs nothing in our origin
      'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      'Content-Disposition': `${proof.type === 'application/pdf' ? 'attachment' : 'inline'}; filename="${proof.name}"`,
    });
    res.send(bytes);
  });

  // ---- admins (admin.routes.ts answers 401/403 for everyone else first) ----

  router.get('/admin/health-tests', async (_req, res) => {
    requireAdmin(res);
    res.json(await healthTestQueue(store));
  });

  router.post('/admin/health-tests/:id/verify', urlencodedForms, async (req, res) => {
    const admin = requireAdmin(res);
    const test = await verifyTest(ctx, admin, idOf(req.params.id, 'No health test with this id was found.'));
    if (isFormPost(req)) res.redirect(303, '/admin');
    else res.json(test);
  });

  router.post('/admin/health-tests/:id/reject', urlencodedForms, async (req, res) => {
    const admin = requireAdmin(res);
    const id = idOf(req.params.id, 'No health test with this id was found.');
    const { reason } = parseInput(HealthTestRejectSchema, req.body);
    const test = await rejectTest(ctx, admin, id, reason);
    if (isFormPost(req)) res.redirect(303, '/admin');
    else res.json(test);
  });

  return router;
}
