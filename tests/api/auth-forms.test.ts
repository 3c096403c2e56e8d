// The /auth forms posted without script (docs/decisions/0123): urlencoded login and registration answer
// 303 to `next` with the session cookie, or 303 back to /auth with codes the page maps to fixed texts.
// The same limits and `next` rule as the JSON path.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AUTH_REFUSALS, readAuthPage } from '#contracts/auth-refusals.ts';
import { ACCOUNT_SUSPENDED, INVALID_LOGIN } from '../../commerce-api/src/domain/accounts.ts';
import { createTestApp, sessionCookie } from '../support/test-app.ts';

const account = {
  username: 'Ruby_Fan',
  password: 'walks-in-the-park',
  email: 'ruby@example.com',
  accountType: 'buyer',
  confirmAdult: true,
};

/** a form post as the browser sends it: urlencoded, from our own page */
const formPost = (app: Parameters<typeof request>[0], path: string, fields: Record<string, string>) =>
  request(app).post(path).type('form').set('Sec-Fetch-Site', 'same-origin').send(fields);

const registerForm = (overrides: Record<string, string> = {}) => ({
  username: 'Rex_Owner',
  email: 'rex@example.com',
  password: 'a-good-long-password',
  confirmPassword: 'a-good-long-password',
  accountType: 'seller',
  confirmAdult: 'on',
  ...overrides,
});

/** what the /auth page shows for the address a refused post was sent back to */
const pageFor = (location: string | undefined) => {
  const url = new URL(location ?? '', 'https://puppynest.invalid');
  expect(url.pathname).toBe('/auth');
  return { url, state: readAuthPage(url.searchParams) };
};

async function appWithAccount(env: Record<string, string> = {}) {
  const made = await createTestApp({ env });
  await request(made.app).post('/api/register').send(account).expect(201);
  return made;
}

