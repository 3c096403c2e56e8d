// The scam guard in conversations (docs/decisions/0091, 0117): a flagged message is delivered with
// the advice of each kind it asks for (a payment outside PuppyNest, a move off PuppyNest) beside it,
// for its recipient only; a mention that is not a request gets none; three flagged messages from one
// sender within 24 hours put the account in the moderation queue, where an admin acts as on any report.
// Setup and checks go through t.store (both stores).
import { describe, expect, it } from 'vitest';
import { SCAM_ADVICE } from '../../commerce-api/src/contracts/conversations.ts';
import { signedInAgent } from '../support/api-login.ts';
import { buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const old = new Date(NOW.getTime() - 30 * DAY).toISOString();

async function world() {
  const t = await createTestApp({ now: NOW });
  const admin = await signedInAgent(t, { username: 'moderator', role: 'admin', createdAt: old });
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
        name: 'Daisy',
        breedId: 1,
        userId: seller.user.id,
        expiresAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
      },
      createRng(1),
      { now: NOW },
    ),
  );
  const id = (
    await buyer.agent
      .post('/api/contacts')
      .send({
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
        phone: '555-010-2000',
        message: 'Is Daisy still available?',
        puppyId: puppy.id,
      })
      .expect(201)
  ).body.conversationId as number;
  /** the seller writes; the family's view of that message */
  const sellerSays = async (body: string) => {
    const sent = await seller.agent.post(`/api/conversations/${id}/messages`).send({ body }).expect(201);
    expect(sent.body.message).toMatchObject({ body, warnings: [] });
    const thread = await buyer.agent.get(`/api/conversations/${id}`).expect(200);
    return thread.body.messages.find((m: { id: number }) => m.id === sent.body.message.id) as {
      body: string;
      warnings: string[];
    };
  };
  const queue = async () =>
    (await admin.agent.get('/api/admin/moderation').expect(200)).body.reports as Array<Record<string, unknown>>;
  return { t, admin, seller, buyer, puppy, id, sellerSays, queue };
}

describe('the scam guard in conversations', () => {
  it('delivers a flagged message with the advice of each kind it asks for, to its recipient only', async () => {
    const w = await world();
    expect((await w.sellerSays('Z E L L E the deposit to hold her')).warnings).toEqual(['payment']);
    expect((await w.sellerSays('Text me at (512) 867-5309, I answer faster')).warnings).toEqual(['off_platform']);
    expect((await w.sellerSays('WhatsApp me and pay with Apple Pay, we skip the site fees')).warnings).toEqual([
      'payment',
      'off_platform',
    ]);
    expect((await w.sellerSays('She is crate trained and has her first shots.')).warnings).toEqual([]);
    // the seller reads their own words without advice
    const own = await w.seller.agent.get(`/api/conversations/${w.id}`).expect(200);
    expect(own.body.messages.map((m: { warnings: string[] }) => m.warnings)).toEqual([[], [], [], [], []]);
    // the family's own inquiry, read by the seller, carries none either
    expect(own.body.messages[0]).toMatchObject({ mine: false, warnings: [] });
    // the advice names the kind in plain words
    expect(SCAM_ADVICE.payment).toMatch(/^This message asks for a payment outside PuppyNest\./);
    expect(SCAM_ADVICE.off_platform).toMatch(/^This message asks to continue outside PuppyNest/);
  });

  it('a mention that is not a request is not flagged', async () => {
    const w = await world();
    expect((await w.sellerSays('No crypto here, pay through the site.')).warnings).toEqual([]);
    expect((await w.sellerSays('We never take Zelle or gift cards. PuppyNest checkout only.')).warnings).toEqual([]);
    expect((await w.sellerSays("Please don't text me, let's keep everything on PuppyNest.")).warnings).toEqual([]);
  });

  it('a link to PuppyNest itself is not a move off PuppyNest; another website is', async () => {
    const w = await world();
    expect((await w.sellerSays(`Visit http://localhost:4321/puppies/${w.puppy.id} to order her`)).warnings).toEqual([]);
    // ordering on another website is paying there too
    expect((await w.sellerSays('Visit daisy-puppies.com to order her')).warnings).toEqual(['payment', 'off_platform']);
    expect((await w.sellerSays('More photos on daisy-puppies.com')).warnings).toEqual(['off_platform']);
  });

  it('three flagged messages from one sender within 24 hours put the account in the moderation queue, once', async () => {
    const w = await world();
    await w.sellerSays('Venmo works for me');
    await w.sellerSays('She is ready on Saturday, come and see her.');
    w.t.tick(HOUR);
    await w.sellerSays('Or Cash App');
    expect(await w.queue()).toEqual([]);
    w.t.tick(HOUR);
    const third = await w.sellerSays('My cell is 512-867-5309');
    // still delivered, with its advice
    expect(third.warnings).toEqual(['off_platform']);
    const reports = await w.queue();
    expect(reports).toEqual([
      expect.objectContaining({
        reason: 'scam',
        reporter: null,
        comment: 'The scam guard flagged 3 messages from this account within 24 hours.',
        message: expect.objectContaining({
          body: 'My cell is 512-867-5309',
          conversationId: w.id,
          sender: expect.objectContaining({ username: 'breeder', suspended: false }),
        }),
      }),
    ]);
    // the next flags count from that report: two more file nothing, a third files the next one
    await w.sellerSays('Zelle is fine too');
    await w.sellerSays('Or a money order');
    expect(await w.queue()).toHaveLength(1);
    await w.sellerSays('Gift cards work as well');
    expect((await w.queue()).map((r) => (r['message'] as { body: string }).body)).toEqual([
      'My cell is 512-867-5309',
      'Gift cards work as well',
    ]);
  });

  it('flags older than 24 hours do not count, and a family is counted on its own', async () => {
    const w = await world();
    // two flagged messages sent 25 hours ago (written through the store: a session would not last the wait)
    const dayAgo = new Date(NOW.getTime() - DAY - HOUR);
    for (const [body, flags] of [
      ['Venmo works for me', ['venmo']],
      ['Or Cash App', ['cash_app']],
    ] as const) {
      await w.t.store.conversations.addMessage(w.id, { senderId: w.seller.user.id, body, flags: [...flags] }, dayAgo);
    }
    await w.sellerSays('Zelle is fine too');
    expect(await w.queue()).toEqual([]);
    // the family's flagged messages are theirs, not the seller's
    for (const body of ['Can I pay by Zelle?', 'Or Venmo?'])
      await w.buyer.agent.post(`/api/conversations/${w.id}/messages`).send({ body }).expect(201);
    expect(await w.queue()).toEqual([]);
    await w.sellerSays('Or a money order');
    expect(await w.queue()).toEqual([]);
    await w.sellerSays('Or Western Union');
    expect(await w.queue()).toHaveLength(1);
  });

  it('an admin suspends the sender from the scam guard’s report, as from any report', async () => {
    const w = await world();
    for (const body of ['Venmo works', 'Or Cash App', 'Or Zelle']) await w.sellerSays(body);
    const [report] = await w.queue();
    const decided = await w.admin.agent
      .post(`/api/admin/reports/${String(report!['id'])}/decision`)
      .send({ decision: 'suspend_user' })
      .expect(200);
    expect(decided.body.message).toBe('breeder is suspended.');
    expect((await w.t.store.users.get(w.seller.user.id))?.suspendedAt).toBe(NOW.toISOString());
    expect(await w.queue()).toEqual([]);
  });
});
