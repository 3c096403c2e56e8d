import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';

const EMAIL = 'breeder@example.com';
const PHONE = '(555) 010-2000';

function lastCode(t: TestApp, to: string): string {
  const entry = t.outbox.entries.find((e) => e.to === to);
  const code = entry && /\b(\d{6})\b/.exec(entry.text)?.[1];
  if (!code) throw new Error(`no code sent to ${to}: ${JSON.stringify(t.outbox.entries)}`);
  return code;
}

/** the pending code of an owner for an email address (through the store, so it runs on either store) */
const pendingCode = (t: TestApp, owner: string, target = EMAIL, channel: 'email' | 'phone' = 'email') =>
  t.store.verificationCodes.findPending(owner, channel, target);

/** the anonymous verification session a response's pn_verify cookie names, as a code owner */
function anonymousOwnerOf(setCookie: string | string[] | undefined): string {
  const cookie = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('pn_verify='));
  if (!cookie) throw new Error('no verification session cookie');
  return `anon:${cookie.split(';')[0]!.slice('pn_verify='.length).split('.')[0]}`;
}

/** a code that is certainly not the one sent */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('GET /api/sms-available', () => {
  it('says whether the SMS seam can send', async () => {
    expect((await request((await createTestApp()).app).get('/api/sms-available')).body).toEqual({ available: true });
    expect((await request((await createTestApp({ smsAvailable: false })).app).get('/api/sms-available')).body).toEqual({
      available: false,
    });
  });
});

