import { SignJWT } from 'jose';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../commerce-api/src/auth/passwords.ts';
import { createTestApp, registeredAgent, sessionCookie, TEST_SECRET } from '../support/test-app.ts';

const key = new TextEncoder().encode(TEST_SECRET);
const validBody = {
  username: 'Ruby_Fan',
  password: 'walks-in-the-park',
  email: 'ruby@example.com',
  accountType: 'buyer',
  confirmAdult: true,
};

describe('accounts API', () => {
  it('registers, reads the user, logs out and logs back in', async () => {
    const { app, store } = await createTestApp();
    const agent = request.agent(app);
    const registered = await agent.post('/api/register').send(validBody);
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      username: 'Ruby_Fan',
      email: 'ruby@example.com',
      accountType: 'buyer',
      role: 'user',
    });
    expect(registered.body).not.toHaveProperty('passwordHash');
    expect(registered.body).not.toHaveProperty('sessionVersion');

    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('Ruby_Fan');

    expect((await agent.post('/api/logout')).status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);

    const login = await agent.post('/api/login').send({ username: 'ruby_fan', password: 'walks-in-the-park' });
    expect(login.status).toBe(200);
    expect(login.body.username).toBe('Ruby_Fan');
    expect((await agent.get('/api/user')).body.id).toBe(registered.body.id);

    const stored = await store.users.get(registered.body.id);
    expect(stored?.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1')).toBe(true);
  });

  it('answers 401 on /api/user when nobody is logged in', async () => {
    const { app } = await createTestApp();
    const response = await request(app).get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('not_logged_in');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const { app } = await createTestApp();
    const response = await request(app).post('/api/register').send(validBody);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('pn_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const hint = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('pn_hint='));
    // validBody registers a family: the chrome's hint says so (decision 0137)
    expect(hint).toMatch(/^pn_hint=buyer;/);
    expect(hint).not.toMatch(/HttpOnly/);
  });

  it("resends the hint when the account's kind changed since it was set", async () => {
    const { app, store } = await createTestApp();
    const { agent, user } = await registeredAgent(app);
    const hintOf = (response: { headers: Record<string, unknown> }) =>
      ([] as string[])
        .concat((response.headers['set-cookie'] as string[] | undefined) ?? [])
        .find((c) => c.startsWith('pn_hint='));
    // the agent holds pn_hint=buyer: nothing to resend
    expect(hintOf(await agent.get('/api/user').expect(200))).toBeUndefined();
    await store.users.update(user.id, { accountType: 'seller' });
    expect(hintOf(await agent.get('/api/user').expect(200))).toMatch(/^pn_hint=seller;/);
    expect(hintOf(await agent.get('/api/user').expect(200))).toBeUndefined();
  });

  it('clears the session and its hint cookie on logout', async () => {
    const { app } = await createTestApp();
    const { agent } = await registeredAgent(app);
    const response = await agent.post('/api/logout').expect(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^pn_session=; Max-Age=0/),
        expect.stringMatching(/^pn_hint=; Max-Age=0/),
      ]),
    );
  });

  it('refuses a duplicate username whatever its case with 409', async () => {
    const { app } = await createTestApp();
    await request(app).post('/api/register').send(validBody).expect(201);
    const again = await request(app)
      .post('/api/register')
      .send({ ...validBody, username: 'RUBY_FAN' });
    expect(again.status).toBe(409);
    expect(again.body.error.fields.username).toBe('That username is already taken.');
  });

  it("names the field of each validation error, with the spec's messages", async () => {
    const { app, store } = await createTestApp();
    const short = await request(app)
      .post('/api/register')
      .send({ ...validBody, username: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.username).toBe('Username must be at least 3 characters');
    const pw = await request(app)
      .post('/api/register')
      .send({ ...validBody, password: '12345' });
    expect(pw.body.error.fields.password).toBe('Password must be at least 6 characters');
    const common = await request(app)
      .post('/api/register')
      .send({ ...validBody, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.error.fields.password).toMatch(/too common/);
    const minor = await request(app)
      .post('/api/register')
      .send({ ...validBody, confirmAdult: false });
    expect(minor.body.error.fields.confirmAdult).toMatch(/at least 18/);
    const email = await request(app)
      .post('/api/register')
      .send({ ...validBody, email: 'not-an-email' });
    expect(email.body.error.fields.email).toBe('Invalid email address');
    const type = await request(app)
      .post('/api/register')
      .send({ ...validBody, accountType: 'admin' });
    expect(type.body.error.fields.accountType).toBeDefined();
    const login = await request(app).post('/api/login').send({ username: 'ab', password: '1' });
    expect(login.body.error.fields).toMatchObject({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    for (const username of ['ab', 'Ruby_Fan']) expect(await store.users.findByUsername(username)).toBeUndefined();
  });

  it('drops unknown fields: a client cannot make itself an admin', async () => {
    const { app, store } = await createTestApp();
    const response = await request(app)
      .post('/api/register')
      .send({ ...validBody, role: 'admin', hasActiveListingPlan: true });
    expect(response.status).toBe(201);
    expect(await store.users.get(response.body.id)).toMatchObject({ role: 'user', hasActiveListingPlan: false });
  });

  it('answers an unknown username and a wrong password alike', async () => {
    const { app } = await createTestApp();
    await request(app).post('/api/register').send(validBody).expect(201);
    const wrong = await request(app).post('/api/login').send({ username: 'Ruby_Fan', password: 'not-the-password' });
    const unknown = await request(app)
      .post('/api/login')
      .send({ username: 'nobody-here', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('never answers 500 to odd bodies', async () => {
    const { app } = await createTestApp();
    for (const body of ['{"username":', '[]', 'null', '"text"', '{"username":{"$ne":1},"password":[1]}']) {
      const response = await request(app).post('/api/login').set('Content-Type', 'application/json').send(body);
      expect(response.status, body).toBe(400);
      expect(response.body.error.message).toBeTruthy();
    }
  });
});

describe('sessions', () => {
  it('rejects tampered, expired, alg:none and wrong-audience tokens', async () => {
    const { app, store, tick } = await createTestApp();
    const { cookie, user } = await registeredAgent(app);
    const token = cookie.split('=')[1]!;
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: number };
    expect(await store.sessions.get(sid)).toMatchObject({ userId: user.id, revokedAt: null });
    const ok = await request(app).get('/api/user').set('Cookie', cookie);
    expect(ok.status).toBe(200);

    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await request(app).get('/api/user').set('Cookie', `pn_session=${tampered}`)).status).toBe(401);

    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = token.split('.')[1];
    expect((await request(app).get('/api/user').set('Cookie', `pn_session=${header}.${payload}.`)).status).toBe(401);

    const iat = Math.floor(Date.now() / 1000);
    const wrongAudience = await new SignJWT({ sid, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('puppynest')
      .setAudience('someone-else')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(key);
    expect((await request(app).get('/api/user').set('Cookie', `pn_session=${wrongAudience}`)).status).toBe(401);

    const otherSecret = await new SignJWT({ sid, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('puppynest')
      .setAudience('puppynest-web')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await request(app).get('/api/user').set('Cookie', `pn_session=${otherSecret}`)).status).toBe(401);

    tick(25 * 60 * 60 * 1000);
    expect((await request(app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('renews the token on use, so an active user stays logged in', async () => {
    const { app, tick } = await createTestApp();
    const { cookie } = await registeredAgent(app);
    tick(20 * 60 * 60 * 1000);
    const renewed = await request(app).get('/api/user').set('Cookie', cookie);
    expect(renewed.status).toBe(200);
    const fresh = sessionCookie(renewed.headers['set-cookie']);
    expect(fresh).not.toBe('');
    expect(fresh).not.toBe(cookie);
    tick(20 * 60 * 60 * 1000);
    expect((await request(app).get('/api/user').set('Cookie', fresh)).status).toBe(200);
  });

  it('makes a cookie saved before logout useless after it', async () => {
    const { app, store, clock, tick } = await createTestApp();
    const { agent, cookie } = await registeredAgent(app);
    const { sid } = JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[1]!, 'base64url').toString()) as {
      sid: number;
    };
    const loggedOutAt = clock.now.toISOString();
    await agent.post('/api/logout').expect(200);
    expect((await request(app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
    expect((await store.sessions.get(sid))?.revokedAt).toBe(loggedOutAt);
    // A replayed logout with the old cookie finds no session, and the first revocation stays.
    tick(60_000);
    await request(app).post('/api/logout').set('Cookie', cookie).expect(200);
    expect((await store.sessions.get(sid))?.revokedAt).toBe(loggedOutAt);
  });
});

describe('abuse', () => {
  it('answers the 6th rapid failed login for one username with 429', async () => {
    const { app } = await createTestApp();
    await request(app).post('/api/register').send(validBody).expect(201);
    for (let i = 0; i < 5; i++) {
      const response = await request(app)
        .post('/api/login')
        .send({ username: 'Ruby_Fan', password: `wrong-${i}-password` });
      expect(response.status).toBe(401);
    }
    const sixth = await request(app).post('/api/login').send({ username: 'Ruby_Fan', password: 'walks-in-the-park' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toMatch(/Too many login attempts/);
  });

  it('does not lock the owner out: failures elsewhere count for that client only, up to the limit over all clients', async () => {
    // Behind a proxy, so each request names its client in X-Forwarded-For.
    const { app } = await createTestApp({ env: { TRUST_PROXY: 'loopback', LOGIN_FAILURES_PER_USERNAME: '12' } });
    await request(app).post('/api/register').send(validBody).expect(201);
    const login = (client: string, password: string) =>
      request(app).post('/api/login').set('X-Forwarded-For', client).send({ username: 'ruby_fan', password });

    for (let i = 0; i < 5; i++) expect((await login('203.0.113.7', `wrong-${i}-password`)).status).toBe(401);
    const attacker = await login('203.0.113.7', 'walks-in-the-park');
    expect(attacker.status).toBe(429);
    expect(attacker.body.error.message).toBe('Too many login attempts. Please wait 15 minutes and try again.');
    // The owner, elsewhere, still gets in (and a success does not count).
    expect((await login('198.51.100.20', 'walks-in-the-park')).status).toBe(200);

    // A guesser spreading wrong passwords over many clients meets the limit over all clients.
    for (let i = 0; i < 7; i++) expect((await login(`192.0.2.${i + 1}`, `wrong-${i}-password`)).status).toBe(401);
    expect((await login('192.0.2.100', 'another-wrong-one')).status).toBe(429);
  });

  it('counts failed logins for one username over all clients per hour, not per 15 minutes (ASVS 2.2.1)', async () => {
    // express-rate-limit reads the system clock: moved here, past the old 15-minute window
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { app } = await createTestApp({ env: { TRUST_PROXY: 'loopback', LOGIN_FAILURES_PER_USERNAME: '3' } });
      const login = (client: string) =>
        request(app)
          .post('/api/login')
          .set('X-Forwarded-For', client)
          .send({ username: 'ruby_fan', password: 'a-wrong-password' });
      for (let i = 1; i <= 3; i++) expect((await login(`192.0.2.${i}`)).status).toBe(401);
      const refused = await login('192.0.2.50');
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe(
        'Too many login attempts for this account. Please wait an hour and try again.',
      );
      vi.setSystemTime(Date.now() + 16 * 60_000);
      expect((await login('192.0.2.51')).status).toBe(429);
      vi.setSystemTime(Date.now() + 45 * 60_000);
      expect((await login('192.0.2.52')).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the limits from the environment', async () => {
    const { app } = await createTestApp({
      env: { LOGIN_FAILURES_PER_USERNAME_AND_CLIENT: '2', REGISTRATIONS_PER_CLIENT: '1' },
    });
    await request(app).post('/api/register').send(validBody).expect(201);
    const second = await request(app)
      .post('/api/register')
      .send({ ...validBody, username: 'Other_Fan', email: 'other@example.com' });
    expect(second.status).toBe(429);
    expect(second.body.error.message).toBe(
      'Too many registrations from this network. Please wait 15 minutes and try again.',
    );
    for (let i = 0; i < 2; i++)
      await request(app)
        .post('/api/login')
        .send({ username: 'ruby_fan', password: `wrong-${i}-password` })
        .expect(401);
    await request(app).post('/api/login').send({ username: 'ruby_fan', password: 'walks-in-the-park' }).expect(429);
  });

  it('refuses a state-changing request from another site with 403', async () => {
    const { app, store } = await createTestApp();
    const response = await request(app).post('/api/register').set('Origin', 'https://evil.example').send(validBody);
    expect(response.status).toBe(403);
    expect(await store.users.findByUsername(validBody.username)).toBeUndefined();
    const sameSite = await request(app)
      .post('/api/register')
      .set('Origin', 'http://127.0.0.1')
      .set('Host', '127.0.0.1')
      .send(validBody);
    expect(sameSite.status).toBe(201);
  });

  it('answers 403 to a non-admin and 401 to nobody on /api/admin/*', async () => {
    const { app, store } = await createTestApp();
    expect((await request(app).get('/api/admin/payment-mode')).status).toBe(401);
    const { agent } = await registeredAgent(app);
    const denied = await agent.get('/api/admin/payment-mode');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('This page is only accessible to administrators.');

    const passwordHash = await hashPassword('the-admin-password');
    await store.users.create({
      username: 'admin',
      passwordHash,
      email: 'admin@example.com',
      role: 'admin',
      accountType: 'seller',
      confirmedAdultAt: new Date().toISOString(),
      sessionVersion: 0,
      hasActiveListingPlan: false,
      listingPlanExpiresAt: null,
      verifiedEmail: null,
      verifiedPhone: null,
      createdAt: new Date().toISOString(),
    });
    const admin = request.agent(app);
    await admin.post('/api/login').send({ username: 'admin', password: 'the-admin-password' }).expect(200);
    const allowed = await admin.get('/api/admin/payment-mode');
    expect(allowed.status).toBe(200);
    expect(allowed.body.mode).toBe('test');
  });
});
