// Conversations between a family and a seller about one puppy (docs/decisions/0090): a
// logged-in inquiry starts one (a second inquiry about the same puppy continues it), both parties
// reply, and only they can read it. A new message mails the recipient a link (never the text, so the
// conversation stays on PuppyNest), at most once per conversation per 15 minutes while it is unread.
import type {
  ConversationsResponse,
  ConversationSummary,
  ConversationView,
  MessageView,
  SentMessageResponse,
} from '#contracts/conversations.ts';
import { NotFoundError } from '../errors.ts';
import type { Mailer } from '../mail/messages.ts';
import { button, greeting, paragraph } from '../mail/blocks.ts';
import type { Store } from './store/index.ts';
import { isUnreadFor } from './store/index.ts';
import type { Conversation, Message, Puppy, User } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';
import { breederLink } from './breeders/pages.ts';
import { scamFlags, scamKinds } from './scam-guard/index.ts';
import { queueRepeatedFlags } from './scam-queue.ts';
import type { Log } from '../logging/log.ts';

/** a recipient is mailed at most once per conversation in this window while it stays unread */
export const MAIL_WINDOW_MS = 15 * 60 * 1000;

export interface ConversationContext {
  store: Store;
  mailer: Mailer;
  /** the site's public address, for the link in the mail */
  siteUrl: string;
  log: Log;
}

const notFound = () => new NotFoundError('Conversation not found');

/** the conversation, when `userId` is one of its two parties; 404 otherwise (a stranger learns nothing) */
async function conversationFor(ctx: ConversationContext, id: number, userId: number): Promise<Conversation> {
  const conversation = await ctx.store.conversations.get(id);
  if (!conversation || (conversation.buyerId !== userId && conversation.sellerId !== userId)) throw notFound();
  return conversation;
}

function messageView(message: Message, viewerId: number, senderName: string): MessageView {
  const mine = message.senderId === viewerId;
  // the advice is for the one asked: a sender is not warned about their own words
  return {
    id: message.id,
    mine,
    sender: senderName,
    body: message.body,
    createdAt: message.createdAt,
    warnings: mine ? [] : scamKinds(message.flags),
  };
}

/** what the scam guard finds in a message; a link to PuppyNest itself keeps the family here */
function guard(ctx: ConversationContext, body: string): string[] {
  return scamFlags(body, { ownHosts: [new URL(ctx.siteUrl).hostname.replace(/^www\./, '')] });
}

/**
 * A logged-in family's inquiry: starts the conversation with the puppy's seller, or continues the
 * one they have. The puppy must be public (404 otherwise, as for any inquiry).
 */
export async function startConversation(
  ctx: ConversationContext,
  puppy: Puppy,
  sender: User,
  body: string,
  now: Date,
  /** the phone the family gave with the inquiry, shown to the seller (decision 0137) */
  phone?: string,
): Promise<SentMessageResponse> {
  if (!isPublic(puppy, now)) throw new NotFoundError('Puppy Not Found');
  const { conversation, message } = await ctx.store.conversations.startOrContinue(
    { puppyId: puppy.id, buyerId: sender.id, sellerId: puppy.userId, buyerPhone: phone || null },
    { senderId: sender.id, body, flags: guard(ctx, body) },
    now,
  );
  await watchSender(ctx, message, sender, now);
  await notifyRecipient(ctx, conversation, sender, puppy, now);
  return { conversationId: conversation.id, message: messageView(message, sender.id, sender.username) };
}

/** a reply by either party */
export async function reply(
  ctx: ConversationContext,
  id: number,
  sender: User,
  body: string,
  now: Date,
): Promise<SentMessageResponse> {
  await conversationFor(ctx, id, sender.id);
  const added = await ctx.store.conversations.addMessage(
    id,
    { senderId: sender.id, body, flags: guard(ctx, body) },
    now,
  );
  if (!added) throw notFound();
  await watchSender(ctx, added.message, sender, now);
  await notifyRecipient(ctx, added.conversation, sender, await ctx.store.puppies.get(added.conversation.puppyId), now);
  return { conversationId: id, message: messageView(added.message, sender.id, sender.username) };
}

