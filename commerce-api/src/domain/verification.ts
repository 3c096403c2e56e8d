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
import type { Collections, Storage } from '../storage/storage.ts';
import type { User, VerificationCode } from './model.ts';

const MINUTE_MS = 60_000;
/** how long an anonymous verification session (and any code row) is kept */
export const VERIFICATION_SESSION_MS = 24 * 60 * MINUTE_MS;

export interface VerificationContext {
  storage: Storage;
  mailer: Mailer;
  sms: SmsSender;
  /** the key of the code hashes (the session secret) */
  secret: string;
  log: (line: string) => void;
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
    throw new AppError(503, 'sms_unavailable', 'Phone verification is not available right now. Please verify by email.');
  }
  const target = targetOf(input);
  const at = now.getTime();
  const record = await ctx.storage.write((db) => {
    pruneOldCodes(db, at);
    // Per target and requester: one requester cannot flood an inbox or phone (nor can one network,
    // whatever sessions it makes), and a stranger's requests do not hold up the owner's.
    const recent = (c: VerificationCode) => c.channel === input.method && c.target === target && at - Date.parse(c.sentAt) < CODE_RESEND_SECONDS * 1000;
    if (db.verificationCodes.find((c) => recent(c) && (c.owner === owner || c.client === client))) {
      throw new TooManyRequestsError('Please wait a minute before requesting another code.');
    }
    // A new code replaces this owner's earlier pending ones for the target.
    for (const old of db.verificationCodes.filter((c) => c.owner === owner && c.channel === input.method && c.target === target && c.verifiedAt === null)) {
      db.verificationCodes.remove(old.id);
    }
    return db.verificationCodes.insert({
      channel: input.method,
      target,
      codeHash: hashCode(ctx.secret, owner, input.method, target, code),
      owner,
      client,
      sentAt: now.toISOString(),
      expiresAt: new Date(at + CODE_TTL_MINUTES * MINUTE_MS).toISOString(),
      attempts: 0,
      verifiedAt: null,
    });
  });

  try {
    if (input.method === 'email') {
      await ctx.mailer.send({
        to: target,
        subject: 'Your PuppyNest verification code',
        text: `Your PuppyNest verification code is ${code}.\n\nIt expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this message.\n`,
      });
    } else {
      await ctx.sms.send({ to: target, text: `PuppyNest verification code: ${code} (expires in ${CODE_TTL_MINUTES} minutes)` });
    }
  } catch (error) {
    // Nothing was delivered: forget the code so that the visitor may ask again at once.
    await ctx.storage.write((db) => db.verificationCodes.remove(record.id));
    ctx.log(`verification code to ${input.method} not sent: ${error instanceof Error ? error.message : String(error)}`);
    throw new AppError(502, 'send_failed', 'We could not send the verification code. Please try again later.');
  }
  return record;
}

/**
 * Checks a code sent to `owners` (the account and/or this browser's anonymous session). A wrong code
 * counts an attempt; the right one marks the code verified and, for an account, the user's email or phone.
 */
export async function verifyCode(ctx: VerificationContext, input: VerifyCodeInput, owners: readonly string[], userId: number | null, now: Date): Promise<VerifyCodeResponse> {
  const target = targetOf(input);
  const pending = ctx.storage.db.verificationCodes
    .filter((c) => owners.includes(c.owner) && c.channel === input.method && c.target === target && c.verifiedAt === null)
    .sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt))[0];
  if (!pending) {
    throw new AppError(400, 'no_code', `No verification code was sent to this ${noun(input.method)}. Please request a new code.`);
  }
  if (Date.parse(pending.expiresAt) <= now.getTime()) {
    throw new AppError(400, 'code_expired', 'This verification code has expired. Please request a new one.');
  }
  if (pending.attempts >= CODE_MAX_ATTEMPTS) throw tooManyAttempts();

  const expected = Buffer.from(pending.codeHash, 'hex');
  const given = Buffer.from(hashCode(ctx.secret, pending.owner, input.method, target, input.code), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);

  const outcome = await ctx.storage.write((db) => {
    // Re-read inside the write: concurrent guesses must not share one attempt.
    const row = db.verificationCodes.get(pending.id);
    if (!row || row.verifiedAt !== null) return 'gone' as const;
    if (row.attempts >= CODE_MAX_ATTEMPTS) return 'exhausted' as const;
    if (!matches) {
      db.verificationCodes.update(row.id, { attempts: row.attempts + 1 });
      return 'wrong' as const;
    }
    db.verificationCodes.update(row.id, { attempts: row.attempts + 1, verifiedAt: now.toISOString() });
    if (userId !== null) db.users.update(userId, input.method === 'email' ? { verifiedEmail: target } : { verifiedPhone: target });
    return 'verified' as const;
  });
  if (outcome === 'exhausted') throw tooManyAttempts();
  if (outcome === 'gone') throw new AppError(400, 'no_code', `No verification code was sent to this ${noun(input.method)}. Please request a new code.`);
  if (outcome === 'wrong') throw new AppError(400, 'invalid_code', 'Invalid verification code.');
  return { verified: true, method: input.method, target };
}

const tooManyAttempts = () => new TooManyRequestsError('Too many attempts. Please request a new code.');

/** the targets verified by the account and by the anonymous session (if any), normalised */
export function verificationStatus(db: Collections, user: User | undefined, anonymous: string | undefined, now: Date): VerificationStatus {
  const emails = new Set<string>();
  const phones = new Set<string>();
  if (user?.verifiedEmail) emails.add(user.verifiedEmail);
  if (user?.verifiedPhone) phones.add(user.verifiedPhone);
  const owners = [user ? userOwner(user.id) : undefined, anonymous].filter((o): o is string => o !== undefined);
  for (const c of db.verificationCodes.filter((c) => c.verifiedAt !== null && owners.includes(c.owner))) {
    if (now.getTime() - Date.parse(c.verifiedAt!) > VERIFICATION_SESSION_MS) continue;
    (c.channel === 'email' ? emails : phones).add(c.target);
  }
  return { emails: [...emails], phones: [...phones] };
}

/** code rows older than a verification session are of no use to anyone */
function pruneOldCodes(db: Collections, at: number): void {
  for (const old of db.verificationCodes.filter((c) => at - Date.parse(c.sentAt) > VERIFICATION_SESSION_MS)) {
    db.verificationCodes.remove(old.id);
  }
}
