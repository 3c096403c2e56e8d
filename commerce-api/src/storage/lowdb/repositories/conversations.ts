// Conversations and their messages, reports, and what moderation hides or suspends
// (decisions 0090–0092).
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import type { Collections } from '../storage.ts';
import { firstConversationRow, isUnreadFor, type Repositories } from '../../../domain/store/index.ts';
import type { Conversation, Message } from '../../../domain/model.ts';
import type { LowdbContext } from './context.ts';

/** a message into a conversation, which moves its last message (inside one write) */
function addMessage(
  c: Collections,
  conversation: Conversation,
  message: Pick<Message, 'senderId' | 'body' | 'flags'>,
  at: string,
): { conversation: Conversation; message: Message } {
  const saved = c.messages.insert({
    conversationId: conversation.id,
    senderId: message.senderId,
    body: message.body,
    flags: [...message.flags],
    createdAt: at,
  });
  const old = c.conversations.get(conversation.id)!;
  const readBySender = old.buyerId === message.senderId ? { buyerReadAt: at } : { sellerReadAt: at };
  const updated = c.conversations.update(old.id, {
    lastMessageAt: at,
    lastSenderId: message.senderId,
    ...readBySender,
  })!;
  return { conversation: updated, message: saved };
}

export function conversationRepositories({
  db,
  mutate,
}: LowdbContext): Pick<Repositories, 'conversations' | 'messages' | 'reports' | 'moderation'> {
  return {
    conversations: {
      get: async (id) => db.conversations.get(id),
      findByPuppyAndBuyer: async (puppyId, buyerId) =>
        db.conversations.find((c) => c.puppyId === puppyId && c.buyerId === buyerId),
      startOrContinue: (row, message, now) =>
        mutate((c) => {
          const at = now.toISOString();
          let conversation = c.conversations.find((x) => x.puppyId === row.puppyId && x.buyerId === row.buyerId);
          if (!conversation) {
            conversation = c.conversations.insert(firstConversationRow(row, message.senderId, at));
          } else if (row.buyerPhone) {
            conversation = c.conversations.update(conversation.id, { buyerPhone: row.buyerPhone }) ?? conversation;
          }
          return addMessage(c, conversation, message, at);
        }),
      addMessage: (conversationId, message, now) =>
        mutate((c) => {
          const conversation = c.conversations.get(conversationId);
          return conversation ? addMessage(c, conversation, message, now.toISOString()) : undefined;
        }),
      listByUser: async (userId) =>
        db.conversations
          .filter((c) => c.buyerId === userId || c.sellerId === userId)
          .sort((a, b) => Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt) || b.id - a.id),
      countUnread: async (userId) =>
        db.conversations.count((c) => (c.buyerId === userId || c.sellerId === userId) && isUnreadFor(c, userId)),
      countByPuppies: async (puppyIds) => {
        const wanted = new Set(puppyIds);
        const counts = new Map<number, number>();
        for (const c of db.conversations.all())
          if (wanted.has(c.puppyId)) counts.set(c.puppyId, (counts.get(c.puppyId) ?? 0) + 1);
        return counts;
      },
      markRead: (id, userId, now) =>
        mutate((c) => {
          const old = c.conversations.get(id);
          if (!old || (old.buyerId !== userId && old.sellerId !== userId)) return undefined;
          return c.conversations.update(
            id,
            old.buyerId === userId ? { buyerReadAt: now.toISOString() } : { sellerReadAt: now.toISOString() },
          );
        }),
      claimMail: (id, recipientId, now, mailedBefore) =>
        mutate((c) => {
          const old = c.conversations.get(id);
          if (!old || (old.buyerId !== recipientId && old.sellerId !== recipientId)) return false;
          const asBuyer = old.buyerId === recipientId;
          const mailedAt = asBuyer ? old.buyerMailedAt : old.sellerMailedAt;
          const readAt = asBuyer ? old.buyerReadAt : old.sellerReadAt;
          const may =
            mailedAt === null ||
            Date.parse(mailedAt) <= mailedBefore.getTime() ||
            (readAt !== null && Date.parse(readAt) >= Date.parse(mailedAt));
          if (!may) return false;
          c.conversations.update(
            id,
            asBuyer ? { buyerMailedAt: now.toISOString() } : { sellerMailedAt: now.toISOString() },
          );
          return true;
        }),
    },
    messages: {
      get: async (id) => db.messages.get(id),
      listFlaggedBySender: async (senderId, since) =>
        db.messages.filter(
          (m) => m.senderId === senderId && m.flags.length > 0 && Date.parse(m.createdAt) >= since.getTime(),
        ),
      listByConversation: async (conversationId) => db.messages.filter((m) => m.conversationId === conversationId),
      lastOf: async (conversationIds) => {
        const wanted = new Set(conversationIds);
        const last = new Map<number, Message>();
        for (const m of db.messages.all()) if (wanted.has(m.conversationId)) last.set(m.conversationId, m);
        return last;
      },
    },
    reports: {
      get: async (id) => db.reports.get(id),
      create: (row) =>
        mutate((c) => {
          const report = c.reports.insert({ ...row, status: 'open', resolvedAt: null, resolvedBy: null });
          return report;
        }),
      listOpen: async () => db.reports.filter((r) => r.status === 'open'),
      lastByScamGuard: async (senderId) =>
        db.reports
          .filter(
            (r) => r.reporterId === null && r.messageId !== null && db.messages.get(r.messageId)?.senderId === senderId,
          )
          .at(-1),
      resolve: (id, adminId, now) =>
        mutate((c) => {
          const old = c.reports.get(id);
          if (!old || old.status !== 'open') return undefined;
          return c.reports.update(id, { status: 'resolved', resolvedAt: now.toISOString(), resolvedBy: adminId });
        }),
    },
    moderation: {
      record: (row) =>
        mutate((c) => {
          const action = c.moderationActions.insert(row);
          return action;
        }),
      listActions: async (limit) => db.moderationActions.all().slice(-limit).reverse(),
      hideListing: (puppyId, reason, now) =>
        mutate((c) => {
          const old = c.puppies.get(puppyId);
          if (!old) return undefined;
          return c.puppies.update(puppyId, { hiddenAt: now.toISOString(), hiddenReason: reason });
        }),
      unhideListing: (puppyId) =>
        mutate((c) => {
          const old = c.puppies.get(puppyId);
          if (!old) return undefined;
          return c.puppies.update(puppyId, { hiddenAt: null, hiddenReason: null });
        }),
      suspendUser: (userId, reason, now) =>
        mutate((c) => {
          const old = c.users.get(userId);
          if (!old) return undefined;
          for (const p of c.puppies.filter((x) => x.userId === userId && !x.hiddenAt)) {
            c.puppies.update(p.id, { hiddenAt: now.toISOString(), hiddenReason: reason });
          }
          return c.users.update(userId, { suspendedAt: old.suspendedAt ?? now.toISOString() });
        }),
      unsuspendUser: (userId, reason) =>
        mutate((c) => {
          const old = c.users.get(userId);
          if (!old) return undefined;
          for (const p of c.puppies.filter((x) => x.userId === userId && !!x.hiddenAt && x.hiddenReason === reason)) {
            c.puppies.update(p.id, { hiddenAt: null, hiddenReason: null });
          }
          return c.users.update(userId, { suspendedAt: null });
        }),
      listHidden: async () => db.puppies.filter((p) => !!p.hiddenAt),
      listSuspended: async () => db.users.filter((u) => !!u.suspendedAt),
    },
  };
}
