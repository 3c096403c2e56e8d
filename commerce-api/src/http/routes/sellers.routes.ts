// Seller onboarding (docs/product.md §7): SMS availability, verification codes, the seller application, the plan.
// A visitor who is not logged in verifies inside an anonymous verification session: a random id in a
// signed, HttpOnly, SameSite=Lax cookie, which owns the codes it asked for (decision 0041).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import {
  SellerApplicationSchema,
  SendCodeSchema,
  VerifyCodeSchema,
  type SendCodeResponse,
  type SmsAvailability,
} from '#contracts/sellers.ts';
import type { AppDeps } from '../../deps.ts';
import { toUserView } from '../../domain/accounts.ts';
import { applicationOf, submitApplication, toApplicationView } from '../../domain/seller-applications.ts';
import { sellerPlanView } from '../../domain/seller-plans.ts';
import {
  anonymousOwner,
  sendVerificationCode,
  userOwner,
  VERIFICATION_SESSION_MS,
  verificationStatus,
  verifyCode,
  type VerificationContext,
} from '../../domain/verification.ts';
import { clientKey, verificationLimiters } from '../rate-limits.ts';
import { currentUser, requireUser } from '../session.ts';
import { parseInput } from '../validate.ts';

export const VERIFY_COOKIE = 'pn_verify';

export function sellersRoutes(deps: AppDeps): express.Router {
  const { config, store, now } = deps;
  const router = express.Router();
  const ctx: VerificationContext = {
    store,
    mailer: deps.mailer,
    sms: deps.sms,
    secret: config.sessionSecret,
    log: deps.log,
  };
  const cookies = verificationSessions(config.sessionSecret, config.isProduction);

  const { send: sendLimit, verify: verifyLimit } = verificationLimiters(config.limits, deps.store.rateLimits);

  router.get('/sms-available', (_req, res) => {
    res.json({ available: deps.sms.available } satisfies SmsAvailability);
  });

  router.post('/send-verification-code', ...sendLimit, async (req, res) => {
    const input = parseInput(SendCodeSchema, req.body);
    const user = currentUser(res);
    const owner = user ? userOwner(user.id) : anonymousOwner(cookies.readOrStart(req, res));
    const code = await sendVerificationCode(ctx, input, { owner, client: clientKey(req) }, now());
    const where = input.method === 'email' ? 'email' : 'phone';
    res.json({
      message: `Please check your ${where} for the verification code.`,
      expiresAt: code.expiresAt,
    } satisfies SendCodeResponse);
  });

  router.post('/verify-code', verifyLimit, async (req, res) => {
    const input = parseInput(VerifyCodeSchema, req.body);
    const user = currentUser(res);
    const anonymous = cookies.read(req);
    const owners = [user ? userOwner(user.id) : undefined, anonymous ? anonymousOwner(anonymous) : undefined].filter(
      (o): o is string => o !== undefined,
    );
    res.json(await verifyCode(ctx, input, owners, user?.id ?? null, now()));
  });

  router.get('/verification-status', async (req, res) => {
    const anonymous = cookies.read(req);
    res.json(
      await verificationStatus(store, currentUser(res), anonymous ? anonymousOwner(anonymous) : undefined, now()),
    );
  });

  router.post('/seller-applications', async (req, res) => {
    const user = requireUser(res);
    const input = parseInput(SellerApplicationSchema, req.body);
    const anonymous = cookies.read(req);
    const at = now();
    const verified = await verificationStatus(store, user, anonymous ? anonymousOwner(anonymous) : undefined, at);
    const saved = await submitApplication(store, user, input, verified, at);
    res.status(201).json({ application: toApplicationView(saved.application), user: toUserView(saved.user) });
  });

  router.get('/seller-applications/mine', async (_req, res) => {
    const application = await applicationOf(store, requireUser(res).id);
    res.json(application ? toApplicationView(application) : null);
  });

  router.get('/seller/plan', async (_req, res) => {
    res.json(await sellerPlanView(store, requireUser(res).id, now()));
  });

  return router;
}

/** the anonymous verification session cookie: "<id>.<hmac(id)>" */
function verificationSessions(secret: string, secure: boolean) {
  const sign = (id: string) => createHmac('sha256', secret).update(`${VERIFY_COOKIE}:${id}`).digest('base64url');
  const read = (req: Request): string | undefined => {
    const raw = readCookie(req, VERIFY_COOKIE);
    const dot = raw?.indexOf('.') ?? -1;
    if (!raw || dot < 1) return undefined;
    const id = raw.slice(0, dot);
    const given = Buffer.from(raw.slice(dot + 1));
    const expected = Buffer.from(sign(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  };
  return {
    read,
    readOrStart(req: Request, res: Response): string {
      const existing = read(req);
      if (existing) return existing;
      const id = randomBytes(18).toString('base64url');
      res.append(
        'Set-Cookie',
        `${VERIFY_COOKIE}=${id}.${sign(id)}; Max-Age=${VERIFICATION_SESSION_MS / 1000}; Path=/api; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      return id;
    },
  };
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
