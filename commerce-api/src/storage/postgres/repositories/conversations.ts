// Conversations and their messages, reports, and what moderation hides or suspends
// (decisions 0090–0092).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql, type Transaction } from 'kysely';
import type { Message } from '../../../domain/model.ts';
import { firstConversationRow, type Repositories } from '../../../domain/store/index.ts';
import { PUPPY_COLUMNS, type Database, type Db } from '../schema.ts';
import { atomically } from './shared.ts';

/** a message into a conversation, which moves its last message (inside the caller's transaction) */
async function addMessage(
  trx: Transaction<Database>,
  conversationId: number,
  message: Pick<Message, 'senderId' | 'body' | 'flags'>,
  at: string,
) {
  const conversation = await trx
    .updateTable('conversations')
    .set({
      lastMessageAt: at,
      lastSenderId: message.senderId,
      buyerReadAt: sql<string>`CASE WHEN buyer_id = ${message.senderId} THEN ${at}::timestamptz ELSE buyer_read_at END`,
      sellerReadAt: sql<string>`CASE WHEN seller_id = ${message.senderId} THEN ${at}::timestamptz ELSE seller_read_at END`,
    })
    .where('id', '=', conversationId)
    .returningAll()
    .executeTakeFirst();
  if (!conversation) return undefined;
  const saved = await trx
    .insertInto('messages')
    .values({
      conversationId,
      senderId: message.senderId,
      body: message.body,
      flags: [...message.flags],
      createdAt: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { conversation, message: saved };
}

export function conversationRepositories(
  db: Db,
): Pick<Repositories, 'conversations' | 'messages' | 'reports' | 'moderation'> {
  return {
    conversations: {
      get: (id) => db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst(),
      findByPuppyAndBuyer: (puppyId, buyerId) =>
        db
          .selectFrom('conversations')
          .selectAll()
          .where('puppyId', '=', puppyId)
          .where('buyerId', '=', buyerId)
          .executeTakeFirst(),
      startOrContinue: (row, message, now) =>
        atomically(db, async (trx) => {
          const at = now.toISOString();
          // one per puppy and buyer: the unique index decides between two first inquiries at once
          await trx
            .insertInto('conversations')
            .values(firstConversationRow(row, message.senderId, at))
            .onConflict((oc) => oc.columns(['puppyId', 'buyerId']).doNothing())
            .execute();
          const conversation = await trx
            .selectFrom('conversations')
            .select('id')
            .where('puppyId', '=', row.puppyId)
            .where('buyerId', '=', row.buyerId)
            .executeTakeFirstOrThrow();
          if (row.buyerPhone)
            await trx
              .updateTable('conversations')
              .set({ buyerPhone: row.buyerPhone })
              .where('id', '=', conversation.id)
              .execute();
          return (await addMessage(trx, conversation.id, message, at))!;
        }),
      addMessage: (conversationId, message, now) =>
        atomically(db, (trx) => addMessage(trx, conversationId, message, now.toISOString())),
      listByUser: (userId) =>
        db
          .selectFrom('conversations')
          .selectAll()
          .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)]))
          .orderBy('lastMessageAt', 'desc')
          .orderBy('id', 'desc')
          .execute(),
      countUnread: async (userId) => {
        const row = await db
          .selectFrom('conversations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('lastSenderId', '<>', userId)
          .where((eb) =>
            eb.or([
              eb.and([
                eb('buyerId', '=', userId),
                eb.or([eb('buyerReadAt', 'is', null), eb('buyerReadAt', '<', eb.ref('lastMessageAt'))]),
              ]),
              eb.and([
                eb('sellerId', '=', userId),
                eb.or([eb('sellerReadAt', 'is', null), eb('sellerReadAt', '<', eb.ref('lastMessageAt'))]),
              ]),
            ]),
          )
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
      countByPuppies: async (puppyIds) => {
        if (puppyIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('conversations')
          .select((eb) => ['puppyId', eb.fn.countAll<string>().as('n')])
          .where('puppyId', 'in', [...puppyIds])
          .groupBy('puppyId')
          .execute();
        return new Map(rows.map((r) => [r.puppyId, Number(r.n)]));
      },
      markRead: async (id, userId, now) => {
        const at = now.toISOString();
        return db
          .updateTable('conversations')
          .set({
            buyerReadAt: sql<string>`CASE WHEN buyer_id = ${userId} THEN ${at}::timestamptz ELSE buyer_read_at END`,
            sellerReadAt: sql<string>`CASE WHEN seller_id = ${userId} THEN ${at}::timestamptz ELSE seller_read_at END`,
          })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)]))
          .returningAll()
          .executeTakeFirst();
      },
      claimMail: async (id, recipientId, now, mailedBefore) => {
        const at = now.toISOString();
        const before = mailedBefore.toISOString();
        // one conditional UPDATE: two senders at once cannot both claim the recipient's mail
        const row = await db
          .updateTable('conversations')
          .set({
            buyerMailedAt: sql<string>`CASE WHEN buyer_id = ${recipientId} THEN ${at}::timestamptz ELSE buyer_mailed_at END`,
            sellerMailedAt: sql<string>`CASE WHEN seller_id = ${recipientId} THEN ${at}::timestamptz ELSE seller_mailed_at END`,
          })
          .where('id', '=', id)
          .where(
            sql<boolean>`CASE WHEN buyer_id = ${recipientId}
              THEN buyer_mailed_at IS NULL OR buyer_mailed_at <= ${before}::timestamptz OR buyer_read_at >= buyer_mailed_at
              WHEN seller_id = ${recipientId}
              THEN seller_mailed_at IS NULL OR seller_mailed_at <= ${before}::timestamptz OR seller_read_at >= seller_mailed_at
              ELSE false END`,
          )
          .returning('id')
          .executeTakeFirst();
        return row !== undefined;
      },
    },
    messages: {
      get: (id) => db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst(),
      // the partial index messages_flagged_by_sender (migration 0012) holds exactly these rows
      listFlaggedBySender: (senderId, since) =>
        db
          .selectFrom('messages')
          .selectAll()
          .where('senderId', '=', senderId)
          .where('createdAt', '>=', since.toISOString())
          .where(sql<boolean>`flags <> '{}'`)
          .orderBy('id')
          .execute(),
      listByConversation: (conversationId) =>
        db.selectFrom('messages').selectAll().where('conversationId', '=', conversationId).orderBy('id').execute(),
      lastOf: async (conversationIds) => {
        if (conversationIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('messages')
          .selectAll()
          .distinctOn('conversationId')
          .where('conversationId', 'in', [...conversationIds])
          .orderBy('conversationId')
          .orderBy('id', 'desc')
          .execute();
        return new Map(rows.map((m) => [m.conversationId, m]));
      },
    },
    reports: {
      get: (id) => db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst(),
      create: (row) =>
        db
          .insertInto('reports')
          .values({ ...row, status: 'open', resolvedAt: null, resolvedBy: null })
          .returningAll()
          .executeTakeFirstOrThrow(),
      listOpen: () => db.selectFrom('reports').selectAll().where('status', '=', 'open').orderBy('id').execute(),
      lastByScamGuard: (senderId) =>
        db
          .selectFrom('reports')
          .innerJoin('messages', 'messages.id', 'reports.messageId')
          .selectAll('reports')
          .where('reports.reporterId', 'is', null)
          .where('messages.senderId', '=', senderId)
          .orderBy('reports.id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      resolve: (id, adminId, now) =>
        db
          .updateTable('reports')
          .set({ status: 'resolved', resolvedAt: now.toISOString(), resolvedBy: adminId })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirst(),
    },
    moderation: {
      record: (row) => db.insertInto('moderationActions').values(row).returningAll().executeTakeFirstOrThrow(),
      listActions: (limit) =>
        db.selectFrom('moderationActions').selectAll().orderBy('id', 'desc').limit(limit).execute(),
      hideListing: (puppyId, reason, now) =>
        db
          .updateTable('puppies')
          .set({ hiddenAt: now.toISOString(), hiddenReason: reason })
          .where('id', '=', puppyId)
          .returning(PUPPY_COLUMNS)
          .executeTakeFirst(),
      unhideListing: (puppyId) =>
        db
          .updateTable('puppies')
          .set({ hiddenAt: null, hiddenReason: null })
          .where('id', '=', puppyId)
          .returning(PUPPY_COLUMNS)
          .executeTakeFirst(),
      suspendUser: (userId, reason, now) =>
        atomically(db, async (trx) => {
          const at = now.toISOString();
          const user = await trx
            .updateTable('users')
            .set({ suspendedAt: sql<string>`coalesce(suspended_at, ${at}::timestamptz)` })
            .where('id', '=', userId)
            .returningAll()
            .executeTakeFirst();
          if (!user) return undefined;
          await trx
            .updateTable('puppies')
            .set({ hiddenAt: at, hiddenReason: reason })
            .where('userId', '=', userId)
            .where('hiddenAt', 'is', null)
            .execute();
          return user;
        }),
      unsuspendUser: (userId, reason) =>
        atomically(db, async (trx) => {
          const user = await trx
            .updateTable('users')
            .set({ suspendedAt: null })
            .where('id', '=', userId)
            .returningAll()
            .executeTakeFirst();
          if (!user) return undefined;
          await trx
            .updateTable('puppies')
            .set({ hiddenAt: null, hiddenReason: null })
            .where('userId', '=', userId)
            .where('hiddenReason', '=', reason)
            .execute();
          return user;
        }),
      listHidden: () =>
        db.selectFrom('puppies').select(PUPPY_COLUMNS).where('hiddenAt', 'is not', null).orderBy('id').execute(),
      listSuspended: () =>
        db.selectFrom('users').selectAll().where('suspendedAt', 'is not', null).orderBy('id').execute(),
    },
  };
}
