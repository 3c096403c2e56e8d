// Email and phone verification codes (docs/product.md §4 "Seller verification"; docs/decisions/0041): 6 digits, stored only as an
// HMAC (keyed with the session secret and bound to owner, channel and target), valid 10 minutes, 5 attempts,
// re-sent at most once a minute per target to the same requester (owner or client), so a third party
// elsewhere can never hold up the owner's code (decision 0051). A verified target is remembered on the account, or on the
// code row of an anonymous verification session (owner "anon:<id>") when nobody is logged in.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  normaliseTarget,
  type SendCodeInput,
  type VerificationMethod,
  type VerificationStatus,
  type VerifyCodeInput,
  type VerifyCodeResponse,
} from '#contracts/sellers.ts';
import { AppError, TooManyRequestsError } from '../errors.ts';
import type { Mailer, SmsSender } from '../mail/messages.ts';
import { code as codeBlock, paragraph } from '../mail/blocks.ts';
import type { Store } from './store/index.ts';
import type { User, VerificationCode } from './model.ts';
import type { Log } from '../logging/log.ts';

const MINUTE_MS = 60_000;
/** how long an anonymous verification session (and any code row) is kept */
export const VERIFICATION_SESSION_MS = 24 * 60 * MINUTE_MS;

export interface VerificationContext {
  store: Store;
  mailer: Mailer;
  sms: SmsSender;
  /** the key of the code hashes (the session secret) */
  secret: string;
  log: Log;
}

/** who asked for a code: an account, or an anonymous verification session */
export const userOwner = (userId: number): string => `user:${userId}`;
export const anonymousOwner = (sessionId: string): string => `anon:${sessionId}`;

const targetOf = (input: SendCodeInput | VerifyCodeInput): string =>
  normaliseTarget(input.method, input.method === 'email' ? input.email : input.phone);

const noun = (method: VerificationMethod) => (method === 'email' ? 'email address' : 'phone number');

