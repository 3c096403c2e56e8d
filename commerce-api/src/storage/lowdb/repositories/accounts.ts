// Accounts and what hangs off them: sessions, verification codes, seller applications, favourites.
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import { UsernameTakenError, type Repositories } from '../../../domain/store/index.ts';
import type { LowdbContext } from './context.ts';

export function accountRepositories({
  db,
  mutate,
}: LowdbContext): Pick<Repositories, 'users' | 'sessions' | 'verificationCodes' | 'sellerApplications' | 'favorites'> {
  return {
    users: {
      get: async (id) => db.users.get(id),
      findByUsername: async (username) => {
        const key = username.toLowerCase();
        return db.users.find((u) => u.usernameKey === key);
      },
      create: (row) =>
        mutate((c) => {
          const usernameKey = row.username.toLowerCase();
          if (c.users.find((u) => u.usernameKey === usernameKey)) throw new UsernameTakenError(row.username);
          const user = c.users.insert({ ...row, usernameKey });
          return user;
        }),
      update: (id, patch) =>
        mutate((c) => {
          const old = c.users.get(id);
          if (!old) return undefined;
          return c.users.update(id, patch);
        }),
      lock: async (id) => db.users.get(id),
    },
    sessions: {
      get: async (id) => db.sessions.get(id),
      getWithUser: async (id) => {
        const session = db.sessions.get(id);
        const user = session && db.users.get(session.userId);
        return session && user ? { session, user } : undefined;
      },
      create: (row) =>
        mutate((c) => {
          const session = c.sessions.insert(row);
          return session;
        }),
      extend: (id, expiresAt) =>
        mutate((c) => {
          const old = c.sessions.get(id);
          if (!old) return undefined;
          return c.sessions.update(id, { expiresAt });
        }),
      revoke: (id, now) =>
        mutate((c) => {
          const old = c.sessions.get(id);
          if (!old || old.revokedAt !== null) return old;
          return c.sessions.update(id, { revokedAt: now.toISOString() });
        }),
    },
    verificationCodes: {
      get: async (id) => db.verificationCodes.get(id),
      issue: (row, sentSince) =>
        mutate((c) => {
          const since = sentSince.getTime();
          const recent = c.verificationCodes.find(
            (v) =>
              v.channel === row.channel &&
              v.target === row.target &&
              Date.parse(v.sentAt) > since &&
              (v.owner === row.owner || (row.client !== undefined && v.client === row.client)),
          );
          if (recent) return undefined;
          for (const old of c.verificationCodes.filter(
            (v) =>
              v.owner === row.owner && v.channel === row.channel && v.target === row.target && v.verifiedAt === null,
          )) {
            c.verificationCodes.remove(old.id);
          }
          const code = c.verificationCodes.insert(row);
          return code;
        }),
      findPending: async (owner, channel, target) =>
        db.verificationCodes
          .filter((v) => v.owner === owner && v.channel === channel && v.target === target && v.verifiedAt === null)
          .at(-1),
      countAttempt: (id, maxAttempts, now) =>
        mutate((c) => {
          const old = c.verificationCodes.get(id);
          if (
            !old ||
            old.verifiedAt !== null ||
            old.attempts >= maxAttempts ||
            Date.parse(old.expiresAt) <= now.getTime()
          )
            return undefined;
          return c.verificationCodes.update(id, { attempts: old.attempts + 1 });
        }),
      listVerified: async (owners, verifiedSince) =>
        db.verificationCodes.filter(
          (v) =>
            v.verifiedAt !== null && owners.includes(v.owner) && Date.parse(v.verifiedAt) > verifiedSince.getTime(),
        ),
      markVerified: (id, now) =>
        mutate((c) => {
          const old = c.verificationCodes.get(id);
          if (!old || old.verifiedAt !== null) return undefined;
          return c.verificationCodes.update(id, { verifiedAt: now.toISOString() });
        }),
      remove: (id) =>
        mutate((c) => {
          const old = c.verificationCodes.get(id);
          if (!old) return false;
          return c.verificationCodes.remove(id);
        }),
      removeSentBefore: (sentBefore) =>
        mutate((c) => {
          const before = sentBefore.getTime();
          const old = c.verificationCodes.filter((v) => Date.parse(v.sentAt) < before);
          for (const row of old) {
            c.verificationCodes.remove(row.id);
          }
          return old.length;
        }),
    },
    sellerApplications: {
      findByUser: async (userId) => db.sellerApplications.find((a) => a.userId === userId),
      upsert: (row) =>
        mutate((c) => {
          const old = c.sellerApplications.find((a) => a.userId === row.userId);
          if (!old) {
            const application = c.sellerApplications.insert(row);
            return application;
          }
          return c.sellerApplications.update(old.id, row)!;
        }),
    },
    favorites: {
      add: (userId, puppyId, now) =>
        mutate((c) => {
          const existing = c.favorites.find((f) => f.userId === userId && f.puppyId === puppyId);
          if (existing) return existing;
          if (!c.puppies.get(puppyId)) return undefined;
          const favorite = c.favorites.insert({ userId, puppyId, createdAt: now.toISOString() });
          return favorite;
        }),
      remove: (userId, puppyId) =>
        mutate((c) => {
          const old = c.favorites.find((f) => f.userId === userId && f.puppyId === puppyId);
          if (!old) return false;
          return c.favorites.remove(old.id);
        }),
      listByUser: async (userId) => db.favorites.filter((f) => f.userId === userId),
    },
  };
}
