// Inquiries and contact-page messages: stored first (nothing a visitor wrote is lost), then mailed
// to the puppy's seller, or to the team, with the sender as reply-to. A logged-in family's inquiry
// about a puppy becomes a conversation with its seller instead (decision 0090, domain/conversations.ts):
// the seller is mailed a link to it. Neither side's address is shown to the other; the phone the family
// typed into the inquiry is the seller's to call, in the conversation (decision 0137).
import type { ContactInput } from '#contracts/contacts.ts';
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

  const saved = await ctx.store.contacts.insert({
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    puppyId,
    userId: senderId,
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
  const details = `From: ${input.name}\nEmail: ${input.email}\nPhone: ${input.phone}\n\n${input.message}\n`;
  const fromBlocks = [
    detailRows([
      { label: 'From', value: input.name },
      { label: 'Email', value: input.email },
      { label: 'Phone', value: input.phone },
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
            subject: `Contact form: message from ${input.name}`,
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
