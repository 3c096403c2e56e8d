// Accounts: registration, password check, sessions. Slow work (argon2) happens before storage.write,
// so the write itself stays a quick, atomic check-then-insert (docs/decisions/0003).
import type { LoginInput, RegisterInput, UserView } from '#contracts/auth.ts';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { TOKEN_TTL_SECONDS } from '../auth/session-tokens.ts';
import { AppError, ConflictError, ValidationError } from '../errors.ts';
import type { Storage } from '../storage/storage.ts';
import type { Session, User } from './model.ts';

export const INVALID_LOGIN = 'Invalid username or password.';
/** issue 15 */
export const ACCOUNT_SUSPENDED = 'This account is suspended after a report to our team. If you think this is a mistake, write to us through the contact page.';

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    accountType: user.accountType,
    hasActiveListingPlan: user.hasActiveListingPlan,
    listingPlanExpiresAt: user.listingPlanExpiresAt,
    createdAt: user.createdAt,
  };
}

export function findUserByUsername(storage: Storage, username: string): User | undefined {
  const key = usernameKey(username);
  return storage.db.users.find((user) => user.usernameKey === key);
}

export async function registerAccount(storage: Storage, input: RegisterInput, now: Date): Promise<User> {
  if (isCommonPassword(input.password)) {
    const message = 'This password is too common. Please choose one that is harder to guess.';
    throw new ValidationError(message, { password: message });
  }
  if (findUserByUsername(storage, input.username)) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  return storage.write((db) => {
    const key = usernameKey(input.username);
    // Checked again inside the write: two registrations may have raced through the hash.
    if (db.users.find((user) => user.usernameKey === key)) throw usernameTaken();
    return db.users.insert({
      username: input.username,
      usernameKey: key,
      passwordHash,
      email: input.email.toLowerCase(),
      role: 'user',
      accountType: input.accountType,
      confirmedAdultAt: now.toISOString(),
      sessionVersion: 0,
      hasActiveListingPlan: false,
      listingPlanExpiresAt: null,
      verifiedEmail: null,
      verifiedPhone: null,
      createdAt: now.toISOString(),
    });
  });
}

function usernameTaken(): AppError {
  const error = new ConflictError('That username is already taken.', 'username_taken');
  return new AppError(error.status, error.code, error.message, { username: error.message });
}

/** An unknown username and a wrong password get the same answer, after the same work. */
export async function authenticate(storage: Storage, input: LoginInput): Promise<User> {
  const user = findUserByUsername(storage, input.username);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', INVALID_LOGIN);
  // issue 15: a suspended account is told so (only after the right password: no probing)
  if (user.suspendedAt) throw new AppError(403, 'account_suspended', ACCOUNT_SUSPENDED);
  return user;
}

export function startSession(storage: Storage, user: User, now: Date): Promise<Session> {
  return storage.write((db) =>
    db.sessions.insert({
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000).toISOString(),
      revokedAt: null,
    }),
  );
}

export function extendSession(storage: Storage, sessionId: number, now: Date): Promise<unknown> {
  return storage.write((db) => db.sessions.update(sessionId, { expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000).toISOString() }));
}

export function revokeSession(storage: Storage, sessionId: number, now: Date): Promise<unknown> {
  return storage.write((db) => db.sessions.update(sessionId, { revokedAt: now.toISOString() }));
}

export function isSessionValid(session: Session | undefined, user: User | undefined, now: Date): boolean {
  return Boolean(
    session &&
      user &&
      session.userId === user.id &&
      session.revokedAt === null &&
      Date.parse(session.expiresAt) > now.getTime() &&
      !user.suspendedAt, // issue 15: a suspension ends every session at once
  );
}