describe('the login form without script', () => {
  it('logs in: 303 to next with the signed session cookie', async () => {
    const { app } = await appWithAccount();
    const response = await formPost(app, '/api/login', {
      username: 'ruby_fan',
      password: account.password,
      next: '/my-listings?tab=drafts',
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/my-listings?tab=drafts');
    const cookie = sessionCookie(response.headers['set-cookie']);
    expect(cookie).not.toBe('');
    const me = await request(app).get('/api/user').set('Cookie', cookie);
    expect(me.body.username).toBe('Ruby_Fan');
  });

  it('goes home without a next', async () => {
    const { app } = await appWithAccount();
    const response = await formPost(app, '/api/login', { username: 'ruby_fan', password: account.password });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  it('sends a wrong password back to /auth with the error, the username and next, and no cookie', async () => {
    const { app } = await appWithAccount();
    const response = await formPost(app, '/api/login', {
      username: 'Ruby_Fan',
      password: 'not-the-password',
      next: '/messages',
    });
    expect(response.status).toBe(303);
    expect(sessionCookie(response.headers['set-cookie'])).toBe('');
    const { url, state } = pageFor(response.headers.location);
    expect(url.searchParams.get('password')).toBeNull();
    expect(state).toMatchObject({
      tab: 'login',
      next: '/messages',
      refusal: 'Invalid username or password.',
      kept: { username: 'Ruby_Fan' },
    });
  });

  it('sends field messages back for a form the contract refuses', async () => {
    const { app } = await appWithAccount();
    const response = await formPost(app, '/api/login', { username: 'ab', password: '123' });
    const { state } = pageFor(response.headers.location);
    expect(state.fieldErrors).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(state.refusal).toBe('Username must be at least 3 characters');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '%2F%2Fevil.com', 'javascript:alert(1)'])(
    'refuses the hostile next %s: home on success, left out when sent back',
    async (next) => {
      const { app } = await appWithAccount();
      const ok = await formPost(app, '/api/login', { username: 'ruby_fan', password: account.password, next });
      expect(ok.status).toBe(303);
      expect(ok.headers.location).toBe('/');
      const refused = await formPost(app, '/api/login', { username: 'ruby_fan', password: 'wrong-password', next });
      expect(refused.status).toBe(303);
      expect(pageFor(refused.headers.location).url.searchParams.has('next')).toBe(false);
    },
  );

  it('meets the same login limits as the JSON path, and failures on either path count together', async () => {
    const { app } = await appWithAccount();
    for (let i = 0; i < 3; i++)
      expect(
        (await formPost(app, '/api/login', { username: 'Ruby_Fan', password: `wrong-${i}-password` })).status,
      ).toBe(303);
    for (let i = 3; i < 5; i++)
      await request(app)
        .post('/api/login')
        .send({ username: 'Ruby_Fan', password: `wrong-${i}-password` })
        .expect(401);
    // the sixth, even with the right password, is refused on both paths
    const form = await formPost(app, '/api/login', { username: 'Ruby_Fan', password: account.password });
    expect(form.status).toBe(303);
    expect(sessionCookie(form.headers['set-cookie'])).toBe('');
    expect(pageFor(form.headers.location).state.refusal).toBe(AUTH_REFUSALS.too_many_logins);
    await request(app).post('/api/login').send({ username: 'Ruby_Fan', password: account.password }).expect(429);
  });

  it('does not count a form login that succeeded', async () => {
    const { app } = await appWithAccount({ LOGIN_FAILURES_PER_USERNAME_AND_CLIENT: '2' });
    for (let i = 0; i < 3; i++)
      expect(
        (await formPost(app, '/api/login', { username: 'ruby_fan', password: account.password })).headers.location,
      ).toBe('/');
    await request(app).post('/api/login').send({ username: 'ruby_fan', password: account.password }).expect(200);
  });
});

describe('the register form without script', () => {
  it('registers: 303 to next with the session cookie, the account as the form chose it', async () => {
    const { app, store } = await createTestApp();
    const response = await formPost(app, '/api/register', { ...registerForm(), next: '/post-puppy' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/post-puppy');
    const me = await request(app).get('/api/user').set('Cookie', sessionCookie(response.headers['set-cookie']));
    expect(me.body).toMatchObject({ username: 'Rex_Owner', email: 'rex@example.com', accountType: 'seller' });
    expect((await store.users.findByUsername('rex_owner'))?.confirmedAdultAt).toBeTruthy();
  });

  it('sends a taken username back to the register tab with the message, keeping the username and account type', async () => {
    const { app } = await appWithAccount();
    const response = await formPost(app, '/api/register', {
      ...registerForm({ username: 'ruby_fan' }),
      next: '/sellers',
    });
    expect(response.status).toBe(303);
    expect(sessionCookie(response.headers['set-cookie'])).toBe('');
    const { url, state } = pageFor(response.headers.location);
    expect(state).toMatchObject({
      tab: 'register',
      next: '/sellers',
      refusal: 'That username is already taken.',
      fieldErrors: { username: 'That username is already taken.' },
      kept: { username: 'ruby_fan', accountType: 'seller' },
    });
    for (const secret of ['password', 'confirmPassword', 'email']) expect(url.searchParams.has(secret)).toBe(false);
  });

  it.each([
    [{ confirmPassword: 'another-password' }, 'confirmPassword', 'Passwords do not match'],
    [{ confirmAdult: '' }, 'confirmAdult', 'You must be at least 18 years old to register'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ username: 'bad name!' }, 'username', 'Username may use letters, digits, dots, dashes and underscores'],
    [{ accountType: 'admin' }, 'accountType', 'Choose a buyer or a seller account'],
    [
      { password: 'password123', confirmPassword: 'password123' },
      'password',
      'This password is too common. Please choose one that is harder to guess.',
    ],
  ])('sends %o back with its field message', async (overrides, field, message) => {
    const { app, store } = await createTestApp();
    const response = await formPost(app, '/api/register', registerForm(overrides));
    expect(response.status).toBe(303);
    const { state } = pageFor(response.headers.location);
    expect(state.tab).toBe('register');
    expect(state.fieldErrors[field as keyof typeof state.fieldErrors]).toBe(message);
    expect(await store.users.findByUsername('rex_owner')).toBeUndefined();
  });

  it('meets the registration limit too', async () => {
    const { app } = await createTestApp({ env: { REGISTRATIONS_PER_CLIENT: '1' } });
    expect((await formPost(app, '/api/register', registerForm())).headers.location).toBe('/');
    const second = await formPost(app, '/api/register', registerForm({ username: 'Other_Fan' }));
    expect(second.status).toBe(303);
    expect(pageFor(second.headers.location).state.refusal).toBe(AUTH_REFUSALS.too_many_registrations);
  });
});

describe('no form body causes a 500, and nothing typed into the address is shown', () => {
  const bodies: Array<[string, string]> = [
    ['empty', ''],
    ['arrays', 'username=a&username=b&password=x&password=y'],
    ['nested names', 'username[a]=b&password[0]=c&next[]=//evil.com'],
    ['too many fields', Array.from({ length: 40 }, (_, i) => `f${i}=1`).join('&')],
    ['NUL', 'username=ruby%00fan&password=walks-in-the-park'],
    ['broken encoding', 'username=%E0%A4%A&password=%'],
    ['a long username', `username=${'x'.repeat(5000)}&password=walks-in-the-park`],
    ['a username with markup', 'username=%3Cscript%3E&password=walks-in-the-park'],
  ];
  it.each(bodies)('%s', async (_name, body) => {
    const { app } = await appWithAccount();
    for (const path of ['/api/login', '/api/register']) {
      const response = await request(app)
        .post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Sec-Fetch-Site', 'same-origin')
        .send(body);
      expect(response.status, path).toBe(303);
      const { url, state } = pageFor(response.headers.location);
      expect(state.refusal, path).toBeDefined();
      const username = url.searchParams.get('username');
      if (username !== null) expect(username).toMatch(/^[A-Za-z0-9._-]{1,30}$/);
    }
  });

  it('reads only its own codes and kept values from the address', () => {
    const state = readAuthPage(
      new URLSearchParams({
        error: 'You have won a prize',
        username_error: 'toString',
        username: '<b>hi</b>',
        accountType: 'admin',
        next: '//evil.com',
        tab: 'other',
      }),
    );
    expect(state).toEqual({ tab: 'login', next: '/', fieldErrors: {}, kept: {} });
  });
});

describe("the refusals' table", () => {
  it("holds the domain's own words, so the page and the island say the same", () => {
    expect(AUTH_REFUSALS.invalid_login).toBe(INVALID_LOGIN);
    expect(AUTH_REFUSALS.account_suspended).toBe(ACCOUNT_SUSPENDED);
  });

  it('sends a suspended account back with its message, after the right password only', async () => {
    const { app, store } = await appWithAccount();
    const user = await store.users.findByUsername('ruby_fan');
    await store.users.update(user!.id, { suspendedAt: '2026-06-01T12:00:00.000Z' });
    const response = await formPost(app, '/api/login', { username: 'ruby_fan', password: account.password });
    expect(pageFor(response.headers.location).state.refusal).toBe(ACCOUNT_SUSPENDED);
    expect(sessionCookie(response.headers['set-cookie'])).toBe('');
  });
});
