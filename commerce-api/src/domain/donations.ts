// Donations (docs/product.md §2 Donate, §5, §10): the amount is the donor's own, within the server's
// bounds (DonationIntentSchema); anyone may give, logged in or not. Recorded pending when the intent is
// made, succeeded when the provider says the money arrived.
import { randomUUID } from 'node:crypto';
import { dollarsToCents, formatCents } from '#contracts/money.ts';
import type { DonationIntentInput, DonationIntentResponse } from '#contracts/payments.ts';
import type { MailMessage } from '../mail/messages.ts';
import { greeting, paragraph } from '../mail/blocks.ts';
import type { PaymentIntentSnapshot, PaymentProvider } from '../payments/provider.ts';
import type { Store } from './store/index.ts';
import type { Donation } from './model.ts';

export interface DonationContext {
  store: Store;
  provider: PaymentProvider;
  now: Date;
}

export async function startDonation(ctx: DonationContext, input: DonationIntentInput): Promise<DonationIntentResponse> {
  const amountCents = dollarsToCents(input.amount);
  const intent = await ctx.provider.createPaymentIntent({
    amountCents,
    captureMethod: 'automatic',
    description: 'PuppyNest puppy rescue donation',
    metadata: { purpose: 'donation' },
    idempotencyKey: `donation:${input.visitId ?? randomUUID()}:${amountCents}:${input.donorEmail.toLowerCase()}`,
    receiptEmail: input.donorEmail,
  });
  // one row per intent: the same visit asking again finds its row unchanged
  await ctx.store.donations.createForIntent({
    donorName: input.donorName,
    donorEmail: input.donorEmail,
    amountCents,
    message: input.message,
    isAnonymous: input.isAnonymous,
    stripePaymentIntentId: intent.id,
    status: 'pending',
    createdAt: ctx.now.toISOString(),
  });
  return { clientSecret: intent.clientSecret, intentId: intent.id, amountCents };
}

/** pending → succeeded (or canceled), once across processes. Returns the donation only to the caller that made it succeed. */
export async function recordDonation(store: Store, intent: PaymentIntentSnapshot): Promise<Donation | undefined> {
  const donation = await store.donations.findByIntent(intent.id);
  if (!donation || donation.status !== 'pending') return undefined;
  if (intent.status === 'canceled') {
    await store.donations.markCanceled(intent.id);
    return undefined;
  }
  if (intent.status !== 'succeeded' || intent.amountReceivedCents < donation.amountCents) return undefined;
  return store.donations.markSucceeded(intent.id);
}

export function donationThanksMail(donation: Donation): MailMessage {
  const amount = formatCents(donation.amountCents);
  return {
    to: donation.donorEmail,
    subject: 'Thank you for your donation to PuppyNest rescue',
    text: `Dear ${donation.donorName},\n\nThank you for your donation of ${amount}. 100% of it goes to puppy rescue: our admin costs are covered by listing fees.\n\nWith gratitude,\nThe PuppyNest team\n`,
    kind: 'donation',
    blocks: [
      greeting(donation.donorName, 'Dear'),
      paragraph(
        `Thank you for your donation of ${amount}. 100% of it goes to puppy rescue: our admin costs are covered by listing fees.`,
      ),
      paragraph('With gratitude,\nThe PuppyNest team'),
    ],
  };
}
