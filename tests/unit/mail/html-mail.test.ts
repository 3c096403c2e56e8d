// HTML mail (decision 0111): every mail the domain builds renders in the one layout beside its text,
// with absolute links and what people typed escaped; the outbox keeps both parts; SMTP sends both.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { donationThanksMail } from '../../../commerce-api/src/domain/donations.ts';
import { listingLiveMail } from '../../../commerce-api/src/domain/listing-fees.ts';
import type { Order, Payout, Puppy, User } from '../../../commerce-api/src/domain/model.ts';
import { cancellationMails } from '../../../commerce-api/src/domain/order-mails.ts';
import { purchaseMails } from '../../../commerce-api/src/domain/orders.ts';
import { reviewInviteMail } from '../../../commerce-api/src/domain/review-invites.ts';
import { payoutMails, type PayoutStep } from '../../../commerce-api/src/domain/payouts/mails.ts';
import { MAIL_FOOTERS } from '../../../commerce-api/src/mail/footer-reasons.ts';
import { renderMailHtml } from '../../../commerce-api/src/mail/html.ts';
import type { MailMessage } from '../../../commerce-api/src/mail/messages.ts';
import { createFileOutbox } from '../../../commerce-api/src/mail/outbox.ts';
import { MAIL_COLOURS, MAIL_COLOUR_TOKENS } from '../../../commerce-api/src/mail/palette.ts';
import { buildDonation, buildOrder, buildPayout, buildPuppy, buildUser, createRng } from '../../support/factories.ts';
import { expectMailHtml, HOSTILE, HOSTILE_ESCAPED } from '../../support/mail-html.ts';

const SITE = 'https://puppynest.example';
const NOW = new Date('2026-06-01T12:00:00.000Z');

const sendMail = vi.hoisted(() => vi.fn((_mail: Record<string, unknown>) => Promise.resolve({})));
vi.mock('nodemailer', () => ({ default: { createTransport: () => ({ sendMail }) } }));

const user = (id: number, username: string): User => ({
  id,
  ...buildUser({ username, email: `${username.replace(/\W/g, '')}@example.com` }, NOW),
});
const buyer = user(1, `fam${HOSTILE}`);
const seller = user(2, 'breeder');
const puppy: Puppy = {
  id: 7,
  ...buildPuppy({ name: `Daisy ${HOSTILE}`, userId: 2, expiresAt: '2026-07-01T12:00:00.000Z' }, createRng(1), {
    now: NOW,
  }),
};
const order: Order = {
  id: 3,
  ...buildOrder({ reference: 'PN-20260601-ABCD1234', puppyId: 7, buyerId: 1, sellerId: 2 }, NOW),
  cancelReason: `Seller withdrew ${HOSTILE}`,
};
const payout: Payout = {
  id: 4,
  ...buildPayout({ orderId: 3, problem: `She is not the puppy I saw ${HOSTILE}`, paidAt: NOW.toISOString() }, NOW),
};
const STEPS: PayoutStep[] = ['handed_over', 'held', 'released', 'paid', 'reversal_failed'];

