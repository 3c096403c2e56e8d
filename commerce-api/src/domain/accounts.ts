// Accounts: registration, password check, sessions. Slow work (argon2) happens before the insert;
// "a username is taken once" is the store's users.create (a unique key on either store), so two
// registrations that raced through the hash cannot both win (docs/decisions/0003, 0076).
import type { LoginInput, RegisterInput, UserView } from '#contracts/auth.ts';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { TOKEN_TTL_SECONDS } from '../auth/session-tokens.ts';
import { AppError, ConflictError, ValidationError } from '../errors.ts';
import { UsernameTakenError, type Store } from './store/index.ts';
import type { Session, User } from './model.ts';

export const INVALID_LOGIN = 'Invalid username or password.';
/** what a suspended account is told, after the right password (decision 0092) */
export const ACCOUNT_SUSPENDED =
  'This account is suspended after a report to our team. If you think this is a mistake, write to us through the contact page.';

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

export function findUserByUsername(store: Store, username: string): Promise<User | undefined> {
  return store.users.findByUsername(usernameKey(username));
}

export async function registerAccount(store: Store, input: RegisterInput, now: Date): Promise<User> {
  if (isCommonPassword(input.password)) {
    const message = 'This password is too common. Please choose one that is harder to guess.';
    throw new ValidationError(message, { password: message });
  }
  // Asked first only to spare the hash; the insert below is what decides.
  if (await findUserByUsername(store, input.username)) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await store.users.create({
      username: input.username,
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
  } catch (error) {
    if (error instanceof UsernameTakenError) throw usernameTaken();
    throw error;
  }
}

function usernameTaken(): AppError {
  const error = new ConflictError('That username is already taken.', 'username_taken');
  return new AppError(error.status, error.code, error.message, { username: error.message });
}

/** An unknown username and a wrong password get the same answer, after the same work. */
export async function authenticate(store: Store, input: LoginInput): Promise<User> {
  const user = await findUserByUsername(store, input.username);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', INVALID_LOGIN);
  // a suspended account is told so (decision 0092) (only after the right password: no probing)
  if (user.suspendedAt) throw new AppError(403, 'account_suspended', ACCOUNT_SUSPENDED);
  return user;
}

export function startSession(store: Store, user: User, now: Date): Promise<Session> {
  return store.sessions.create({
    userId: user.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000).toISOString(),
    revokedAt: null,
  });
}

export function extendSession(store: Store, sessionId: number, now: Date): Promise<Session | undefined> {
  return store.sessions.extend(sessionId, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000).toISOString());
}

/** revokes once: a second logout (another tab, a replayed request) keeps the first time */
export function revokeSession(store: Store, sessionId: number, now: Date): Promise<Session | undefined> {
  return store.sessions.revoke(sessionId, now);
}

export function isSessionValid(session: Session | undefined, user: User | undefined, now: Date): boolean {
  return Boolean(
    session &&
    user &&
    session.userId === user.id &&
    session.revokedAt === null &&
    Date.parse(session.expiresAt) > now.getTime() &&
    !user.suspendedAt, // a suspension ends every session at once (decision 0092)
  );
}
