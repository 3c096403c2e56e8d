// The API login fixture (tests/support/api-login.ts) gives the same signed-in state a registration does.
import { describe, expect, it } from 'vitest';
import { signedInAgent } from '../support/api-login.ts';
import { createTestApp } from '../support/test-app.ts';

describe('signedInAgent', () => {
  it('is signed in as the account it made, with the asked account type', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t, { accountType: 'seller' });
    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, username: user.username, accountType: 'seller' });
  });

  it('makes a session the server can end: after logout the agent is signed out', async () => {
    const t = await createTestApp();
    const { agent } = await signedInAgent(t);
    expect((await agent.post('/api/logout')).status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);
  });
});
