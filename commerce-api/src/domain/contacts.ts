// Inquiries and contact-page messages: stored first (nothing a visitor wrote is lost), then mailed
// to the puppy's seller, or to the team, with the sender as reply-to.
import type { ContactInput } from '#contracts/contacts.ts';
import { NotFoundError } from '../errors.ts';
import type { Mailer } from '../mail/messages.ts';
import type { Storage } from '../storage/storage.ts';
import type { ContactMessage } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';

export interface ContactContext {
  storage: Storage;
  mailer: Mailer;
  /** the team's inbox, for messages that are not about a puppy */
  teamAddress: string;
  log: (line: string) => void;
}

export async function sendContactMessage(ctx: ContactContext, input: ContactInput, senderId: number | null, now: Date): Promise<ContactMessage> {
  const puppyId = input.puppyId ?? null;
  const saved = await ctx.storage.write((db) => {
    if (puppyId !== null) {
      const puppy = db.puppies.get(puppyId);
      if (!puppy || (!isPublic(puppy, now) && puppy.userId !== senderId)) throw new NotFoundError('Puppy Not Found');
    }
    return db.contactMessages.insert({
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      puppyId,
      userId: senderId,
      createdAt: now.toISOString(),
    });
  });

  const puppy = puppyId === null ? undefined : ctx.storage.db.puppies.get(puppyId);
  const seller = puppy ? ctx.storage.db.users.get(puppy.userId) : undefined;
  const details = `From: ${input.name}\nEmail: ${input.email}\nPhone: ${input.phone}\n\n${input.message}\n`;
  try {
    await ctx.mailer.send(
      puppy && seller
        ? { to: seller.email, replyTo: input.email, subject: `New inquiry about ${puppy.name} on PuppyNest`, text: `${input.name} asked about ${puppy.name}.\n\n${details}\nReply to this mail to answer them directly.` }
        : { to: ctx.teamAddress, replyTo: input.email, subject: `Contact form: message from ${input.name}`, text: details },
    );
  } catch (error) {
    // The message is stored; a mail outage must not turn a saved inquiry into an error for the sender.
    ctx.log(`contact message ${saved.id} stored but not mailed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return saved;
}
