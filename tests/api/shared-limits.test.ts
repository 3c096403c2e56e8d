// Rate limits across processes (decision 0093): two apps, each with its own pool, on one PostgreSQL
// database count into the same counters, so a limit of 5 is 5 across both. Runs in api-postgres only.
import request from 'supertest';
import { afterEach, expect, it } from 'vitest';
import { createApp } from '../../commerce-api/src/app.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';
import { createTestApp } from '../support/test-app.ts';

const others: Store[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((store) => store.close()));
});

it('a login limit of 5 reached through two processes refuses on both', async () => {
  const a = await createTestApp({ env: { LOGIN_FAILURES_PER_USERNAME_AND_CLIENT: '5' } });
  const store = createPostgresRepositories(createPool({ connectionString: a.databaseUrl!, max: 2 }));
  others.push(store);
  const b = createApp({ ...a.deps, store });
  const wrong = { username: 'someone', password: 'not-the-password' };

  const statuses: number[] = [];
  for (const app of [a.app, b, a.app, b, a.app])
    statuses.push((await request(app).post('/api/login').send(wrong)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  // the sixth, through either process, is refused: the five were counted together
  expect((await request(b).post('/api/login').send(wrong)).status).toBe(429);
  expect((await request(a.app).post('/api/login').send(wrong)).status).toBe(429);
  // another username from the same client is counted on its own
  expect(
    (
      await request(b)
        .post('/api/login')
        .send({ ...wrong, username: 'someone-else' })
    ).status,
  ).toBe(401);

  // the hourly sweep forgets counters whose window ended (none yet; all of them two hours on)
  expect(await store.rateLimits!.sweep(new Date())).toBe(0);
  expect(await store.rateLimits!.sweep(new Date(Date.now() + 2 * 60 * 60 * 1000))).toBeGreaterThan(0);
  expect((await request(a.app).post('/api/login').send(wrong)).status).toBe(401);
});

it('the donation limit counts every attempt across both processes, even refused ones', async () => {
  const a = await createTestApp();
  const store = createPostgresRepositories(createPool({ connectionString: a.databaseUrl!, max: 2 }));
  others.push(store);
  const b = createApp({ ...a.deps, store });

  // 20 attempts per client per 15 minutes (http/rate-limits.ts); a card-tester's bad requests count too
  for (let i = 0; i < 20; i++) {
    const res = await request(i % 2 ? b : a.app)
      .post('/api/create-donation-intent')
      .send({ amount: 'lots' });
    expect(res.status).toBe(400);
  }
  const refused = await request(b).post('/api/create-donation-intent').send({ amount: 'lots' });
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toMatch(/^Too many donation attempts from this network/);
  expect((await request(a.app).post('/api/create-donation-intent').send({ amount: 'lots' })).status).toBe(429);
});
