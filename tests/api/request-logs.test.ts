// Request logs (decision 0116): every answer carries an X-Request-Id, every line a request writes carries
// it, a client's own id is taken only through a trusted proxy, a finished request's line has the level
// of what it says, and what a request carries in secret (a password, a session cookie, a client secret
// in a return URL) never reaches the log.
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, registeredAgent } from '../support/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are on every answer, and on every line the request logs, its own lines after an await included', async () => {
    const secret = 'a-webhook-secret-shared-with-sanity';
    const t = await createTestApp({ env: { SANITY_WEBHOOK_SECRET: secret, SITE_REBUILD_COMMAND: '' } });
    const body = JSON.stringify({ _id: 'faq-01', _type: 'faqItem' });
    const response = await request(t.app)
      .post('/api/hooks/sanity')
      .set('Content-Type', 'application/json')
      .set(SIGNATURE_HEADER_NAME, await encodeSignatureHeader(body, t.clock.now.getTime(), secret))
      .send(body)
      .expect(202);
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    // the route's own warning (written after the signature check's await) and the request's line
    expect(t.logLines.map((line) => [line.level, line.msg, line.reqId])).toEqual([
      ['warn', 'content published, but SITE_REBUILD_COMMAND is not set: the site was not rebuilt', id],
      ['info', 'request completed', id],
    ]);
    expect(t.logLines[1]).toMatchObject({
      req: { method: 'POST', url: '/api/hooks/sanity' },
      res: { statusCode: 202 },
      responseTime: expect.any(Number),
    });
    // another request, another id
    const other = await request(t.app)
      .post('/api/login')
      .send({ username: 'nobody', password: 'not-a-password' })
      .expect(401);
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(id);
    expect(t.logLines.at(-1)).toMatchObject({ msg: 'request completed', reqId: other.headers['x-request-id'] });
  });

  it("take a client's X-Request-Id only from a trusted proxy, and only when it is a plain id", async () => {
    const direct = await createTestApp();
    const forged = await request(direct.app).get('/api/breeds').set('X-Request-Id', 'edge-42').expect(200);
    expect(forged.headers['x-request-id']).toMatch(UUID);
    expect(direct.logOutput()).not.toContain('edge-42');

    // supertest connects from 127.0.0.1: a proxy on this machine
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'loopback', LOG_LEVEL: 'debug' } });
    const kept = await request(proxied.app).get('/api/breeds').set('X-Request-Id', 'edge-42').expect(200);
    expect(kept.headers['x-request-id']).toBe('edge-42');
    expect(proxied.logLines.at(-1)).toMatchObject({ msg: 'request completed', reqId: 'edge-42' });
    for (const unfit of ['two words', 'x'.repeat(129), 'line\tbreak']) {
      const replaced = await request(proxied.app).get('/api/breeds').set('X-Request-Id', unfit).expect(200);
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('leave the health probes out of the log (a balancer asks every few seconds), but answer them with an id', async () => {
    const t = await createTestApp();
    const probe = await request(t.app).get('/healthz').expect(200);
    expect(probe.headers['x-request-id']).toMatch(UUID);
    await request(t.app).get('/readyz').expect(200);
    expect(t.logLines).toEqual([]);
  });
});

describe('request lines', () => {
  it('say by their level what happened: a quick successful read is at debug, so LOG_LEVEL=info leaves the popular reads out', async () => {
    // the level follows the outcome alone here: no request on a busy machine comes near LOG_SLOW_MS
    const levels = async (level: string) => {
      const t = await createTestApp({ env: { LOG_LEVEL: level, LOG_SLOW_MS: '600000' } });
      await request(t.app).get('/api/breeds').expect(200);
      await request(t.app).get('/api/puppies/999999').expect(404);
      await request(t.app).post('/api/login').send({ username: 'nobody', password: 'not-a-password' }).expect(401);
      const contact = {
        name: 'Ann',
        email: 'ann@example.com',
        phone: '555-0100',
        message: 'Hello there, is Daisy still available?',
      };
      await request(t.app).post('/api/contacts').send(contact).expect(201);
      // the server's own failure: the store cannot answer
      t.store.contacts.insert = () => Promise.reject(new Error('the disk is gone'));
      await request(t.app).post('/api/contacts').send(contact).expect(500);
      return t.logLines
        .filter((line) => line.req)
        .map((line) => [
          line.level,
          (line.req as { method: string }).method,
          (line.res as { statusCode: number }).statusCode,
          line.msg,
        ]);
    };
    expect(await levels('info')).toEqual([
      ['info', 'GET', 404, 'request completed'],
      ['info', 'POST', 401, 'request completed'],
      ['info', 'POST', 201, 'request completed'],
      ['error', 'POST', 500, 'request failed'],
    ]);
    expect((await levels('debug'))[0]).toEqual(['debug', 'GET', 200, 'request completed']);
  });

  it('say a request that took LOG_SLOW_MS or more at warn, whatever its outcome but a 5xx', async () => {
    const t = await createTestApp({ env: { LOG_SLOW_MS: '1' } });
    // a login hashes with argon2: always longer than a millisecond
    await request(t.app).post('/api/login').send({ username: 'nobody', password: 'not-a-password' }).expect(401);
    const line = t.logLines.find((l) => l.req);
    expect([line?.level, (line?.res as { statusCode: number } | undefined)?.statusCode]).toEqual(['warn', 401]);
  });
});

describe('secrets in the log', () => {
  it("never hold a login's password or session, at any level, nor a secret in a URL", async () => {
    const t = await createTestApp({ env: { LOG_LEVEL: 'trace' } });
    const password = 'Plum-Tart-Secret-8812';
    const { agent, cookie } = await registeredAgent(t.app, { username: 'logfan', password });
    await request(t.app).post('/api/login').send({ username: 'logfan', password }).expect(200);
    await request(t.app).post('/api/login').send({ username: 'logfan', password: 'Wrong-Guess-7731' }).expect(401);
    await agent.get('/api/user').expect(200);
    // Stripe's return to the site carries the payment's client secret in the query
    await request(t.app)
      .get('/api/puppies?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_Zq9')
      .expect(200);

    const output = t.logOutput();
    expect(t.logLines.filter((line) => line.req).map((line) => (line.req as { url: string }).url)).toEqual([
      '/api/register',
      '/api/login',
      '/api/login',
      '/api/user',
      '/api/puppies?payment_intent=pi_123&payment_intent_client_secret=redacted',
    ]);
    for (const secret of [password, 'Wrong-Guess-7731', cookie.split('=')[1]!, 'pi_123_secret_Zq9'])
      expect(output).not.toContain(secret);
  });
});
