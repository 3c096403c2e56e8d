// Reports and moderation (docs/decisions/0092): who may report what, the admin's queue
// oldest first, dismiss / hide / suspend with a record of each, undo, and the report limit.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signedInAgent } from '../support/api-login.ts';
import { buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const old = new Date(NOW.getTime() - 30 * DAY).toISOString();

async function world(env: Record<string, string> = {}) {
  const t = await createTestApp({ now: NOW, env });
  const admin = await signedInAgent(t, { username: 'moderator', role: 'admin', createdAt: old });
  const seller = await signedInAgent(t, { username: 'breeder', accountType: 'seller', createdAt: old });
  const buyer = await signedInAgent(t, { username: 'family', createdAt: old });
  const puppy = await t.store.puppies.insert(
    buildPuppy(
      { name: 'Daisy', breedId: 1, userId: seller.user.id, expiresAt: new Date(NOW.getTime() + DAY).toISOString() },
      createRng(1),
      { now: NOW },
    ),
  );
  return { t, admin, seller, buyer, puppy };
}

describe('reports', () => {
  it('anyone logged in reports a listing with a reason; a visitor cannot', async () => {
    const w = await world();
    expect((await request(w.t.app).post('/api/reports').send({ puppyId: w.puppy.id, reason: 'scam' })).status).toBe(
      401,
    );
    const filed = await w.buyer.agent
      .post('/api/reports')
      .send({ puppyId: w.puppy.id, reason: 'scam', comment: 'Asked for Zelle' })
      .expect(201);
    expect(filed.body.message).toBe('Thank you. Our team will review your report.');
    expect(await w.t.store.reports.get(filed.body.id)).toMatchObject({
      reporterId: w.buyer.user.id,
      puppyId: w.puppy.id,
      reason: 'scam',
      comment: 'Asked for Zelle',
      status: 'open',
    });
    const bad = await w.buyer.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'boring' });
    expect(bad.body.error.fields.reason).toBe('Please choose a reason');
    expect((await w.buyer.agent.post('/api/reports').send({ reason: 'other' })).status).toBe(400);
    expect((await w.buyer.agent.post('/api/reports').send({ puppyId: 424242, reason: 'other' })).status).toBe(404);
  });

  it('only a party reports a message, and not their own', async () => {
    const w = await world();
    const { message } = await w.t.store.conversations.startOrContinue(
      { puppyId: w.puppy.id, buyerId: w.buyer.user.id, sellerId: w.seller.user.id },
      { senderId: w.seller.user.id, body: 'Pay by gift card', flags: ['gift_card'] },
      NOW,
    );
    const stranger = await signedInAgent(w.t, { createdAt: old });
    expect((await stranger.agent.post('/api/reports').send({ messageId: message.id, reason: 'scam' })).status).toBe(
      404,
    );
    expect((await w.seller.agent.post('/api/reports').send({ messageId: message.id, reason: 'scam' })).status).toBe(
      400,
    );
    await w.buyer.agent.post('/api/reports').send({ messageId: message.id, reason: 'scam' }).expect(201);
  });

  it('limits reports per account (REPORTS_PER_ACCOUNT an hour)', async () => {
    const w = await world({ REPORTS_PER_ACCOUNT: '2' });
    for (let i = 0; i < 2; i++)
      await w.buyer.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'other' }).expect(201);
    const refused = await w.buyer.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'other' });
    expect(refused.status).toBe(429);
    await w.seller.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'other' }).expect(201);
  });
});

