// The puppy page's inquiry as a plain form and its Contact Seller link (docs/decisions/0124): a logged-in
// family's form post starts or continues the conversation and answers 303 to it; a visitor is sent to log
// in and back; a refused post goes back to the puppy's form with a code and stores nothing; the JSON
// path's limits and scam guard hold. Setup and checks go through t.store (both stores).
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { signedInAgent } from '../support/api-login.ts';
import { buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const old = new Date(NOW.getTime() - 30 * DAY).toISOString();
const inquiry = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: '555-010-2000',
  message: 'Is Daisy still available?',
};

async function world(env: Record<string, string> = {}, status: 'available' | 'reserved' = 'available') {
  const t = await createTestApp({ now: NOW, env });
  const seller = await signedInAgent(t, { username: 'breeder', email: 'breeder@example.com', accountType: 'seller' });
  const buyer = await signedInAgent(t, { username: 'family', email: 'family@example.com', createdAt: old });
  const puppy = await t.store.puppies.insert(
    buildPuppy(
      {
        name: 'Daisy',
        breedId: 1,
        userId: seller.user.id,
        status,
        expiresAt: new Date(NOW.getTime() + DAY).toISOString(),
      },
      createRng(1),
      { now: NOW },
    ),
  );
  const form = (fields: Record<string, string>, agent = buyer.agent) =>
    agent
      .post('/api/contacts')
      .type('form')
      .send({ ...inquiry, puppyId: String(puppy.id), ...fields });
  return { t, seller, buyer, puppy, form };
}

/** how many contact messages are stored (ids are handed out from 1, none is ever removed) */
async function storedCount(t: TestApp): Promise<number> {
  let n = 0;
  while (await t.store.contacts.get(n + 1)) n++;
  return n;
}

describe('the inquiry form of a puppy page', () => {
  it('a logged-in family is sent 303 to the conversation, which holds the message; a second post continues it', async () => {
    const w = await world();
    const posted = await w.form({});
    expect(posted.status).toBe(303);
    const conversation = await w.t.store.conversations.findByPuppyAndBuyer(w.puppy.id, w.buyer.user.id);
    expect(conversation).toBeDefined();
    expect(posted.headers.location).toBe(`/messages/${conversation!.id}`);
    const again = await w.form({ message: 'Does she like cats?' });
    expect(again.headers.location).toBe(`/messages/${conversation!.id}`);
    const thread = await w.seller.agent.get(`/api/conversations/${conversation!.id}`).expect(200);
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Is Daisy still available?',
      'Does she like cats?',
    ]);
    expect(await storedCount(w.t)).toBe(2);
  });

  it('a visitor is sent to log in, with the puppy page as the way back, and nothing is stored', async () => {
    const w = await world();
    const posted = await w.form({}, request.agent(w.t.app));
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`/auth?next=${encodeURIComponent(`/puppies/${w.puppy.id}`)}`);
    expect(await storedCount(w.t)).toBe(0);
  });

  it('a refused post goes back to the form with a code in the address and changes nothing', async () => {
    const w = await world();
    const back = (code: string) => `/puppies/${w.puppy.id}?error=${code}#inquire`;
    expect((await w.form({ message: '' })).headers.location).toBe(back('inquiry_fields'));
    expect((await w.form({ message: '   ' })).headers.location).toBe(back('inquiry_fields'));
    expect((await w.form({ phone: '' })).headers.location).toBe(back('inquiry_fields'));
    expect((await w.form({ message: 'x'.repeat(5001) })).headers.location).toBe(back('inquiry_too_long'));
    expect((await w.form({ name: 'n'.repeat(101) })).headers.location).toBe(back('inquiry_too_long'));
    expect((await w.form({ email: 'not-an-email' })).headers.location).toBe(back('inquiry_email'));
    expect((await w.form({ message: 'nul \u0000 byte' })).headers.location).toBe(back('refused'));
    expect((await w.form({ puppyId: '999999' })).headers.location).toBe('/puppies/999999?error=not_found#inquire');
    expect((await w.form({ puppyId: 'x' })).headers.location).toBe('/puppies?error=refused#inquire');
    expect(await storedCount(w.t)).toBe(0);
    expect(await w.t.store.conversations.findByPuppyAndBuyer(w.puppy.id, w.buyer.user.id)).toBeUndefined();
  });

  it('never answers 5xx, whatever the body', async () => {
    const w = await world();
    const post = () => w.buyer.agent.post('/api/contacts');
    const answers = await Promise.all([
      post().type('form').send(''),
      post().type('form').send('puppyId[]=1&puppyId[]=2&name[x]=y'),
      post()
        .type('form')
        .send(`message=${'x'.repeat(200_000)}`),
      post().set('Content-Type', 'application/x-www-form-urlencoded; charset=latin-9').send('message=x'),
      post()
        .type('form')
        .send(Array.from({ length: 40 }, (_, i) => `f${i}=1`).join('&')),
      request(w.t.app).post('/api/contacts').type('form').send(''),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    expect(await storedCount(w.t)).toBe(0);
  });

  it('a reserved puppy can still be asked about (decision 0124)', async () => {
    const w = await world({}, 'reserved');
    const posted = await w.form({ message: 'Will she have siblings?' });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toMatch(/^\/messages\/\d+$/);
  });

  it('the scam guard reads a form-posted inquiry as it reads the JSON one', async () => {
    const w = await world();
    const posted = await w.form({ message: 'Can I send a $300 Zelle deposit to hold her?' });
    const id = Number(/\/messages\/(\d+)$/.exec(String(posted.headers.location))?.[1]);
    const forSeller = await w.seller.agent.get(`/api/conversations/${id}`).expect(200);
    expect(forSeller.body.messages.at(-1)).toMatchObject({ warnings: ['payment'], mine: false });
  });

  it('counts against the same message limit as the JSON inquiry (MESSAGES_PER_ACCOUNT); a refused post is not counted', async () => {
    const w = await world({ MESSAGES_PER_ACCOUNT: '2', CONTACT_MESSAGES_PER_CLIENT: '3' });
    for (let i = 0; i < 3; i++) expect((await w.form({ message: '' })).headers.location).toContain('error=');
    await w.buyer.agent
      .post('/api/contacts')
      .send({ ...inquiry, puppyId: w.puppy.id })
      .expect(201);
    expect((await w.form({})).status).toBe(303);
    expect((await w.form({})).status).toBe(429);
  });
});

describe('GET /api/puppies/{id}/contact (the Contact Seller link)', () => {
  it('sends a visitor to log in, a family to its conversation or the form, the owner to the page', async () => {
    const w = await world();
    const contact = (agent = w.buyer.agent) => agent.get(`/api/puppies/${w.puppy.id}/contact`);
    const visitor = await contact(request.agent(w.t.app));
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toBe(`/auth?next=${encodeURIComponent(`/puppies/${w.puppy.id}`)}`);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    expect((await contact()).headers.location).toBe(`/puppies/${w.puppy.id}#inquire`);
    const posted = await w.form({});
    expect((await contact()).headers.location).toBe(posted.headers.location);
    expect((await contact(w.seller.agent)).headers.location).toBe(`/puppies/${w.puppy.id}`);
    expect((await w.buyer.agent.get('/api/puppies/999999/contact')).headers.location).toBe('/puppies');
    expect((await w.buyer.agent.get('/api/puppies/abc/contact')).headers.location).toBe('/puppies');
  });
});
