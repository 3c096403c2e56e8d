// HTML mail through the app (decision 0111): the mails sent along the way (a verification code, a
// message notification, an inquiry, the contact form) carry both parts, links absolute and people's
// words escaped, and GET /api/dev/outbox/{id}.html shows a mail's HTML. The mails the domain builds
// from orders and payouts are checked one by one in tests/unit/mail/html-mail.test.ts.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signedInAgent } from '../support/api-login.ts';
import { buildPuppy, createRng } from '../support/factories.ts';
import { expectMailHtml, HOSTILE, HOSTILE_ESCAPED } from '../support/mail-html.ts';
import { createTestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const old = new Date(NOW.getTime() - 30 * DAY).toISOString();
const inquiry = { name: `Jamie ${HOSTILE}`, email: 'jamie@example.com', phone: '555-010-2000', message: HOSTILE };

async function world() {
  const t = await createTestApp({ now: NOW });
  const seller = await signedInAgent(t, {
    username: 'breeder',
    email: 'breeder@example.com',
    accountType: 'seller',
    createdAt: old,
  });
  const buyer = await signedInAgent(t, { username: 'family', email: 'family@example.com', createdAt: old });
  const puppy = await t.store.puppies.insert(
    buildPuppy(
      {
        name: `Daisy ${HOSTILE}`,
        breedId: 1,
        userId: seller.user.id,
        expiresAt: new Date(NOW.getTime() + DAY).toISOString(),
      },
      createRng(1),
      { now: NOW },
    ),
  );
  return { t, seller, buyer, puppy, site: t.deps.config.publicSiteUrl };
}

describe('HTML mail', () => {
  it('a verification code, a message notification, an inquiry and a contact message each carry both parts', async () => {
    const { t, seller, buyer, puppy, site } = await world();
    await seller.agent
      .post('/api/send-verification-code')
      .send({ email: 'breeder@example.com', method: 'email' })
      .expect(200);
    const started = await buyer.agent
      .post('/api/contacts')
      .send({ ...inquiry, name: 'Family', email: 'family@example.com', puppyId: puppy.id })
      .expect(201);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...inquiry, puppyId: puppy.id })
      .expect(201);
    await request(t.app).post('/api/contacts').send(inquiry).expect(201);

    const mails = t.outbox.entries.filter((e) => e.channel === 'email');
    const bySubject = (start: string) => {
      const found = mails.find((e) => e.subject.startsWith(start));
      expect(found, start).toBeDefined();
      return found!;
    };
    const code = bySubject('Your PuppyNest verification code');
    const notification = bySubject('New message about');
    const asked = bySubject('New inquiry about');
    const contact = bySubject('Contact form:');
    expect(mails).toHaveLength(4);

    for (const mail of mails) expect(mail.text.length, mail.subject).toBeGreaterThan(0);
    const codeHtml = expectMailHtml(code.html, site);
    expect(codeHtml).toContain(/\b(\d{6})\b/.exec(code.text)![1]!);

    const notificationHtml = expectMailHtml(notification.html, site);
    expect(notificationHtml).toContain(HOSTILE_ESCAPED);
    expect(notificationHtml).toContain(`href="${site}/messages/${started.body.conversationId}"`);
    // the one kind a person may stop: its footer says how
    expect(notificationHtml).toContain(`href="${site}/contact"`);
    expect(notificationHtml).toContain('Ask us to stop them');

    for (const mail of [asked, contact]) {
      const html = expectMailHtml(mail.html, site);
      expect(html).toContain(`Jamie ${HOSTILE_ESCAPED}`);
      expect(html).not.toContain(HOSTILE);
      expect(html).not.toContain('Ask us to stop them');
    }
    expect(codeHtml).not.toContain('Ask us to stop them');
  });

  it('GET /api/dev/outbox/{id}.html shows a mail as HTML where no script may run', async () => {
    const t = await createTestApp({ now: NOW });
    const site = t.deps.config.publicSiteUrl;
    await request(t.app).post('/api/contacts').send(inquiry).expect(201);
    await t.outbox.sms.send({ to: '5550102000', text: 'PuppyNest verification code: 123456' });
    const [sms, mail] = t.outbox.entries;

    const shown = await request(t.app).get(`/api/dev/outbox/${mail!.id}.html`).expect(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.text).toBe(mail!.html);
    expectMailHtml(shown.text, site);

    const listed = await request(t.app).get('/api/dev/outbox').expect(200);
    expect(listed.body[1]).toMatchObject({ id: mail!.id, text: mail!.text, html: mail!.html });

    await request(t.app).get(`/api/dev/outbox/${sms!.id}.html`).expect(404);
    await request(t.app).get('/api/dev/outbox/nothing.html').expect(404);
  });
});
