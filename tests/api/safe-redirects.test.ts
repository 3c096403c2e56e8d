// The server's redirects to addresses it was given (decision 0108): the way back after logging in, and
// the return address of a payout setup link, stay on this site.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { OnDemandPages } from '../../commerce-api/src/http/on-demand-pages.ts';
import { signedInAgent } from '../support/api-login.ts';
import { createTestApp } from '../support/test-app.ts';

/** a stand-in for the built pages: these tests read redirects, never a page */
const pages: OnDemandPages = {
  handler: (_req, res) => {
    res.statusCode = 200;
    res.end('page');
  },
  buildId: 'test-build',
};
const SITE = 'http://localhost:4321';

describe('the way back after logging in', () => {
  it('a message page sends a visitor to log in with its own path as next, and never an encoded trick', async () => {
    const t = await createTestApp({ pages });
    expect((await request(t.app).get('/messages/12').expect(303)).headers.location).toBe('/auth?next=%2Fmessages%2F12');
    expect((await request(t.app).get('/messages').expect(303)).headers.location).toBe('/auth?next=%2Fmessages');
    for (const trick of ['/messages/%5Cevil.example', '/messages/%09evil', '/messages/%255Cevil.example']) {
      expect((await request(t.app).get(trick).expect(303)).headers.location, trick).toBe('/auth?next=%2F');
    }
  });
});

describe('the payout setup form', () => {
  async function linkReturningTo(returnUrl: string) {
    const t = await createTestApp({ pages });
    const seller = await signedInAgent(t, { accountType: 'seller' });
    await seller.agent.post('/api/earnings/connect').expect(200);
    const account = await t.store.payoutAccounts.findByUser(seller.user.id);
    const provider = await t.deps.payments.local();
    const link = await provider!.createAccountLink({
      accountId: account!.accountId,
      returnUrl,
      refreshUrl: `${SITE}/earnings?onboarding=refresh`,
    });
    const url = new URL(link.url);
    const form = new URLSearchParams({
      legalName: 'Dana Seller',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      ssnLast4: '0000',
      intent: 'submit',
    });
    return request(t.app)
      .post(url.pathname + url.search)
      .type('form')
      .send(form.toString());
  }

  it("goes back to the link's return address on this site", async () => {
    expect((await linkReturningTo(`${SITE}/earnings?onboarding=done`)).headers.location).toBe(
      `${SITE}/earnings?onboarding=done`,
    );
  });

  it.each([
    'https://evil.example/earnings',
    '//evil.example/earnings',
    `${SITE}/\\evil.example`,
    'javascript:alert(1)',
  ])('never to %s', async (returnUrl) => {
    const answer = await linkReturningTo(returnUrl);
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.location as string).origin).toBe(SITE);
  });
});