describe('POST /api/send-verification-code and /api/verify-code', () => {
  it('mails a 6-digit code, stores only its hash, and verifies the account email', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    const sent = await agent
      .post('/api/send-verification-code')
      .send({ email: ' Breeder@Example.com ', method: 'email' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Please check your email for the verification code.');
    expect(t.outbox.entries[0]).toMatchObject({
      channel: 'email',
      to: EMAIL,
      subject: 'Your PuppyNest verification code',
    });
    const code = lastCode(t, EMAIL);
    expect(code).toMatch(/^\d{6}$/);

    const row = await pendingCode(t, `user:${user.id}`);
    expect(row).toMatchObject({
      channel: 'email',
      target: EMAIL,
      owner: `user:${user.id}`,
      attempts: 0,
      verifiedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(Date.parse(row!.expiresAt) - Date.parse(row!.sentAt)).toBe(10 * 60_000);

    const verified = await agent.post('/api/verify-code').send({ email: EMAIL, code, method: 'email' });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true, method: 'email', target: EMAIL });
    expect((await t.store.users.get(user.id))!.verifiedEmail).toBe(EMAIL);
    expect(await t.store.verificationCodes.get(row!.id)).toMatchObject({
      attempts: 1,
      verifiedAt: t.clock.now.toISOString(),
    });
    expect((await agent.get('/api/verification-status')).body).toEqual({ emails: [EMAIL], phones: [] });

    // A used code cannot be used again.
    expect((await agent.post('/api/verify-code').send({ email: EMAIL, code, method: 'email' })).status).toBe(400);
  });

  it('sends a phone code through the SMS seam when SMS is available', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    const sent = await agent.post('/api/send-verification-code').send({ phone: PHONE, method: 'phone' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Please check your phone for the verification code.');
    expect(t.outbox.entries[0]).toMatchObject({ channel: 'sms', to: '5550102000' });
    const code = lastCode(t, '5550102000');
    await agent.post('/api/verify-code').send({ phone: '555-010-2000', code, method: 'phone' }).expect(200);
    expect((await t.store.users.get(user.id))!.verifiedPhone).toBe('5550102000');
  });

  it('refuses phone codes when SMS is unavailable, and sends nothing', async () => {
    const t = await createTestApp({ smsAvailable: false });
    const response = await request(t.app).post('/api/send-verification-code').send({ phone: PHONE, method: 'phone' });
    expect(response.status).toBe(503);
    expect(response.body.error.message).toBe('Phone verification is not available right now. Please verify by email.');
    expect(t.outbox.entries).toHaveLength(0);
    expect(
      await pendingCode(t, anonymousOwnerOf(response.headers['set-cookie']), '5550102000', 'phone'),
    ).toBeUndefined();
  });

  it('validates the target and the method', async () => {
    const t = await createTestApp();
    const bad = async (body: object) =>
      (await request(t.app).post('/api/send-verification-code').send(body)).body.error;
    expect(await bad({ email: 'not-an-email', method: 'email' })).toMatchObject({
      code: 'validation_failed',
      fields: { email: 'Invalid email address' },
    });
    expect(await bad({ phone: '555-1234', method: 'phone' })).toMatchObject({
      fields: { phone: 'Phone number must be at least 10 digits' },
    });
    expect(await bad({ email: EMAIL, method: 'fax' })).toMatchObject({ code: 'validation_failed' });
    expect(await bad({ email: EMAIL })).toMatchObject({ code: 'validation_failed' });
    expect(t.outbox.entries).toHaveLength(0);
  });

  it('refuses to verify without a code', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    for (const code of [undefined, '', '   ']) {
      const response = await agent
        .post('/api/verify-code')
        .send({ email: EMAIL, method: 'email', ...(code === undefined ? {} : { code }) });
      expect(response.status).toBe(400);
      expect(response.body.error.fields.code).toBe('Please enter your verification code.');
    }
    expect((await pendingCode(t, `user:${user.id}`))!.attempts).toBe(0);
  });

  it('counts a wrong code as an attempt and refuses the right one after 5 attempts', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    const code = lastCode(t, EMAIL);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await agent.post('/api/verify-code').send({ email: EMAIL, code: wrong(code), method: 'email' });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Invalid verification code.');
      expect((await pendingCode(t, `user:${user.id}`))!.attempts).toBe(attempt);
    }
    const sixth = await agent.post('/api/verify-code').send({ email: EMAIL, code, method: 'email' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe('Too many attempts. Please request a new code.');
    expect((await t.store.users.get(user.id))!.verifiedEmail).toBeNull();
  });

  it('lets a code expire after 10 minutes', async () => {
    const t = await createTestApp();
    const { agent } = await signedInAgent(t);
    await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    const code = lastCode(t, EMAIL);
    t.tick(10 * 60_000);
    const response = await agent.post('/api/verify-code').send({ email: EMAIL, code, method: 'email' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('This verification code has expired. Please request a new one.');
  });

  it('accepts a code just before it expires', async () => {
    const t = await createTestApp();
    const { agent } = await signedInAgent(t);
    await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    t.tick(10 * 60_000 - 1000);
    await agent
      .post('/api/verify-code')
      .send({ email: EMAIL, code: lastCode(t, EMAIL), method: 'email' })
      .expect(200);
  });

  it('refuses a code sent to another target', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    const code = lastCode(t, EMAIL);
    const response = await agent
      .post('/api/verify-code')
      .send({ email: 'someone-else@example.com', code, method: 'email' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(
      'No verification code was sent to this email address. Please request a new code.',
    );
    const asPhone = await agent.post('/api/verify-code').send({ phone: PHONE, code, method: 'phone' });
    expect(asPhone.status).toBe(400);
    expect((await pendingCode(t, `user:${user.id}`))!.verifiedAt).toBeNull();
  });

  it("refuses a code that was sent to someone else's session", async () => {
    const t = await createTestApp();
    const asker = request.agent(t.app);
    await asker.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    const code = lastCode(t, EMAIL);
    const other = await signedInAgent(t);
    expect((await other.agent.post('/api/verify-code').send({ email: EMAIL, code, method: 'email' })).status).toBe(400);
    expect((await request(t.app).post('/api/verify-code').send({ email: EMAIL, code, method: 'email' })).status).toBe(
      400,
    );
    await asker.post('/api/verify-code').send({ email: EMAIL, code, method: 'email' }).expect(200);
  });

  it('remembers a verification made while logged out in a signed, HttpOnly, SameSite=Lax session cookie', async () => {
    const t = await createTestApp();
    const visitor = request.agent(t.app);
    const sent = await visitor.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    const cookie = ([] as string[]).concat(sent.headers['set-cookie'] ?? []).find((c) => c.startsWith('pn_verify='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(await pendingCode(t, anonymousOwnerOf(sent.headers['set-cookie']))).toMatchObject({
      owner: expect.stringMatching(/^anon:/),
      target: EMAIL,
    });

    await visitor
      .post('/api/verify-code')
      .send({ email: EMAIL, code: lastCode(t, EMAIL), method: 'email' })
      .expect(200);
    expect((await visitor.get('/api/verification-status')).body).toEqual({ emails: [EMAIL], phones: [] });
    expect((await request(t.app).get('/api/verification-status')).body).toEqual({ emails: [], phones: [] });

    // A forged cookie names no session.
    const value = cookie!.split(';')[0]!.split('=')[1]!;
    const forged = `pn_verify=${value.split('.')[0]}x.${value.split('.')[1]}`;
    expect((await request(t.app).get('/api/verification-status').set('Cookie', forged)).body).toEqual({
      emails: [],
      phones: [],
    });

    // The session is forgotten after a day.
    t.tick(24 * 60 * 60_000 + 1000);
    expect((await visitor.get('/api/verification-status')).body).toEqual({ emails: [], phones: [] });
  });
});

// The per-address limits count in the rate-limit store, which reads the system clock: these tests move
// it with the app's clock (decision 0108).
describe('codes to one address, from every network together', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** moves the app's clock and the system's together */
  const later = (t: TestApp, ms: number) => {
    t.tick(ms);
    vi.setSystemTime(Date.now() + ms);
  };
  /** a request from a network of its own, in a new anonymous session */
  const fromNetwork = (t: TestApp, client: string, body: object) =>
    request(t.app).post('/api/send-verification-code').set('X-Forwarded-For', client).send(body);

  it('re-sends at most once a minute per target from one requester, and a new code replaces the old one', async () => {
    const t = await createTestApp();
    const { agent } = await signedInAgent(t);
    await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    const first = lastCode(t, EMAIL);

    later(t, 59_000);
    const again = await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' });
    expect(again.status).toBe(429);
    expect(again.body.error.message).toBe('Please wait a minute before requesting another code.');
    // Another session from the same network is refused too.
    const sameNetwork = await request(t.app)
      .post('/api/send-verification-code')
      .send({ email: EMAIL.toUpperCase(), method: 'email' });
    expect(sameNetwork.status).toBe(429);
    expect(t.outbox.entries).toHaveLength(1);
    // Another target is not held up.
    await agent.post('/api/send-verification-code').send({ email: 'other@example.com', method: 'email' }).expect(200);

    later(t, 1000);
    await agent.post('/api/send-verification-code').send({ email: EMAIL, method: 'email' }).expect(200);
    const second = lastCode(t, EMAIL);
    if (second !== first) {
      expect((await agent.post('/api/verify-code').send({ email: EMAIL, code: first, method: 'email' })).status).toBe(
        400,
      );
    }
    await agent.post('/api/verify-code').send({ email: EMAIL, code: second, method: 'email' }).expect(200);
  });

  it("sends one code a minute to an address whatever the network; a stranger's code never replaces the owner's", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const { agent } = await signedInAgent(t);
    const owner = (path: string, body: object) => agent.post(path).set('X-Forwarded-For', '198.51.100.20').send(body);

    await fromNetwork(t, '203.0.113.7', { email: EMAIL, method: 'email' }).expect(200);
    const heldUp = await owner('/api/send-verification-code', { email: ' Breeder@Example.com ', method: 'email' });
    expect(heldUp.status).toBe(429);
    expect(heldUp.body.error).toEqual({
      code: 'too_many_requests',
      message: 'Please wait a minute before requesting another code.',
    });
    later(t, 60_000);
    await owner('/api/send-verification-code', { email: EMAIL, method: 'email' }).expect(200);
    const ownersCode = lastCode(t, EMAIL);
    later(t, 60_000);
    await fromNetwork(t, '203.0.113.8', { email: EMAIL, method: 'email' }).expect(200);
    await owner('/api/verify-code', { email: EMAIL, code: ownersCode, method: 'email' }).expect(200);
  });

  it('sends at most 5 codes an hour to one address from all networks together; retries within the minute do not use them up', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const phone = (client: string, number: string) => fromNetwork(t, client, { phone: number, method: 'phone' });
    // one number however it is written
    const spellings = ['(555) 010-2000', '555-010-2000', '555 010 2000', '5550102000', '555.010.2000'];
    for (const [i, number] of spellings.entries()) {
      expect((await phone(`192.0.2.${i + 1}`, number)).status).toBe(200);
      // a second try within the minute is refused, and does not count toward the hour
      expect((await phone(`198.51.100.${i + 1}`, number)).status).toBe(429);
      later(t, 61_000);
    }
    const sixth = await phone('192.0.2.99', '5550102000');
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toEqual({
      code: 'too_many_requests',
      message: 'Too many verification codes were sent to this phone number. Please wait an hour and try again.',
    });
    expect(t.outbox.entries.filter((e) => e.to === '5550102000')).toHaveLength(5);
    // other addresses are not held up
    await fromNetwork(t, '192.0.2.99', { email: EMAIL, method: 'email' }).expect(200);
    later(t, 60 * 60_000);
    await phone('192.0.2.99', '5550102000').expect(200);
  });

  it('takes the per-address limits from the environment', async () => {
    const t = await createTestApp({
      env: {
        TRUST_PROXY: 'loopback',
        VERIFICATION_CODES_PER_TARGET: '2',
        VERIFICATION_CODES_PER_TARGET_PER_MINUTE: '3',
      },
    });
    await fromNetwork(t, '192.0.2.1', { email: EMAIL, method: 'email' }).expect(200);
    await fromNetwork(t, '192.0.2.2', { email: EMAIL, method: 'email' }).expect(200);
    const third = await fromNetwork(t, '192.0.2.3', { email: EMAIL, method: 'email' });
    expect(third.status).toBe(429);
    expect(third.body.error.message).toBe(
      'Too many verification codes were sent to this email address. Please wait an hour and try again.',
    );
    await fromNetwork(t, '192.0.2.3', { email: 'other@example.com', method: 'email' }).expect(200);
  });
});
