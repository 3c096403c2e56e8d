// Conversations (docs/decisions/0090): an inquiry by a logged-in family becomes a
// conversation with the seller; only the two parties read it; the unread count; the mail throttle;
// the scam guard's flag (more in conversations-scam-guard.test.ts); the message limits. Setup and checks go through t.store (both stores).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signedInAgent } from '../support/api-login.ts';
import { buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const inquiry = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: '555-010-2000',
  message: 'Is Daisy still available?',
};
const old = new Date(NOW.getTime() - 30 * DAY).toISOString();

async function world(env: Record<string, string> = {}) {
  const t = await createTestApp({ now: NOW, env });
  const seller = await signedInAgent(t, {
    username: 'breeder',
    email: 'breeder@example.com',
    accountType: 'seller',
    createdAt: old,
  });
  const buyer = await signedInAgent(t, { username: 'family', email: 'family@example.com', createdAt: old });
  const puppy = await t.store.puppies.insert(
    buildPuppy(
      { name: 'Daisy', breedId: 1, userId: seller.user.id, expiresAt: new Date(NOW.getTime() + DAY).toISOString() },
      createRng(1),
      { now: NOW },
    ),
  );
  return { t, seller, buyer, puppy };
}

async function inquire(w: Awaited<ReturnType<typeof world>>, message = inquiry.message) {
  const response = await w.buyer.agent.post('/api/contacts').send({ ...inquiry, message, puppyId: w.puppy.id });
  expect(response.status).toBe(201);
  return response.body.conversationId as number;
}

const mailsTo = (t: TestApp, to: string) => t.outbox.entries.filter((e) => e.to === to);

