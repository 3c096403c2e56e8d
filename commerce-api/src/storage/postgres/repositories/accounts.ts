// Accounts and what hangs off them: sessions, verification codes, seller applications, favourites.
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql } from 'kysely';
import type { VerificationCode } from '../../../domain/model.ts';
import { UsernameTakenError, type Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';
import { atomically, changesSomething, lockKey, uniqueViolation, type Kept } from './shared.ts';

const FOREIGN_KEY_VIOLATION = '23503';

/** the model leaves `client` out on old rows; the table says null */
function code(row: Omit<VerificationCode, 'client'> & { client: string | null }): VerificationCode {
  const { client, ...rest } = row;
  return client === null ? rest : { ...rest, client };
}

export function accountRepositories(
  db: Db,
  { prepared }: Pick<Kept, 'prepared'>,
): Pick<Repositories, 'users' | 'sessions' | 'verificationCodes' | 'sellerApplications' | 'favorites'> {
  return {
    users: {
      get: (id) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
      findByUsername: (username) =>
        db.selectFrom('users').selectAll().where('usernameKey', '=', username.toLowerCase()).executeTakeFirst(),
      create: async (row) => {
        try {
          return await db
            .insertInto('users')
            .values({ ...row, usernameKey: row.username.toLowerCase() })
            .returningAll()
            .executeTakeFirstOrThrow();
        } catch (error) {
          if (uniqueViolation(error, 'users_username_key')) throw new UsernameTakenError(row.username);
          throw error;
        }
      },
      update: (id, patch) =>
        changesSomething(patch)
          ? db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst()
          : db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
      lock: (id) => db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    },
    sessions: {
      get: (id) => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
      getWithUser: async (id) => {
        // one round trip instead of two on every signed-in request, and a named statement planned once
        // per connection (decision 0103); the session's few columns renamed beside the user's
        const row = await prepared.first(
          db,
          db
            .selectFrom('sessions')
            .innerJoin('users', 'users.id', 'sessions.userId')
            .selectAll('users')
            .select([
              'sessions.id as sessionId',
              'sessions.createdAt as sessionCreatedAt',
              'sessions.expiresAt as sessionExpiresAt',
              'sessions.revokedAt as sessionRevokedAt',
            ])
            .where('sessions.id', '=', id),
        );
        if (!row) return undefined;
        const { sessionId, sessionCreatedAt, sessionExpiresAt, sessionRevokedAt, ...user } = row;
        return {
          session: {
            id: sessionId,
            userId: user.id,
            createdAt: sessionCreatedAt,
            expiresAt: sessionExpiresAt,
            revokedAt: sessionRevokedAt,
          },
          user,
        };
      },
      create: (row) => db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow(),
      extend: (id, expiresAt) =>
        db.updateTable('sessions').set({ expiresAt }).where('id', '=', id).returningAll().executeTakeFirst(),
      revoke: (id, now) =>
        db
          .updateTable('sessions')
          .set({ revokedAt: sql<string>`coalesce(revoked_at, ${now.toISOString()}::timestamptz)` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
    },
    verificationCodes: {
      get: async (id) => {
        const row = await db.selectFrom('verificationCodes').selectAll().where('id', '=', id).executeTakeFirst();
        return row && code(row);
      },
      issue: (row, sentSince) =>
        atomically(db, async (trx) => {
          // The resend limit is check-then-insert over the rows of one channel and target (every row
          // it reads, deletes or adds has them): serialise it per target across processes. One lock
          // per call, so two issuers never wait on each other in a cycle.
          await lockKey(trx, `verify-target:${row.channel}:${row.target}`);
          const recent = await trx
            .selectFrom('verificationCodes')
            .select('id')
            .where('channel', '=', row.channel)
            .where('target', '=', row.target)
            .where('sentAt', '>', sentSince.toISOString())
            .where((eb) =>
              row.client !== undefined
                ? eb.or([eb('owner', '=', row.owner), eb('client', '=', row.client)])
                : eb('owner', '=', row.owner),
            )
            .executeTakeFirst();
          if (recent) return undefined;
          await trx
            .deleteFrom('verificationCodes')
            .where('owner', '=', row.owner)
            .where('channel', '=', row.channel)
            .where('target', '=', row.target)
            .where('verifiedAt', 'is', null)
            .execute();
          return code(
            await trx
              .insertInto('verificationCodes')
              .values({ ...row, client: row.client ?? null })
              .returningAll()
              .executeTakeFirstOrThrow(),
          );
        }),
      findPending: async (owner, channel, target) => {
        const row = await db
          .selectFrom('verificationCodes')
          .selectAll()
          .where('owner', '=', owner)
          .where('channel', '=', channel)
          .where('target', '=', target)
          .where('verifiedAt', 'is', null)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        return row && code(row);
      },
      countAttempt: async (id, maxAttempts, now) => {
        const row = await db
          .updateTable('verificationCodes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('verifiedAt', 'is', null)
          .where('attempts', '<', maxAttempts)
          .where('expiresAt', '>', now.toISOString())
          .returningAll()
          .executeTakeFirst();
        return row && code(row);
      },
      listVerified: async (owners, verifiedSince) => {
        if (owners.length === 0) return [];
        const rows = await db
          .selectFrom('verificationCodes')
          .selectAll()
          .where('owner', 'in', owners)
          .where('verifiedAt', '>', verifiedSince.toISOString())
          .orderBy('id')
          .execute();
        return rows.map(code);
      },
      markVerified: async (id, now) => {
        const row = await db
          .updateTable('verificationCodes')
          .set({ verifiedAt: now.toISOString() })
          .where('id', '=', id)
          .where('verifiedAt', 'is', null)
          .returningAll()
          .executeTakeFirst();
        return row && code(row);
      },
      remove: async (id) =>
        (await db.deleteFrom('verificationCodes').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
      removeSentBefore: async (sentBefore) =>
        Number(
          (await db.deleteFrom('verificationCodes').where('sentAt', '<', sentBefore.toISOString()).executeTakeFirst())
            .numDeletedRows,
        ),
    },
    sellerApplications: {
      findByUser: (userId) =>
        db.selectFrom('sellerApplications').selectAll().where('userId', '=', userId).executeTakeFirst(),
      upsert: (row) => {
        const { userId: _userId, ...fields } = row;
        return db
          .insertInto('sellerApplications')
          .values(row)
          .onConflict((oc) => oc.column('userId').doUpdateSet(fields))
          .returningAll()
          .executeTakeFirstOrThrow();
      },
    },
    favorites: {
      add: async (userId, puppyId, now) => {
        try {
          const created = await db
            .insertInto('favorites')
            .values({ userId, puppyId, createdAt: now.toISOString() })
            .onConflict((oc) => oc.columns(['userId', 'puppyId']).doNothing())
            .returningAll()
            .executeTakeFirst();
          return (
            created ??
            (await db
              .selectFrom('favorites')
              .selectAll()
              .where('userId', '=', userId)
              .where('puppyId', '=', puppyId)
              .executeTakeFirst())
          );
        } catch (error) {
          // the puppy's row is gone (favorites_puppy_id_fkey): the foreign key decided, as lowdb's check does
          if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return undefined;
          throw error;
        }
      },
      remove: async (userId, puppyId) =>
        (
          await db
            .deleteFrom('favorites')
            .where('userId', '=', userId)
            .where('puppyId', '=', puppyId)
            .executeTakeFirst()
        ).numDeletedRows > 0n,
      listByUser: (userId) =>
        db.selectFrom('favorites').selectAll().where('userId', '=', userId).orderBy('id').execute(),
    },
  };
}
