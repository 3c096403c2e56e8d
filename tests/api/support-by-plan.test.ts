// Support by plan (decision 0136, docs/product.md §24): a message to the team from a logged-in seller keeps
// the plan the server finds from their session, never one the form names, and says it in the team's mail;
// the admin's list reads annual, six-month, monthly, then no plan, newest first within each. Run on both
// stores (projects api and api-postgres).
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminContactMessagesResponse } from '#contracts/contacts.ts';
import type { PlanId } from '#contracts/plans.ts';
import { signedInAgent } from '../support/api-login.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const note = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  phone: '555-010-2000',
  message: `A question from ${name}.`,
});

type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let t: TestApp;
const sellers = {} as Record<PlanId | 'none', Agent>;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  for (const plan of ['annual', 'biannual', 'monthly', 'none'] as const) {
    sellers[plan] = await signedInAgent(t, { accountType: 'seller', username: `help-${plan}` });
    if (plan === 'none') continue;
    await t.store.sellerSubscriptions.createForProvider({
      userId: sellers[plan].user.id,
      plan,
      priceId: `price_${plan}`,
      providerSubscriptionId: `sub_help_${plan}`,
      status: 'trialing',
      trialEnd: new Date(NOW.getTime() + 7 * DAY).toISOString(),
      currentPeriodEnd: null,
      createdAt: NOW.toISOString(),
    });
  }
  admin = await signedInAgent(t, { username: 'help-admin' });
  await t.store.users.update(admin.user.id, { role: 'admin' });
});

/** posts the contact form as `agent` a minute after the last, so "newest" is well defined */
async function send(agent: { post(path: string): request.Test }, body: Record<string, unknown>) {
  t.tick(60_000);
  const response = await agent.post('/api/contacts').send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}

describe('a message to the team', () => {
  it("carries a seller's plan from the session, into the store and the team's mail", async () => {
    const id = await send(sellers.annual.agent, note('Annie Annual'));
    expect(await t.store.contacts.get(id)).toMatchObject({ userId: sellers.annual.user.id, plan: 'annual' });
    const mail = t.outbox.entries[0]!; // the outbox lists the newest first
    expect(mail.subject).toBe('Contact form (priority, Annual plan): message from Annie Annual');
    expect(mail.text).toContain('Plan: Annual (priority)');
    expect(mail.html).toContain('Annual (priority)');

    await send(sellers.monthly.agent, note('Mo Monthly'));
    expect(t.outbox.entries[0]!.subject).toBe('Contact form: message from Mo Monthly');
    expect(t.outbox.entries[0]!.text).toContain('Plan: Monthly');
  });

  it('cannot be given a plan by the form', async () => {
    const id = await send(sellers.none.agent, { ...note('Sly Seller'), plan: 'annual', priority: true });
    expect(await t.store.contacts.get(id)).toMatchObject({ plan: null });
    expect(t.outbox.entries[0]!.text).toContain('Plan: No plan');
    const visitor = await send(request(t.app), { ...note('Val Visitor'), plan: 'annual' });
    expect(await t.store.contacts.get(visitor)).toMatchObject({ userId: null, plan: null });
    expect(t.outbox.entries[0]!.text).not.toContain('Plan:');
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('is for admins only', async () => {
    expect((await request(t.app).get('/api/admin/contact-messages')).status).toBe(401);
    expect((await sellers.annual.agent.get('/api/admin/contact-messages')).status).toBe(403);
  });

  it('lists annual, six-month, monthly, then no plan, newest first within each, with each plan', async () => {
    await send(sellers.biannual.agent, note('Bea Biannual'));
    await send(sellers.annual.agent, note('Annie Again'));
    await send(request(t.app), note('Late Visitor'));
    const response = await admin.agent.get('/api/admin/contact-messages').expect(200);
    const { messages } = response.body as AdminContactMessagesResponse;
    expect(messages.map((m) => [m.name, m.planLabel])).toEqual([
      ['Annie Again', 'Annual (priority)'],
      ['Annie Annual', 'Annual (priority)'],
      ['Bea Biannual', 'Six-month (priority)'],
      ['Mo Monthly', 'Monthly'],
      ['Late Visitor', 'No plan'],
      ['Val Visitor', 'No plan'],
      ['Sly Seller', 'No plan'],
    ]);
    expect(messages[0]).toMatchObject({ plan: 'annual', priority: true, username: 'help-annual' });
    expect(messages.find((m) => m.name === 'Mo Monthly')).toMatchObject({ plan: 'monthly', priority: false });
    expect(messages.find((m) => m.name === 'Late Visitor')).toMatchObject({ username: null, plan: null });
  });
});