/** every mail a pure builder of the domain makes, each with a person's hostile text in it */
const mails: MailMessage[] = [
  ...purchaseMails(order, puppy, buyer, seller, SITE),
  ...(['released', 'refunded', 'pending'] as const).flatMap((outcome) =>
    cancellationMails(order, puppy, buyer, seller, outcome, SITE),
  ),
  ...STEPS.flatMap((step) => payoutMails(step, { order, payout, puppy, buyer, seller }, SITE)),
  listingLiveMail(seller, puppy, SITE),
  donationThanksMail({ id: 1, ...buildDonation({ donorName: `Alex ${HOSTILE}` }, NOW) }),
];

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('HTML mail', () => {
  it('renders every mail the domain builds in the one layout, links absolute, people’s words escaped', async () => {
    expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(['order', 'payout', 'listing', 'donation']));
    for (const mail of mails) {
      const html = expectMailHtml(await renderMailHtml(mail, SITE), SITE);
      expect(mail.text.length, mail.subject).toBeGreaterThan(0);
      // every mail here names someone or something a person typed; the HTML shows it, escaped
      expect(html, mail.subject).toContain(HOSTILE_ESCAPED);
      expect(html, mail.subject).not.toContain(HOSTILE);
      expect(html).toContain(MAIL_FOOTERS[mail.kind].reason);
    }
  });

  it('invites a buyer to review in the same layout, with a way to stop being asked', async () => {
    const mail = reviewInviteMail(order, puppy, buyer, SITE);
    expect(mail.kind).toBe('review-invite');
    const html = expectMailHtml(await renderMailHtml(mail, SITE), SITE);
    expect(html).toContain(HOSTILE_ESCAPED);
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain(`href="${SITE}/my-orders"`);
    expect(html).toContain(MAIL_FOOTERS['review-invite'].reason);
    expect(html).toContain('Ask us to stop these');
    expect(mail.text).toContain(`${SITE}/my-orders`);
  });

  it('keeps the text part exactly as it was written', () => {
    const [toBuyer] = purchaseMails(order, { ...puppy, name: 'Daisy' }, { ...buyer, username: 'sam' }, seller, SITE);
    expect(toBuyer!.text).toBe(
      'Hi sam,\n\nThank you for your purchase! Daisy is now reserved for you.\n\n' +
        'Order reference: PN-20260601-ABCD1234\nPuppy: Daisy\nPurchase price: $1,500.00\nCare package: $49.99\nTotal: $1,549.99\n\n' +
        'Next steps: our team will contact you within 24 hours to arrange pickup or delivery. Your orders: https://puppynest.example/my-orders\n\n' +
        'Questions? https://puppynest.example/contact\n',
    );
  });

  it("names the seller's breeder page in the buyer's mail, the kennel name escaped (decision 0118)", async () => {
    const breeder = { slug: 'willow-creek', kennelName: `Willow ${HOSTILE}` };
    const [toBuyer, toSeller] = purchaseMails(order, puppy, buyer, seller, SITE, breeder);
    expect(toBuyer!.text).toContain(`About the breeder, Willow ${HOSTILE}: ${SITE}/breeders/willow-creek\n`);
    expect(toSeller!.text).not.toContain('/breeders/');
    const html = await renderMailHtml(toBuyer!, SITE);
    expect(html).toContain(`href="${SITE}/breeders/willow-creek"`);
    expect(html).toContain(HOSTILE_ESCAPED);
    expect(html).not.toContain(HOSTILE);
  });

  it('shows the order lines as a table and the order links as absolute buttons', async () => {
    const html = await renderMailHtml(purchaseMails(order, puppy, buyer, seller, SITE)[0]!, SITE);
    expect(html).toMatch(/<td[^>]*>Order reference<\/td><td[^>]*>PN-20260601-ABCD1234<\/td>/);
    expect(html).toMatch(/<td[^>]*>Total<\/td><td[^>]*>\$1,549\.99<\/td>/);
    expect(html).toContain(`href="${SITE}/my-orders"`);
    expect(html).toContain(`href="${SITE}/contact"`);
    expect(html).toContain(`href="${SITE}/privacy"`);
    expect(html).toContain(`src="${SITE}/apple-touch-icon.png"`);
  });

  it('offers a way out only on the notifications a person may do without', async () => {
    const notification: MailMessage = {
      to: 'a@example.com',
      subject: 's',
      text: 't',
      kind: 'message',
      blocks: [{ type: 'paragraph', text: 'p' }],
    };
    expect(await renderMailHtml(notification, SITE)).toContain('Ask us to stop them');
    expect(
      Object.entries(MAIL_FOOTERS)
        .filter(([, footer]) => footer.optOut)
        .map(([kind]) => kind),
    ).toEqual(['message', 'review-invite', 'alert']);
    for (const mail of mails) expect(await renderMailHtml(mail, SITE)).not.toContain('Ask us to stop them');
  });

  it('links an alert mail’s own unsubscribe page in its footer (decision 0131)', async () => {
    const alert: MailMessage = {
      to: 'a@example.com',
      subject: 's',
      text: 't',
      kind: 'alert',
      unsubscribe: '/alerts?unsubscribe=7.signature',
      blocks: [{ type: 'paragraph', text: 'p' }],
    };
    const html = await renderMailHtml(alert, SITE);
    expect(html).toContain('Unsubscribe from this alert');
    expect(html).toContain(`${SITE}/alerts?unsubscribe=7.signature`);
  });

  it("uses the site's brand colours, as literal hex", () => {
    const tokens = readFileSync(path.join(import.meta.dirname, '../../../site/styles/tokens.css'), 'utf8');
    for (const [name, token] of Object.entries(MAIL_COLOUR_TOKENS)) {
      const value = new RegExp(`${token}:\\s*(#[0-9a-f]+);`, 'i').exec(tokens)?.[1];
      expect(value, token).toBe(MAIL_COLOURS[name as keyof typeof MAIL_COLOURS]);
    }
  });

  it('the file outbox keeps both parts and gives a mail back by its id, and no file by any other name', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-outbox-'));
    dirs.push(dir);
    const outbox = createFileOutbox(dir, { smsAvailable: true, now: () => NOW, siteUrl: SITE });
    await outbox.mailer.send(mails[0]!);
    await outbox.sms.send({ to: '5550102000', text: 'code 123456' });
    expect(await readdir(dir)).toHaveLength(2);
    const listed = await outbox.list();
    const mail = listed.find((e) => e.channel === 'email')!;
    expect(mail).toMatchObject({ text: mails[0]!.text, subject: mails[0]!.subject });
    expectMailHtml(mail.html, SITE);
    expect(listed.find((e) => e.channel === 'sms')!.html).toBeNull();
    expect(await outbox.get(mail.id)).toEqual(mail);
    for (const id of ['../outbox', 'nope', '', `${mail.id}.json`]) expect(await outbox.get(id)).toBeUndefined();
  });

  it('SMTP sends the text part and the HTML part together', async () => {
    const { createSmtpMailer } = await import('../../../commerce-api/src/mail/smtp-mailer.ts');
    await createSmtpMailer('smtp://localhost:2525', 'PuppyNest <hello@puppynest.example>', SITE).send(mails[0]!);
    expect(sendMail).toHaveBeenCalledTimes(1);
    const sent = sendMail.mock.calls[0]![0];
    expect(sent).toMatchObject({ to: mails[0]!.to, subject: mails[0]!.subject, text: mails[0]!.text });
    expectMailHtml(sent.html as string, SITE);
  });
});
