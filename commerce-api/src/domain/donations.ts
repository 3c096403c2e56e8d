// Donations (docs/product.md §2 Donate, §5, §10): the amount is the donor's own, within the server's
// bounds (DonationIntentSchema); anyone may give, logged in or not. Recorded pending when the intent is
// made, succeeded when the provider says the money arrived.
import { randomUUID } from 'node:crypto';
import { dollarsToCents, formatCents } from '#contracts/money.ts';
import type { DonationIntentInput, DonationIntentResponse } from '#contracts/payments.ts';
import type { MailMessage } from '../mail/messages.ts';
import type { PaymentIntentSnapshot, PaymentProvider } from '../payments/provider.ts';
import type { Collections, Storage } from '../storage/storage.ts';
import type { Donation } from './model.ts';

export interface DonationContext {
  storage: Storage;
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
  await ctx.storage.write((db) => {
    if (db.donations.find((d) => d.stripePaymentIntentId === intent.id)) return;
    db.donations.insert({
      donorName: input.donorName,
      donorEmail: input.donorEmail,
      amountCents,
      message: input.message,
      isAnonymous: input.isAnonymous,
      stripePaymentIntentId: intent.id,
      status: 'pending',
      createdAt: ctx.now.toISOString(),
    });
  });
  return { clientSecret: intent.clientSecret, intentId: intent.id, amountCents };
}

/** Inside storage.write(): pending → succeeded (or canceled), once. Returns the donation that just succeeded. */
export function recordDonation(db: Collections, intent: PaymentIntentSnapshot): Donation | undefined {
  const donation = db.donations.find((d) => d.stripePaymentIntentId === intent.id);
  if (!donation || donation.status !== 'pending') return undefined;
  if (intent.status === 'canceled') {
    db.donations.update(donation.id, { status: 'canceled' });
    return undefined;
  }
  if (intent.status !== 'succeeded' || intent.amountReceivedCents < donation.amountCents) return undefined;
  return db.donations.update(donation.id, { status: 'succeeded' });
}

export function donationThanksMail(donation: Donation): MailMessage {
  const amount = formatCents(donation.amountCents);
  return {
    to: donation.donorEmail,
    subject: 'Thank you for your donation to PuppyNest rescue',
    text: `Dear ${donation.donorName},\n\nThank you for your donation of ${amount}. 100% of it goes to puppy rescue: our admin costs are covered by listing fees.\n\nWith gratitude,\nThe PuppyNest team\n`,
  };
}
