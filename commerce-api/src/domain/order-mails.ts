// The mails of an admin's cancel (docs/product.md §10): both sides hear that the order was cancelled,
// why (the admin's reason), and where the buyer's money is.
import { button, details, greeting, link, paragraph, quote } from '../mail/blocks.ts';
import type { MailMessage } from '../mail/messages.ts';
import type { Order, Puppy, User } from './model.ts';
import { orderLines, orderRows } from './orders.ts';

export type CancelOutcome = 'released' | 'refunded' | 'pending';

const MONEY: Readonly<Record<CancelOutcome, string>> = {
  released: 'The hold on your card has been released: you were not charged.',
  refunded: 'The full amount has been refunded to your card. Refunds usually appear within 5 to 10 business days.',
  pending:
    'Your refund of the full amount is being processed. We will write again as soon as it is on its way to your card.',
};

export function cancellationMails(
  order: Order,
  puppy: Puppy | undefined,
  buyer: User | undefined,
  seller: User | undefined,
  outcome: CancelOutcome,
  siteUrl: string,
): MailMessage[] {
  const name = puppy?.name ?? 'the puppy';
  const lines = orderLines(order, name);
  const reason = order.cancelReason ? `\n\nThe reason PuppyNest gave: "${order.cancelReason}"` : '';
  const rows = orderRows(order, name);
  const reasonBlocks = order.cancelReason ? [paragraph('The reason PuppyNest gave:'), quote(order.cancelReason)] : [];
  const mails: MailMessage[] = [];
  if (buyer) {
    mails.push({
      to: buyer.email,
      subject:
        outcome === 'pending'
          ? `Your PuppyNest order ${order.reference} was cancelled: your refund is on its way`
          : `Your PuppyNest order ${order.reference} was cancelled`,
      text: `Hi ${buyer.username},\n\nYour order for ${name} has been cancelled by PuppyNest. ${MONEY[outcome]}${reason}\n\n${lines}\n\nYour orders: ${siteUrl}/my-orders\nQuestions? ${siteUrl}/contact\n`,
      kind: 'order',
      blocks: [
        greeting(buyer.username),
        paragraph(`Your order for ${name} has been cancelled by PuppyNest. ${MONEY[outcome]}`),
        ...reasonBlocks,
        details(rows),
        button('See your orders', '/my-orders'),
        link('Contact us', '/contact', 'Questions?'),
      ],
    });
  }
  if (seller) {
    const money = outcome === 'pending' ? "the buyer's payment is being returned" : "the buyer's payment returned";
    mails.push({
      to: seller.email,
      subject: `Order ${order.reference} for ${name} was cancelled`,
      text: `Hi ${seller.username},\n\nThe order for ${name} has been cancelled by PuppyNest and ${money}. ${name} is available again on PuppyNest.${reason}\n\n${lines}\n\nYour listings: ${siteUrl}/my-listings\n`,
      kind: 'order',
      blocks: [
        greeting(seller.username),
        paragraph(
          `The order for ${name} has been cancelled by PuppyNest and ${money}. ${name} is available again on PuppyNest.`,
        ),
        ...reasonBlocks,
        details(rows),
        button('See your listings', '/my-listings'),
      ],
    });
  }
  return mails;
}