describe('conversations', () => {
  it('an inquiry by a logged-in family starts one conversation; a second one continues it', async () => {
    const w = await world();
    const id = await inquire(w);
    expect(await inquire(w, 'Does she like cats?')).toBe(id);
    const thread = await w.seller.agent.get(`/api/conversations/${id}`).expect(200);
    expect(thread.body).toMatchObject({
      id,
      puppy: { id: w.puppy.id, name: 'Daisy' },
      with: { username: 'family' },
      role: 'seller',
    });
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Is Daisy still available?',
      'Does she like cats?',
    ]);
    // the seller's mail links the thread and carries neither the text nor the family's address or phone
    const [mail] = mailsTo(w.t, 'breeder@example.com');
    expect(mail).toMatchObject({ subject: 'New message about Daisy on PuppyNest' });
    expect(mail!.text).toContain(`/messages/${id}`);
    expect(mail!.text).not.toMatch(/555-010-2000|jamie@example\.com|family@example\.com|Is Daisy/);
    // the thread shows the seller the phone the family gave, and no address (decision 0137)
    expect(JSON.stringify(thread.body)).not.toMatch(/@example\.com/);
    expect(thread.body.familyPhone).toBe('555-010-2000');
  });

  it("the family's phone from its latest inquiry is the seller's to see, never the family's view's", async () => {
    const w = await world();
    const id = await inquire(w);
    const { status } = await w.buyer.agent
      .post('/api/contacts')
      .send({ ...inquiry, phone: '(555) 010-3000', message: 'Call me after six.', puppyId: w.puppy.id });
    expect(status).toBe(201);
    expect((await w.seller.agent.get(`/api/conversations/${id}`).expect(200)).body.familyPhone).toBe('(555) 010-3000');
    expect((await w.buyer.agent.get(`/api/conversations/${id}`).expect(200)).body.familyPhone).toBeNull();
    // a reply from the family carries no phone: the one given stays
    await w.buyer.agent.post(`/api/conversations/${id}/messages`).send({ body: 'See you soon.' }).expect(201);
    expect((await w.seller.agent.get(`/api/conversations/${id}`).expect(200)).body.familyPhone).toBe('(555) 010-3000');
  });

  it('a visitor’s inquiry is stored and mailed to the seller, inviting them back to PuppyNest', async () => {
    const w = await world();
    const response = await request(w.t.app)
      .post('/api/contacts')
      .send({ ...inquiry, puppyId: w.puppy.id })
      .expect(201);
    expect(response.body.conversationId).toBeUndefined();
    expect(await w.t.store.contacts.get(response.body.id)).toMatchObject({ userId: null, puppyId: w.puppy.id });
    const [mail] = mailsTo(w.t, 'breeder@example.com');
    expect(mail).toMatchObject({ subject: 'New inquiry about Daisy on PuppyNest', replyTo: 'jamie@example.com' });
    expect(mail!.text).toContain('continue on PuppyNest');
  });

  it('lists conversations with the unread mark; the header count follows reading and replying', async () => {
    const w = await world();
    const id = await inquire(w);
    expect((await w.seller.agent.get('/api/user')).body.unreadConversations).toBe(1);
    const list = await w.seller.agent.get('/api/conversations').expect(200);
    expect(list.body).toMatchObject({
      unread: 1,
      conversations: [
        {
          id,
          unread: true,
          with: { username: 'family' },
          lastMessage: { body: 'Is Daisy still available?', mine: false },
        },
      ],
    });
    w.t.tick(60_000);
    await w.seller.agent.get(`/api/conversations/${id}`).expect(200);
    expect((await w.seller.agent.get('/api/conversations/unread')).body).toEqual({ unread: 0 });
    w.t.tick(60_000);
    await w.seller.agent
      .post(`/api/conversations/${id}/messages`)
      .send({ body: 'Yes! Come and meet her.' })
      .expect(201);
    expect((await w.buyer.agent.get('/api/user')).body.unreadConversations).toBe(1);
    expect(mailsTo(w.t, 'family@example.com')).toHaveLength(1);
  });

  it('only the two parties can read or write a conversation', async () => {
    const w = await world();
    const id = await inquire(w);
    const stranger = await signedInAgent(w.t, { createdAt: old });
    expect((await stranger.agent.get(`/api/conversations/${id}`)).status).toBe(404);
    expect((await stranger.agent.post(`/api/conversations/${id}/messages`).send({ body: 'hi' })).status).toBe(404);
    expect((await request(w.t.app).get(`/api/conversations/${id}`)).status).toBe(401);
    expect((await w.buyer.agent.get('/api/conversations/abc')).status).toBe(404);
    expect((await w.buyer.agent.get('/api/conversations/99999999999')).status).toBe(404);
  });

  it('mails the recipient at most once per conversation per 15 minutes while unread', async () => {
    const w = await world();
    const id = await inquire(w);
    for (let i = 0; i < 3; i++)
      await w.buyer.agent
        .post(`/api/conversations/${id}/messages`)
        .send({ body: `More ${i}` })
        .expect(201);
    expect(mailsTo(w.t, 'breeder@example.com')).toHaveLength(1);
    w.t.tick(15 * 60_000);
    await w.buyer.agent.post(`/api/conversations/${id}/messages`).send({ body: 'Still there?' }).expect(201);
    expect(mailsTo(w.t, 'breeder@example.com')).toHaveLength(2);
    // read, then a new message: mailed again at once
    w.t.tick(60_000);
    await w.seller.agent.get(`/api/conversations/${id}`).expect(200);
    w.t.tick(60_000);
    await w.buyer.agent.post(`/api/conversations/${id}/messages`).send({ body: 'One more thing' }).expect(201);
    expect(mailsTo(w.t, 'breeder@example.com')).toHaveLength(3);
  });

  it('flags a request to pay off the platform to its recipient, not to its sender', async () => {
    const w = await world();
    const id = await inquire(w);
    await w.seller.agent
      .post(`/api/conversations/${id}/messages`)
      .send({ body: 'Send a $300 Zelle deposit to hold her' })
      .expect(201);
    const forBuyer = await w.buyer.agent.get(`/api/conversations/${id}`).expect(200);
    expect(forBuyer.body.messages.at(-1)).toMatchObject({ warnings: ['payment'], mine: false });
    const forSeller = await w.seller.agent.get(`/api/conversations/${id}`).expect(200);
    expect(forSeller.body.messages.at(-1)).toMatchObject({ warnings: [], mine: true });
  });

  it('takes plain text of 1–2,000 characters and keeps markup as text', async () => {
    const w = await world();
    const id = await inquire(w);
    const send = (body: unknown) => w.buyer.agent.post(`/api/conversations/${id}/messages`).send({ body });
    expect((await send('   ')).body.error.fields.body).toBe('Please write a message');
    expect((await send('x'.repeat(2001))).body.error.fields.body).toBe(
      'Please keep your message under 2,000 characters',
    );
    expect((await send(42)).status).toBe(400);
    expect((await send('x'.repeat(2000))).status).toBe(201);
    const markup = '<script>alert(1)</script> <a href="https://x.example">x</a>';
    expect((await send(markup)).body.message.body).toBe(markup);
  });

  it('never answers 5xx, whatever the body', async () => {
    const w = await world();
    const id = await inquire(w);
    const url = `/api/conversations/${id}/messages`;
    const answers = await Promise.all([
      w.buyer.agent.post(url).set('Content-Type', 'application/json').send('{"body":'),
      w.buyer.agent.post(url).set('Content-Type', 'application/json').send('[1,2]'),
      w.buyer.agent.post(url).set('Content-Type', 'application/json').send('null'),
      w.buyer.agent.post(url).set('Content-Type', 'application/x-www-form-urlencoded; charset=latin-9').send('body=x'),
      w.buyer.agent
        .post(url)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ body: 'x'.repeat(200_000) })),
      w.buyer.agent.post(url).set('Content-Type', 'text/plain').send('hello'),
      w.buyer.agent.post(url).send({ body: '\u0000\ud800 bad surrogate' }),
      w.buyer.agent.post('/api/reports').set('Content-Type', 'application/json').send('{'),
      w.buyer.agent.post('/api/reports').send({ puppyId: 'x'.repeat(5000), reason: [] }),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
  });

  it('a reply posted by a plain form (before the island wakes up) answers 303 to the thread', async () => {
    const w = await world();
    const id = await inquire(w);
    const posted = await w.seller.agent
      .post(`/api/conversations/${id}/messages`)
      .type('form')
      .send({ body: 'Yes, she is.' });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`/messages/${id}`);
    const empty = await w.seller.agent.post(`/api/conversations/${id}/messages`).type('form').send({ body: '' });
    expect(empty.headers.location).toBe(`/messages/${id}?error=message_empty`);
    expect((await w.seller.agent.get(`/api/conversations/${id}`)).body.messages.at(-1).body).toBe('Yes, she is.');
    // under Referrer-Policy no-referrer the browser sends Origin "null"; Sec-Fetch-Site tells our page from another site
    const own = await w.seller.agent
      .post(`/api/conversations/${id}/messages`)
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ body: 'Own page' });
    expect(own.status).toBe(303);
    const other = await w.seller.agent
      .post(`/api/conversations/${id}/messages`)
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ body: 'Elsewhere' });
    expect(other.status).toBe(403);
    // a report form comes back to the page it names
    const reported = await w.buyer.agent
      .post('/api/reports')
      .type('form')
      .send({ puppyId: String(w.puppy.id), reason: 'other', returnTo: `/puppies/${w.puppy.id}` });
    expect(reported.headers.location).toBe(`/puppies/${w.puppy.id}?reported=1`);
    const offsite = await w.buyer.agent
      .post('/api/reports')
      .type('form')
      .send({ puppyId: String(w.puppy.id), reason: 'other', returnTo: '//evil.example/x' });
    expect(offsite.headers.location).toBe('/messages?reported=1');
  });

  it('a refused form post goes back with a known code in the address, never with words (decision 0108)', async () => {
    const w = await world();
    const id = await inquire(w);
    const reply = (body: string) =>
      w.seller.agent.post(`/api/conversations/${id}/messages`).type('form').send({ body });
    expect((await reply('x'.repeat(2001))).headers.location).toBe(`/messages/${id}?error=message_too_long`);
    expect(
      (await w.seller.agent.post('/api/conversations/999999/messages').type('form').send({ body: 'Hi' })).headers
        .location,
    ).toBe('/messages/999999?error=not_found');
    const report = (fields: Record<string, string>) =>
      w.buyer.agent
        .post('/api/reports')
        .type('form')
        .send({ returnTo: `/messages/${id}`, ...fields });
    expect((await report({ puppyId: String(w.puppy.id), reason: 'because' })).headers.location).toBe(
      `/messages/${id}?error=report_reason`,
    );
    expect(
      (await report({ puppyId: String(w.puppy.id), reason: 'other', comment: 'y'.repeat(1001) })).headers.location,
    ).toBe(`/messages/${id}?error=comment_too_long`);
    expect((await report({ reason: 'other' })).headers.location).toBe(`/messages/${id}?error=report_target`);
    // a refusal the table has no words for still carries only a code
    expect((await reply('nul \u0000 inside')).headers.location).toBe(`/messages/${id}?error=refused`);
  });

  it('limits messages per account, more tightly for a new account (MESSAGES_PER_ACCOUNT, NEW_ACCOUNT_MESSAGES)', async () => {
    const w = await world({ MESSAGES_PER_ACCOUNT: '5', NEW_ACCOUNT_MESSAGES: '2' });
    const id = await inquire(w); // 1 of the family's 5
    for (let i = 0; i < 4; i++)
      await w.buyer.agent
        .post(`/api/conversations/${id}/messages`)
        .send({ body: `m${i}` })
        .expect(201);
    const refused = await w.buyer.agent.post(`/api/conversations/${id}/messages`).send({ body: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'You have sent a lot of messages in a short time. Please wait an hour and try again.',
    );
    // a fresh account gets two
    const fresh = await signedInAgent(w.t, { createdAt: NOW.toISOString() });
    const ask = () => fresh.agent.post('/api/contacts').send({ ...inquiry, puppyId: w.puppy.id });
    expect((await ask()).status).toBe(201);
    expect((await ask()).status).toBe(201);
    expect((await ask()).status).toBe(429);
    // the seller is counted on their own
    await w.seller.agent.post(`/api/conversations/${id}/messages`).send({ body: 'Hello' }).expect(201);
  });

  it('My Listings: each listing’s number of conversations', async () => {
    const w = await world();
    await inquire(w);
    const other = await signedInAgent(w.t, { createdAt: old });
    await other.agent
      .post('/api/contacts')
      .send({ ...inquiry, puppyId: w.puppy.id })
      .expect(201);
    const counts = await w.seller.agent.get('/api/my-listings/conversations').expect(200);
    expect(counts.body).toEqual({ conversations: { [w.puppy.id]: 2 }, hidden: {} });
  });
});
