// The invitation to review (docs/product.md "Reviews", decision 0119): a week after the handover the buyer
// is mailed once, asking how it went, with the link to My Orders where the review is written. The order
// is marked invited before the mail goes (a claim only one process wins), so it is never sent twice; a
// failed mail is logged, not retried (My Orders offers the review anyway).
import { REVIEW_INVITE_DAYS, REVIEW_WINDOW_MONTHS } from '#contracts/reviews.ts';
import { button, greeting, paragraph } from '../mail/blocks.ts';
import type { MailMessage } from '../mail/messages.ts';
import { sendPaymentMails } from './fulfilment/payment-mail.ts';
import type { FulfilmentDeps } from './fulfilment/types.ts';
import type { Order, Puppy, User } from './model.ts';

const DAY_MS = 86_400_000;
/** invitations per run: the job runs every few minutes, so a backlog drains over a few runs */
const BATCH = 100;

export type ReviewInviteDeps = Pick<FulfilmentDeps, 'store' | 'mailer' | 'log' | 'siteUrl'>;

export function reviewInviteMail(order: Order, puppy: Puppy | undefined, buyer: User, siteUrl: string): MailMessage {
  const name = puppy?.name ?? 'your puppy';
  return {
    to: buyer.email,
    subject: `How is ${name} settling in? Review the breeder`,
    text:
      `Hi ${buyer.username},\n\nIt has been a week since ${name} came home with you. Other families choose their breeder by what ` +
      `buyers like you say: would you rate the breeder and tell them how it went? Only buyers of a puppy can review, so your ` +
      `review shows as a verified purchase.\n\nWrite your review on My Orders (order ${order.reference}): ${siteUrl}/my-orders\n\n` +
      `You can write it until ${REVIEW_WINDOW_MONTHS} months after the handover.\n`,
    kind: 'review-invite',
    blocks: [
      greeting(buyer.username),
      paragraph(
        `It has been a week since ${name} came home with you. Other families choose their breeder by what buyers like ` +
          `you say: would you rate the breeder and tell them how it went? Only buyers of a puppy can review, so your ` +
          `review shows as a verified purchase.`,
      ),
      button('Write your review', '/my-orders'),
      paragraph(`Order ${order.reference}. You can write it until ${REVIEW_WINDOW_MONTHS} months after the handover.`),
    ],
  };
}

/** mails the buyers whose handover was a week or more ago (and less than the review window), once each */
export async function sendReviewInvites(deps: ReviewInviteDeps, now: Date): Promise<number> {
  const { store } = deps;
  const before = new Date(now.getTime() - REVIEW_INVITE_DAYS * DAY_MS);
  const after = new Date(now);
  after.setUTCMonth(after.getUTCMonth() - REVIEW_WINDOW_MONTHS);
  let sent = 0;
  for (const order of await store.reviews.invitesDue(after, before, BATCH)) {
    if (!(await store.reviews.claimInvite(order.id, now))) continue;
    const buyer = await store.users.get(order.buyerId);
    if (!buyer) continue;
    await sendPaymentMails(deps, [
      reviewInviteMail(order, await store.puppies.get(order.puppyId), buyer, deps.siteUrl),
    ]);
    sent += 1;
  }
  return sent;
}
