// Two product processes behind HAProxy on this machine (decision 0097): one PostgreSQL, one S3 server,
// two `server.ts` processes and the balancer (deploy/haproxy.cfg), all on loopback. Through the balancer
// and directly: sessions, limits and photos are shared; two buyers paying for one puppy through different
// processes end with one sale; killing a process mid-traffic loses no acknowledged write.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';
import { buildPuppy, createRng } from '../support/factories.ts';
import { startPostgres, type TestPostgres } from '../support/postgres-server.ts';
import { startS3, type TestS3 } from '../support/s3-server.ts';
import { sessionCookie } from '../support/test-app.ts';

const SERVER = path.resolve('commerce-api/src/server.ts');
export const INSTALL_HAPROXY = 'apt-get install -y haproxy';

let pg: TestPostgres;
let s3: TestS3;
let store: Store;
let balancer: ChildProcess;
const processes: Record<'a' | 'b', { child: ChildProcess; url: string }> = {} as never;
let front: string;
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-cluster-'));
  dirs.push(dir);
  return dir;
}

/** one product process on the shared database and bucket; resolves once it listens */
function startProcess(port: number, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: tempDir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/running at http/.test(output)) resolve({ child, url: `http://127.0.0.1:${port}` });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** resolves once the balancer passes requests to both processes */
async function bothInRotation(): Promise<void> {
  await vi.waitFor(
    async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() =>
          fetch(`${front}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      expect(answers).toEqual([200, 200, 200, 200]);
    },
    { timeout: 20_000, interval: 100 },
  );
}

beforeAll(async () => {
  if (spawnSync('haproxy', ['-v']).status !== 0)
    throw new Error(`HAProxy is not installed. Install it with: ${INSTALL_HAPROXY}`);
  pg = startPostgres({ durable: true });
  pg.psql('CREATE DATABASE cluster');
  s3 = await startS3();
  const [portA, portB, portFront] = await Promise.all([freePort(), freePort(), freePort()]);
  const env = {
    DATABASE_URL: pg.url('cluster'),
    SESSION_SECRET: 'a-cluster-session-secret-shared-by-every-process',
    S3_ENDPOINT: s3.settings.endpoint,
    S3_BUCKET: s3.settings.bucket,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    TRUST_PROXY: 'loopback',
    LOGIN_FAILURES_PER_USERNAME_AND_CLIENT: '5',
    CONTACT_MESSAGES_PER_CLIENT: '100000',
  };
  // one at a time: the first migrates and seeds, the second finds it done (both also hold the advisory locks)
  processes.a = await startProcess(portA, env);
  processes.b = await startProcess(portB, env);
  front = `http://127.0.0.1:${portFront}`;
  balancer = spawn('haproxy', ['-db', '-f', path.resolve('deploy/haproxy.cfg')], {
    env: { ...process.env, PN_BIND: `127.0.0.1:${portFront}`, PN_A: `127.0.0.1:${portA}`, PN_B: `127.0.0.1:${portB}` },
    stdio: 'ignore',
  });
  await bothInRotation();
  store = createPostgresRepositories(createPool({ connectionString: pg.url('cluster'), max: 2 }));
}, 120_000);

afterAll(async () => {
  balancer?.kill('SIGKILL');
  for (const p of Object.values(processes)) p.child.kill('SIGKILL');
  await store?.close();
  await s3?.stop();
  pg?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let users = 0;
async function register(base: string, accountType: 'buyer' | 'seller' = 'buyer') {
  const username = `cluster${accountType}${++users}`;
  const response = await request(base)
    .post('/api/register')
    .send({
      username,
      password: 'correct-horse-battery',
      email: `${username}@example.com`,
      accountType,
      confirmAdult: true,
    });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { id: response.body.id as number, username, cookie: sessionCookie(response.headers['set-cookie']) };
}

describe('two processes behind HAProxy', () => {
  it('a session made on A works on B and through the balancer', async () => {
    const buyer = await register(processes.a.url);
    for (const base of [processes.b.url, front, front]) {
      const me = await request(base).get('/api/user').set('Cookie', buyer.cookie);
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(buyer.username);
    }
  });

  it('a login limit reached through A also refuses on B', async () => {
    const wrong = { username: 'nobody-in-particular', password: 'not-the-password' };
    for (let i = 0; i < 5; i++)
      expect((await request(processes.a.url).post('/api/login').send(wrong)).status).toBe(401);
    expect((await request(processes.b.url).post('/api/login').send(wrong)).status).toBe(429);
    expect((await request(front).post('/api/login').send(wrong)).status).toBe(429);
  });

  it('a photo uploaded through A is served by B and through the balancer', async () => {
    const seller = await register(front, 'seller');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 160, b: 90 } } })
      .png()
      .toBuffer();
    const uploaded = await request(processes.a.url)
      .post('/api/upload/image')
      .set('Cookie', seller.cookie)
      .attach('puppyImage', png, 'pup.png');
    expect(uploaded.status).toBe(201);
    const url = uploaded.body.url as string;
    for (const base of [processes.b.url, front, front]) {
      const served = await request(base).get(url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
  });

  it('two buyers paying for one puppy at once, one through each process, end with one sale', async () => {
    const seller = await register(front, 'seller');
    const puppy = await store.puppies.insert(
      buildPuppy(
        {
          name: 'Clover',
          breedId: 1,
          userId: seller.id,
          price: 1500,
          status: 'available',
          expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        },
        createRng(7),
        { now: new Date() },
      ),
    );
    const buyers = await Promise.all([register(processes.a.url), register(processes.b.url)]);
    const bases = [processes.a.url, processes.b.url];
    const intents = await Promise.all(
      buyers.map(async (buyer, i) => {
        const intent = await request(bases[i]!)
          .post('/api/create-payment-intent')
          .set('Cookie', buyer.cookie)
          .send({ puppyId: puppy.id, visitId: `visit-000${i + 1}` });
        expect(intent.status, JSON.stringify(intent.body)).toBe(200);
        return intent.body as { clientSecret: string; intentId: string };
      }),
    );
    const methods = await Promise.all(
      buyers.map(async (buyer, i) => {
        const method = await request(bases[i]!)
          .post('/api/local-payments/payment-methods')
          .set('Cookie', buyer.cookie)
          .send({ number: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123', zip: '94107' });
        expect(method.status).toBe(200);
        return method.body.id as string;
      }),
    );
    await Promise.all(
      buyers.map(async (buyer, i) => {
        const confirmed = await request(bases[i]!)
          .post('/api/local-payments/confirm')
          .set('Cookie', buyer.cookie)
          .send({ clientSecret: intents[i]!.clientSecret, paymentMethodId: methods[i] });
        expect(confirmed.status).toBe(200);
      }),
    );

    const outcomes = await Promise.all(
      buyers.map(
        async (buyer, i) =>
          (
            await request(bases[1 - i]!)
              .post(`/api/payments/${intents[i]!.intentId}/refresh`)
              .set('Cookie', buyer.cookie)
              .send({})
          ).body as { outcome: string; message?: string },
      ),
    );
    const [won, lost] = outcomes[0]!.outcome === 'sold_out' ? [1, 0] : [0, 1];
    expect(outcomes[lost]!.outcome).toBe('sold_out');
    expect(outcomes[lost]!.message).toMatch(/reserved by another family.*not charged/);
    expect(outcomes[won]!.outcome).not.toBe('sold_out');
    expect((await store.localPayments.find(intents[lost]!.intentId, 'payment_intent'))!.status).toBe('canceled');
    expect((await store.localPayments.find(intents[won]!.intentId, 'payment_intent'))!.status).toBe('succeeded');
    expect((await store.puppies.get(puppy.id))!.status).toBe('reserved');
  });

  it('killing A mid-traffic loses no acknowledged write, and B keeps serving through the balancer', async () => {
    const acknowledged: number[] = [];
    let killed = false;
    const contact = (n: number) => ({
      name: `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      phone: '555-0100',
      message: `Cluster message ${n}`,
    });
    // 4 writers through the balancer; A is killed once 40 writes were acknowledged
    let next = 0;
    const writer = async () => {
      while (next < 200) {
        const n = next++;
        const status = await fetch(`${front}/api/contacts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(contact(n)),
        }).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 201) acknowledged.push(n);
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          processes.a.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(killed).toBe(true);
    // B took the rest: far more than the 40 before the kill were acknowledged
    expect(acknowledged.length).toBeGreaterThan(120);

    const pool = createPool({ connectionString: pg.url('cluster'), max: 1 });
    const stored = new Set(
      (await pool.query<{ message: string }>('SELECT message FROM contact_messages')).rows.map((r) => r.message),
    );
    await pool.end();
    for (const n of acknowledged) expect(stored.has(`Cluster message ${n}`), `acknowledged write ${n}`).toBe(true);
    expect((await request(front).get('/api/puppies?limit=1')).status).toBe(200);
  });
});