describe('moderation', () => {
  it('is for admins only', async () => {
    const w = await world();
    expect((await request(w.t.app).get('/api/admin/moderation')).status).toBe(401);
    expect((await w.buyer.agent.get('/api/admin/moderation')).status).toBe(403);
    expect((await w.buyer.agent.post('/api/admin/reports/1/decision').send({ decision: 'dismiss' })).status).toBe(403);
  });

  it('shows the queue oldest first; dismissing resolves a report once and records it', async () => {
    const w = await world();
    const first = (await w.buyer.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'animal_welfare' }))
      .body.id;
    w.t.tick(60_000);
    const second = (await w.seller.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'other' })).body.id;
    const queue = await w.admin.agent.get('/api/admin/moderation').expect(200);
    expect(queue.body.reports.map((r: { id: number }) => r.id)).toEqual([first, second]);
    expect(queue.body.reports[0]).toMatchObject({
      reason: 'animal_welfare',
      reporter: { username: 'family' },
      listing: { id: w.puppy.id, name: 'Daisy', seller: { username: 'breeder' } },
    });
    await w.admin.agent.post(`/api/admin/reports/${first}/decision`).send({ decision: 'dismiss' }).expect(200);
    expect(
      (await w.admin.agent.post(`/api/admin/reports/${first}/decision`).send({ decision: 'dismiss' })).status,
    ).toBe(409);
    const after = await w.admin.agent.get('/api/admin/moderation').expect(200);
    expect(after.body.reports.map((r: { id: number }) => r.id)).toEqual([second]);
    expect(after.body.actions).toEqual([
      expect.objectContaining({
        admin: 'moderator',
        action: 'dismiss',
        reportId: first,
        createdAt: new Date(NOW.getTime() + 60_000).toISOString(),
      }),
    ]);
  });

  it('hiding a listing makes it 404 publicly and out of the catalogue; the seller sees why; undo shows it again', async () => {
    const w = await world();
    const report = (await w.buyer.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'scam' })).body.id;
    expect((await request(w.t.app).get('/api/puppies?limit=10')).body.items).toHaveLength(1);
    await w.admin.agent.post(`/api/admin/reports/${report}/decision`).send({ decision: 'hide_listing' }).expect(200);
    expect((await request(w.t.app).get(`/api/puppies/${w.puppy.id}`)).status).toBe(404);
    expect((await request(w.t.app).get('/api/puppies?limit=10')).body.items).toHaveLength(0);
    expect(
      (
        await w.buyer.agent
          .post('/api/contacts')
          .send({ name: 'a', email: 'a@example.com', phone: '1', message: 'hi', puppyId: w.puppy.id })
      ).status,
    ).toBe(404);
    const mine = await w.seller.agent.get('/api/my-listings/conversations').expect(200);
    expect(mine.body.hidden).toEqual({ [w.puppy.id]: 'Hidden by our team after a report: Scam or fraud.' });
    await w.admin.agent.post('/api/admin/moderation/undo').send({ undo: 'unhide_listing', id: w.puppy.id }).expect(200);
    expect((await request(w.t.app).get(`/api/puppies/${w.puppy.id}`)).status).toBe(200);
    const actions = (await w.admin.agent.get('/api/admin/moderation')).body.actions.map(
      (a: { action: string }) => a.action,
    );
    expect(actions).toEqual(['unhide_listing', 'hide_listing']);
  });

  it('a suspended account cannot log in, is told why, loses its sessions and its listings; undo restores them', async () => {
    const t = await createTestApp({ now: NOW });
    const admin = await signedInAgent(t, { username: 'moderator', role: 'admin', createdAt: old });
    const buyer = await signedInAgent(t, { username: 'family', createdAt: old });
    // a seller who logs in with a password (registered through the API)
    const register = await request(t.app)
      .post('/api/register')
      .send({
        username: 'shady',
        password: 'correct-horse-battery',
        email: 'shady@example.com',
        accountType: 'seller',
        confirmAdult: true,
      })
      .expect(201);
    const sellerId = register.body.id as number;
    const puppy = await t.store.puppies.insert(
      buildPuppy(
        { name: 'Rex', breedId: 1, userId: sellerId, expiresAt: new Date(NOW.getTime() + DAY).toISOString() },
        createRng(2),
        { now: NOW },
      ),
    );
    const report = (await buyer.agent.post('/api/reports').send({ puppyId: puppy.id, reason: 'scam' })).body.id;
    await admin.agent.post(`/api/admin/reports/${report}/decision`).send({ decision: 'suspend_user' }).expect(200);
    const login = await request(t.app)
      .post('/api/login')
      .send({ username: 'shady', password: 'correct-horse-battery' });
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({
      code: 'account_suspended',
      message: expect.stringContaining('suspended'),
    });
    // a wrong password still gets the usual answer (no probing for suspended names)
    expect(
      (await request(t.app).post('/api/login').send({ username: 'shady', password: 'wrong-password-here' })).status,
    ).toBe(401);
    expect((await request(t.app).get(`/api/puppies/${puppy.id}`)).status).toBe(404);
    expect((await admin.agent.get('/api/admin/moderation')).body.suspendedUsers).toEqual([
      { id: sellerId, username: 'shady', suspendedAt: NOW.toISOString() },
    ]);
    await admin.agent.post('/api/admin/moderation/undo').send({ undo: 'unsuspend_user', id: sellerId }).expect(200);
    expect(
      (await request(t.app).post('/api/login').send({ username: 'shady', password: 'correct-horse-battery' })).status,
    ).toBe(200);
    expect((await request(t.app).get(`/api/puppies/${puppy.id}`)).status).toBe(200);
  });

  it('a suspension ends the account’s open sessions', async () => {
    const w = await world();
    const report = (await w.buyer.agent.post('/api/reports').send({ puppyId: w.puppy.id, reason: 'scam' })).body.id;
    expect((await w.seller.agent.get('/api/user')).status).toBe(200);
    await w.admin.agent.post(`/api/admin/reports/${report}/decision`).send({ decision: 'suspend_user' }).expect(200);
    expect((await w.seller.agent.get('/api/user')).status).toBe(401);
  });
});
