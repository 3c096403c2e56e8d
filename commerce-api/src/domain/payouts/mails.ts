// The mails of a payout's life (decision 0101): both sides hear of each step — a report that holds the
// payout, a release, a payment, and an admin's decision. Sent after the change is recorded; a failure
// is logged, never thrown (sendPaymentMails), so a mail outage never undoes or repeats a payout.
import { formatCents } from '#contracts/money.ts';
import { button, greeting, link, paragraph, quote } from '../../mail/blocks.ts';
import type { MailBlock, MailMessage } from '../../mail/messages.ts';
import type { Repositories } from '../store/index.ts';
import { sendPaymentMails } from '../fulfilment/payment-mail.ts';
import type { Order, Payout, Puppy, User } from '../model.ts';
import { orderParties } from '../orders.ts';
import { formatPayoutDate, type PayoutContext } from './context.ts';

export interface PayoutParties {
  order: Order;
  payout: Payout;
  puppy: Puppy | undefined;
  buyer: User | undefined;
  seller: User | undefined;
}

export type PayoutStep = 'handed_over' | 'held' | 'released' | 'paid' | 'reversal_failed';

function mail(to: User | undefined, subject: string, body: string, blocks: MailBlock[]): MailMessage[] {
  return to
    ? [
        {
          to: to.email,
          subject,
          text: `Hi ${to.username},\n\n${body}\n`,
          kind: 'payout',
          blocks: [greeting(to.username), ...blocks],
        },
      ]
    : [];
}

export function payoutMails(step: PayoutStep, p: PayoutParties, siteUrl: string): MailMessage[] {
  const name = p.puppy?.name ?? 'your puppy';
  const ref = p.order.reference;
  const share = formatCents(p.payout.amountCents);
  const paidOn = p.payout.paidAt ? ` on ${formatPayoutDate(p.payout.paidAt)}` : '';
  const earnings = `Your earnings: ${siteUrl}/earnings`;
  const orders = `Your orders: ${siteUrl}/my-orders`;
  const earningsButton = button('See your earnings', '/earnings');
  const ordersButton = button('See your orders', '/my-orders');
  switch (step) {
    case 'handed_over':
      return mail(
        p.buyer,
        `Is ${name} home with you? (order ${ref})`,
        `The seller marked ${name} as handed over to you. Please confirm receipt on My Orders once all is well, or report a problem there by ${formatPayoutDate(p.payout.releaseAt)}. If we hear nothing by then, the seller is paid.\n\n${orders}`,
        [
          paragraph(
            `The seller marked ${name} as handed over to you. Please confirm receipt on My Orders once all is well, or report a problem there by ${formatPayoutDate(p.payout.releaseAt)}. If we hear nothing by then, the seller is paid.`,
          ),
          ordersButton,
        ],
      );
    case 'held':
      return [
        ...mail(
          p.buyer,
          `We received your report about order ${ref}`,
          `Thank you for telling us what went wrong with ${name}:\n\n"${p.payout.problem ?? ''}"\n\nThe seller's payment is on hold while our team looks into it. We will contact you within 2 business days.\n\n${orders}`,
          [
            paragraph(`Thank you for telling us what went wrong with ${name}:`),
            quote(p.payout.problem ?? ''),
            paragraph(
              "The seller's payment is on hold while our team looks into it. We will contact you within 2 business days.",
            ),
            ordersButton,
          ],
        ),
        ...mail(
          p.seller,
          `The payout for order ${ref} is on hold`,
          `The family who bought ${name} reported a problem:\n\n"${p.payout.problem ?? ''}"\n\nYour payout of ${share} is on hold while our team looks into it; we will contact you within 2 business days.\n\n${earnings}`,
          [
            paragraph(`The family who bought ${name} reported a problem:`),
            quote(p.payout.problem ?? ''),
            paragraph(
              `Your payout of ${share} is on hold while our team looks into it; we will contact you within 2 business days.`,
            ),
            earningsButton,
          ],
        ),
      ];
    case 'released':
      return [
        ...mail(
          p.buyer,
          `Order ${ref}: the seller is being paid`,
          `The seller's payment for ${name} (order ${ref}) has been released. Enjoy your new family member!\n\n${orders}`,
          [
            paragraph(
              `The seller's payment for ${name} (order ${ref}) has been released. Enjoy your new family member!`,
            ),
            ordersButton,
          ],
        ),
        ...mail(
          p.seller,
          `Your payout for order ${ref} is on its way`,
          `Your payout of ${share} for ${name} (order ${ref}) has been released. It is sent to your payout account as soon as the account can receive it.\n\n${earnings}`,
          [
            paragraph(
              `Your payout of ${share} for ${name} (order ${ref}) has been released. It is sent to your payout account as soon as the account can receive it.`,
            ),
            earningsButton,
          ],
        ),
      ];
    case 'paid':
      return mail(
        p.seller,
        `You were paid ${share} for order ${ref}`,
        `${share} for ${name} (order ${ref}) was transferred to your payout account${paidOn}. Stripe pays it out to your bank on your account's payout schedule.\n\n${earnings}`,
        [
          paragraph(
            `${share} for ${name} (order ${ref}) was transferred to your payout account${paidOn}. Stripe pays it out to your bank on your account's payout schedule.`,
          ),
          earningsButton,
        ],
      );
    case 'reversal_failed':
      return [
        ...mail(
          p.seller,
          `Action needed: the payout for order ${ref} must be returned`,
          `PuppyNest is refunding the family who bought ${name} (order ${ref}). The ${share} transferred to you could not be taken back: your payout account's balance is short. Please contact us: ${siteUrl}/contact\n\n${earnings}`,
          [
            paragraph(
              `PuppyNest is refunding the family who bought ${name} (order ${ref}). The ${share} transferred to you could not be taken back: your payout account's balance is short.`,
            ),
            button('Contact us', '/contact'),
            link('See your earnings', '/earnings'),
          ],
        ),
        ...mail(
          p.buyer,
          `Your refund for order ${ref} is being prepared`,
          `We are refunding your order for ${name}. It takes us a little longer than usual; we will write again when the refund is made.\n\n${orders}`,
          [
            paragraph(
              `We are refunding your order for ${name}. It takes us a little longer than usual; we will write again when the refund is made.`,
            ),
            ordersButton,
          ],
        ),
      ];
  }
}

async function partiesOf(store: Repositories, payout: Payout, known?: Order): Promise<PayoutParties | undefined> {
  const order = known ?? (await store.orders.get(payout.orderId));
  return order ? { order, payout, ...(await orderParties(store, order)) } : undefined;
}

/** mails both sides of one step of the payout's life (after the step is recorded; failures are logged) */
export async function mailStep(
  ctx: Pick<PayoutContext, 'store' | 'mailer' | 'log' | 'siteUrl'>,
  step: PayoutStep,
  payout: Payout,
  order?: Order,
): Promise<void> {
  const parties = await partiesOf(ctx.store, payout, order);
  if (parties) await sendPaymentMails(ctx, payoutMails(step, parties, ctx.siteUrl));
}
