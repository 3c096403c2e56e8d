import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

describe('health probes', () => {
  it('/healthz and /readyz answer 200 while the store is ready', async () => {
    const { app } = await createTestApp();
    expect((await request(app).get('/healthz')).status).toBe(200);
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true });
  });

  it('/readyz answers 503 with a reason once the store is closed', async () => {
    const t = await createTestApp();
    await t.store.close();
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ ok: false, reason: 'store closed' });
  });
});
