// Inquiries and contact-page messages: stored first (nothing a visitor wrote is lost), then mailed
// to the puppy's seller, or to the team, with the sender as reply-to. A logged-in family's inquiry
// about a puppy becomes a conversation with its seller instead (decision 0090, domain/conversations.ts):
// the seller is mailed a link to it. Neither side's address is shown to the other; the phone the family
// typed into the inquiry is the seller's to call, in the conversation (decision 0137).
import type { AdminContactMessageView, ContactInput } from '#contracts/contacts.ts';
import { PLAN_NAMES, PRIORITY_PLANS, supportPlanLabel } from '#contracts/plan-names.ts';
import { NotFoundError } from '../errors.ts';
import type { Mailer } from '../mail/messages.ts';
import { details as detailRows, link, paragraph, quote } from '../mail/blocks.ts';
import type { Store } from './store/index.ts';
import { startConversation } from './conversations.ts';
import type { ContactMessage, User } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';
import type { Log } from '../logging/log.ts';

export interface ContactContext {
  store: Store;
  mailer: Mailer;
  /** the team's inbox, for messages that are not about a puppy */
  teamAddress: string;
  /** the site's public address (links in mails) */
  siteUrl: string;
  log: Log;
}

export interface ContactResult {
  saved: ContactMessage;
  /** set when the inquiry started or continued a conversation */
  conversationId?: number;
}

export async function sendContactMessage(
  ctx: ContactContext,
  input: ContactInput,
  sender: User | null,
  now: Date,
): Promise<ContactResult> {
  const puppyId = input.puppyId ?? null;
  const senderId = sender?.id ?? null;
  const puppy = puppyId === null ? undefined : await ctx.store.puppies.get(puppyId);
  if (puppyId !== null && (!puppy || (!isPublic(puppy, now) && puppy.userId !== senderId)))
    throw new NotFoundError('Puppy Not Found');

  // Support by plan (decision 0136, docs/product.md §24): a message to the team from a seller carries the
  // plan their session's account has now, never anything the form says
  const plan =
    sender && puppyId === null
      ? ((await ctx.store.sellerSubscriptions.findActive(sender.id, now))?.plan ?? null)
      : null;
  const saved = await ctx.store.contacts.insert({
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    puppyId,
    userId: senderId,
    plan,
    createdAt: now.toISOString(),
  });

  // a logged-in family asking about someone else's public puppy talks in Messages
  if (puppy && sender && puppy.userId !== sender.id && isPublic(puppy, now)) {
    const { conversationId } = await startConversation(
      { store: ctx.store, mailer: ctx.mailer, siteUrl: ctx.siteUrl, log: ctx.log },
      puppy,
      sender,
      input.message,
      now,
      input.phone,
    );
    return { saved, conversationId };
  }

  const seller = puppy ? await ctx.store.users.get(puppy.userId) : undefined;
  // the team's mail names the plan of a logged-in sender (decision 0136); an inquiry to a seller does not
  const planRow = !puppy && sender ? [{ label: 'Plan', value: supportPlanLabel(plan) }] : [];
  const details =
    `From: ${input.name}\nEmail: ${input.email}\nPhone: ${input.phone}\n` +
    planRow.map((row) => `${row.label}: ${row.value}\n`).join('') +
    `\n${input.message}\n`;
  const fromBlocks = [
    detailRows([
      { label: 'From', value: input.name },
      { label: 'Email', value: input.email },
      { label: 'Phone', value: input.phone },
      ...planRow,
    ]),
    quote(input.message),
  ];
  try {
    await ctx.mailer.send(
      puppy && seller
        ? {
            to: seller.email,
            replyTo: input.email,
            subject: `New inquiry about ${puppy.name} on PuppyNest`,
            // the visitor is not logged in (decision 0090); the seller's answer invites them back
            text:
              `${input.name} asked about ${puppy.name}.\n\n${details}\nReply to this mail to answer them directly.\n\n` +
              `When you answer, invite them to continue on PuppyNest: with an account they can message you in PuppyNest Messages (${ctx.siteUrl}/messages) and pay safely through PuppyNest checkout.\n`,
            kind: 'inquiry',
            blocks: [
              paragraph(`${input.name} asked about ${puppy.name}.`),
              ...fromBlocks,
              paragraph('Reply to this mail to answer them directly.'),
              paragraph(
                'When you answer, invite them to continue on PuppyNest: with an account they can message you in PuppyNest Messages and pay safely through PuppyNest checkout.',
              ),
              link('Open PuppyNest Messages', '/messages'),
            ],
          }
        : {
            to: ctx.teamAddress,
            replyTo: input.email,
            // a priority plan says so where the inbox lists it
            subject: `Contact form${plan && PRIORITY_PLANS.has(plan) ? ` (priority, ${PLAN_NAMES[plan]} plan)` : ''}: message from ${input.name}`,
            text: details,
            kind: 'contact-form',
            blocks: fromBlocks,
          },
    );
  } catch (error) {
    // The message is stored; a mail outage must not turn a saved inquiry into an error for the sender.
    ctx.log.warn(
      `contact message ${saved.id} stored but not mailed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { saved };
}

/** GET /api/admin/contact-messages: the messages to the team in support order, with each sender's plan */
export async function teamInbox(store: Store, limit = 100): Promise<AdminContactMessageView[]> {
  const messages = await store.contacts.listForTeam(limit);
  const senders = new Map(
    await Promise.all(
      [...new Set(messages.flatMap((m) => (m.userId === null ? [] : [m.userId])))].map(
        async (id) => [id, (await store.users.get(id))?.username ?? null] as const,
      ),
    ),
  );
  return messages.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    message: m.message,
    username: m.userId === null ? null : (senders.get(m.userId) ?? null),
    plan: m.plan ?? null,
    planLabel: supportPlanLabel(m.plan ?? null),
    priority: !!m.plan && PRIORITY_PLANS.has(m.plan),
    createdAt: m.createdAt,
  }));
}