function hashCode(secret: string, owner: string, method: VerificationMethod, target: string, code: string): string {
  return createHmac('sha256', secret).update(`${owner}|${method}|${target}|${code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** `client` names the network the request came from (http/rate-limits.ts clientKey); only its HMAC is stored */
export async function sendVerificationCode(
  ctx: VerificationContext,
  input: SendCodeInput,
  requester: { owner: string; client: string },
  now: Date,
  code = generateCode(),
): Promise<VerificationCode> {
  const { owner } = requester;
  const client = createHmac('sha256', ctx.secret).update(`client|${requester.client}`).digest('hex').slice(0, 32);
  if (input.method === 'phone' && !ctx.sms.available) {
    throw new AppError(
      503,
      'sms_unavailable',
      'Phone verification is not available right now. Please verify by email.',
    );
  }
  const target = targetOf(input);
  const at = now.getTime();
  await ctx.store.verificationCodes.removeSentBefore(new Date(at - VERIFICATION_SESSION_MS));
  // Per target and requester: one requester cannot flood an inbox or phone (nor can one network,
  // whatever sessions it makes), and a stranger's requests do not hold up the owner's. The store
  // checks the window and adds the code in one step (docs/decisions/0076), and the new code replaces
  // this owner's earlier pending ones for the target.
  const record = await ctx.store.verificationCodes.issue(
    {
      channel: input.method,
      target,
      codeHash: hashCode(ctx.secret, owner, input.method, target, code),
      owner,
      client,
      sentAt: now.toISOString(),
      expiresAt: new Date(at + CODE_TTL_MINUTES * MINUTE_MS).toISOString(),
      attempts: 0,
      verifiedAt: null,
    },
    new Date(at - CODE_RESEND_SECONDS * 1000),
  );
  if (!record) throw new TooManyRequestsError('Please wait a minute before requesting another code.');

  try {
    if (input.method === 'email') {
      await ctx.mailer.send({
        to: target,
        subject: 'Your PuppyNest verification code',
        text: `Your PuppyNest verification code is ${code}.\n\nIt expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this message.\n`,
        kind: 'verification',
        blocks: [
          paragraph('Your PuppyNest verification code is:'),
          codeBlock(code),
          paragraph(
            `It expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this message.`,
          ),
        ],
      });
    } else {
      await ctx.sms.send({
        to: target,
        text: `PuppyNest verification code: ${code} (expires in ${CODE_TTL_MINUTES} minutes)`,
      });
    }
  } catch (error) {
    // Nothing was delivered: forget the code so that the visitor may ask again at once.
    await ctx.store.verificationCodes.remove(record.id);
    ctx.log.warn(
      `verification code to ${input.method} not sent: ${error instanceof Error ? error.message : String(error)}`,
    );
    throw new AppError(502, 'send_failed', 'We could not send the verification code. Please try again later.');
  }
  return record;
}

/**
 * Checks a code sent to `owners` (the account and/or this browser's anonymous session). A wrong code
 * counts an attempt; the right one marks the code verified and, for an account, the user's email or phone.
 */
export async function verifyCode(
  ctx: VerificationContext,
  input: VerifyCodeInput,
  owners: readonly string[],
  userId: number | null,
  now: Date,
): Promise<VerifyCodeResponse> {
  const target = targetOf(input);
  const noCode = () =>
    new AppError(
      400,
      'no_code',
      `No verification code was sent to this ${noun(input.method)}. Please request a new code.`,
    );
  // the newest pending code of any owner (each owner keeps at most one per target)
  const found = await Promise.all(
    owners.map((owner) => ctx.store.verificationCodes.findPending(owner, input.method, target)),
  );
  const pending = found
    .filter((c): c is VerificationCode => c !== undefined)
    .sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt))[0];
  if (!pending) throw noCode();
  if (Date.parse(pending.expiresAt) <= now.getTime()) {
    throw new AppError(400, 'code_expired', 'This verification code has expired. Please request a new one.');
  }
  if (pending.attempts >= CODE_MAX_ATTEMPTS) throw tooManyAttempts();

  const expected = Buffer.from(pending.codeHash, 'hex');
  const given = Buffer.from(hashCode(ctx.secret, pending.owner, input.method, target, input.code), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);

  // Every guess, right or wrong, takes one attempt in one conditional step: concurrent guesses
  // cannot share an attempt, nor get past the limit.
  const counted = await ctx.store.verificationCodes.countAttempt(pending.id, CODE_MAX_ATTEMPTS, now);
  if (!counted) {
    const row = await ctx.store.verificationCodes.get(pending.id);
    if (!row || row.verifiedAt !== null) throw noCode();
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw tooManyAttempts();
    throw new AppError(400, 'code_expired', 'This verification code has expired. Please request a new one.');
  }
  if (!matches) throw new AppError(400, 'invalid_code', 'Invalid verification code.');

  const verified = await ctx.store.transaction(async (tx) => {
    if (!(await tx.verificationCodes.markVerified(pending.id, now))) return false;
    // when it was proven: the Email and Phone verified badges say it (decision 0118)
    const at = now.toISOString();
    if (userId !== null)
      await tx.users.update(
        userId,
        input.method === 'email'
          ? { verifiedEmail: target, verifiedEmailAt: at }
          : { verifiedPhone: target, verifiedPhoneAt: at },
      );
    return true;
  });
  if (!verified) throw noCode();
  return { verified: true, method: input.method, target };
}

const tooManyAttempts = () => new TooManyRequestsError('Too many attempts. Please request a new code.');

/** the targets verified by the account and by the anonymous session (if any), normalised */
export async function verificationStatus(
  store: Store,
  user: User | undefined,
  anonymous: string | undefined,
  now: Date,
): Promise<VerificationStatus> {
  const emails = new Set<string>();
  const phones = new Set<string>();
  if (user?.verifiedEmail) emails.add(user.verifiedEmail);
  if (user?.verifiedPhone) phones.add(user.verifiedPhone);
  const owners = [user ? userOwner(user.id) : undefined, anonymous].filter((o): o is string => o !== undefined);
  // a verification older than a verification session no longer counts
  for (const c of await store.verificationCodes.listVerified(
    owners,
    new Date(now.getTime() - VERIFICATION_SESSION_MS),
  )) {
    (c.channel === 'email' ? emails : phones).add(c.target);
  }
  return { emails: [...emails], phones: [...phones] };
}