/** a flagged message may put its sender in the moderation queue (scam-queue.ts); it is delivered either way */
async function watchSender(ctx: ConversationContext, message: Message, sender: User, now: Date): Promise<void> {
  if (message.flags.length === 0) return;
  try {
    await queueRepeatedFlags(ctx.store, sender, now);
  } catch (error) {
    // the message is stored and shown with its advice; a failed count must not fail the sender
    ctx.log.warn(
      `message ${message.id}: flagged, but its sender's flags were not counted: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function notifyRecipient(
  ctx: ConversationContext,
  conversation: Conversation,
  sender: User,
  puppy: Puppy | undefined,
  now: Date,
): Promise<void> {
  const recipientId = conversation.buyerId === sender.id ? conversation.sellerId : conversation.buyerId;
  // the claim is the throttle: only one sender within the window wins it, across processes
  if (
    !(await ctx.store.conversations.claimMail(
      conversation.id,
      recipientId,
      now,
      new Date(now.getTime() - MAIL_WINDOW_MS),
    ))
  )
    return;
  const recipient = await ctx.store.users.get(recipientId);
  if (!recipient) return;
  const about = puppy?.name ?? 'a puppy';
  try {
    await ctx.mailer.send({
      to: recipient.email,
      subject: `New message about ${about} on PuppyNest`,
      text:
        `Hi ${recipient.username},\n\n${sender.username} sent you a message about ${about}.\n\n` +
        `Read it and reply on PuppyNest: ${ctx.siteUrl}/messages/${conversation.id}\n\n` +
        `For your safety, keep the conversation on PuppyNest and pay only through PuppyNest checkout.\n`,
      kind: 'message',
      blocks: [
        greeting(recipient.username),
        paragraph(`${sender.username} sent you a message about ${about}.`),
        button('Read it and reply', `/messages/${conversation.id}`),
        paragraph('For your safety, keep the conversation on PuppyNest and pay only through PuppyNest checkout.'),
      ],
    });
  } catch (error) {
    // the message is stored and shows in Messages; a mail outage must not fail the sender
    ctx.log.warn(
      `conversation ${conversation.id}: message stored but not mailed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function partyNames(ctx: ConversationContext, ids: Iterable<number>): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) names.set(id, (await ctx.store.users.get(id))?.username ?? 'A former member');
  return names;
}

async function puppiesOf(ctx: ConversationContext, ids: Iterable<number>): Promise<Map<number, Puppy>> {
  const puppies = new Map<number, Puppy>();
  for (const id of new Set(ids)) {
    const puppy = await ctx.store.puppies.get(id);
    if (puppy) puppies.set(id, puppy);
  }
  return puppies;
}

function summaryBase(c: Conversation, viewerId: number, names: Map<number, string>, puppies: Map<number, Puppy>) {
  const otherId = c.buyerId === viewerId ? c.sellerId : c.buyerId;
  const puppy = puppies.get(c.puppyId);
  return {
    id: c.id,
    puppy: puppy ? { id: puppy.id, name: puppy.name, imageUrl: puppy.imageUrl } : null,
    with: { id: otherId, username: names.get(otherId) ?? 'A former member' },
    role: c.buyerId === viewerId ? ('buyer' as const) : ('seller' as const),
  };
}

/** the user's conversations, the latest message first, with the number of unread ones */
export async function listConversations(ctx: ConversationContext, user: User): Promise<ConversationsResponse> {
  const rows = await ctx.store.conversations.listByUser(user.id);
  const last = await ctx.store.messages.lastOf(rows.map((c) => c.id));
  const names = await partyNames(
    ctx,
    rows.map((c) => (c.buyerId === user.id ? c.sellerId : c.buyerId)),
  );
  const puppies = await puppiesOf(
    ctx,
    rows.map((c) => c.puppyId),
  );
  const conversations: ConversationSummary[] = rows.map((c) => {
    const message = last.get(c.id);
    return {
      ...summaryBase(c, user.id, names, puppies),
      lastMessage: message
        ? { body: message.body, createdAt: message.createdAt, mine: message.senderId === user.id }
        : null,
      unread: isUnreadFor(c, user.id),
    };
  });
  return { conversations, unread: conversations.filter((c) => c.unread).length };
}

/** the thread, oldest first; opening it marks it read for the viewer */
export async function openConversation(
  ctx: ConversationContext,
  id: number,
  user: User,
  now: Date,
): Promise<ConversationView> {
  const conversation = await conversationFor(ctx, id, user.id);
  const messages = await ctx.store.messages.listByConversation(id);
  const names = await partyNames(ctx, [conversation.buyerId, conversation.sellerId]);
  const puppies = await puppiesOf(ctx, [conversation.puppyId]);
  if (isUnreadFor(conversation, user.id)) await ctx.store.conversations.markRead(id, user.id, now);
  return {
    ...summaryBase(conversation, user.id, names, puppies),
    messages: messages.map((m) => messageView(m, user.id, names.get(m.senderId) ?? 'A former member')),
    breeder: await breederLink(ctx.store, conversation.sellerId),
    // the family gave it to the seller with the inquiry; the family knows its own number
    familyPhone: conversation.sellerId === user.id ? (conversation.buyerPhone ?? null) : null,
  };
}

export function unreadCount(ctx: Pick<ConversationContext, 'store'>, userId: number): Promise<number> {
  return ctx.store.conversations.countUnread(userId);
}
