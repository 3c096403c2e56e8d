// Saved searches and alerts (docs/product.md §21, decision 0131), on both stores: an account's alert starts
// at once and a matching listing made public is mailed once, also when two processes run the job at once;
// an address without an account gets only its confirmation mail until the link's button is used, once,
// before it expires; every alert mail carries RFC 8058's one-click unsubscribe, which works without a login;
// a listing that is not public is never mailed; pause stops mails, delete removes; the daily digest.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';
import { activateListingIn } from '../../commerce-api/src/domain/listing-activation.ts';
import { runAlerts, type AlertDeps } from '../../commerce-api/src/domain/saved-searches.ts';
import { placedAt } from '../../commerce-api/src/domain/zip-gazetteer.ts';
import { alertDepsOf } from '../../commerce-api/src/http/routes/alerts.routes.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { OutboxEntry } from '../../commerce-api/src/mail/messages.ts';
import { signedInAgent } from '../support/api-login.ts';
import { addPuppy, marketplace, NOW } from '../support/payments.ts';
import type { TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-store.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const others: Store[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((s) => s.close()));
});

/** a seller with a draft of breed 1 at $1,500, and a logged-in family */
async function world() {
  const w = await marketplace({ expiresAt: null });
  const family = await signedInAgent(w.t);
  const email = (await w.t.store.users.get(family.user.id))!.email;
  return { ...w, family, email, deps: alertDepsOf(w.t.deps) };
}

/** the listing made public as a paid fee makes it (listing-activation.ts), a minute later */
async function publish(t: TestApp, puppyId: number) {
  t.tick(MINUTE);
  return t.store.transaction((tx) => activateListingIn(tx, puppyId, t.clock.now));
}

const alertMails = (t: TestApp, to?: string): OutboxEntry[] =>
  t.outbox.entries.filter((e) => e.subject.includes('match') && (to === undefined || e.to === to));

const tokenIn = (text: string, name: string) => new RegExp(`[?&]${name}=([\\w.-]+)`).exec(text)?.[1];

describe('an account saves an alert', () => {
  it('starts at once; a matching listing made public is mailed once, with one-click unsubscribe headers and a link to the puppy', async () => {
    const w = await world();
    const saved = await w.family.agent
      .post('/api/alerts')
      .send({ query: 'breed=1&maxPrice=2000&status=available&limit=24&sort=price-asc', frequency: 'instant' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ status: 'saved' });
    const listed = await w.family.agent.get('/api/alerts');
    expect(listed.body.alerts).toEqual([
      expect.objectContaining({
        frequency: 'instant',
        status: 'active',
        href: '/puppies?breed=1&maxPrice=2000&status=available',
      }),
    ]);

    await publish(w.t, w.puppy.id);
    const run = await runAlerts(w.deps, w.t.clock.now);
    expect(run).toMatchObject({ listings: 1, matched: 1, mailed: 1 });
    const [mail, ...rest] = alertMails(w.t, w.email);
    expect(rest).toEqual([]);
    expect(mail!.subject).toBe(
      `New match: Daisy, ${(await w.t.store.breeds.list()).find((b) => b.id === 1)!.name}, $1,500`,
    );
    expect(mail!.text).toContain(`http://localhost:4321/puppies/${w.puppy.id}`);
    // the alert marker: the listing's insights count this view as from an alert mail (decision 0135)
    expect(mail!.text).toContain(`/puppies/${w.puppy.id}?from=alert`);
    expect(mail!.html).toContain(`/puppies/${w.puppy.id}`);
    const off = tokenIn(mail!.text, 'unsubscribe')!;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:4321/alerts?unsubscribe=${off}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // the body links the same page, in the text and the HTML footer
    expect(mail!.text).toContain(`/alerts?unsubscribe=${off}`);
    expect(mail!.html).toContain(`/alerts?unsubscribe=${off}`);

    // the next runs read it again (the mark's overlap) and mail nothing
    w.t.tick(30_000);
    await runAlerts(w.deps, w.t.clock.now);
    await publish(w.t, w.puppy.id); // a renewal changes it again: still once
    await runAlerts(w.deps, w.t.clock.now);
    expect(alertMails(w.t)).toHaveLength(1);
  });

  it('does not match another breed, a price above the filter, or a listing from before the alert', async () => {
    const w = await world();
    await addPuppy(w.t, w.seller.user.id, { name: 'Early' }); // public before the alert was saved
    w.t.tick(MINUTE);
    await w.family.agent.post('/api/alerts').send({ query: 'breed=1&maxPrice=2000', frequency: 'instant' }).expect(201);
    const pricey = await addPuppy(w.t, w.seller.user.id, { price: 2500, expiresAt: null, name: 'Pricey' });
    const other = await w.t.store.puppies.update(
      (await addPuppy(w.t, w.seller.user.id, { expiresAt: null, name: 'Other' })).id,
      { breedId: 2 },
    );
    await publish(w.t, pricey.id);
    await publish(w.t, other!.id);
    await runAlerts(w.deps, w.t.clock.now);
    expect(alertMails(w.t)).toEqual([]);
  });

  it('an alert near a ZIP hears only of listings within its miles (decision 0129)', async () => {
    const w = await world();
    // Daisy is in Denver: never a match within 250 miles of Austin, a match within 25 of Denver
    await w.t.store.puppies.update(w.puppy.id, { location: 'Denver, CO', ...placedAt('80202') });
    for (const query of ['breed=1&near=78701&within=250', 'breed=1&near=80202&within=25'])
      await w.family.agent.post('/api/alerts').send({ query, frequency: 'instant' }).expect(201);
    await publish(w.t, w.puppy.id);
    expect(await runAlerts(w.deps, w.t.clock.now)).toMatchObject({ matched: 1, mailed: 1 });
    const [mail] = alertMails(w.t, w.email);
    expect(mail!.text).toContain(`/puppies/${w.puppy.id}`);
    const { body } = await w.family.agent.get('/api/alerts');
    expect(body.alerts.map((a: { href: string }) => a.href).sort()).toEqual([
      '/puppies?breed=1&near=78701&within=250',
      '/puppies?breed=1&near=80202&within=25',
    ]);
  });

  it('two processes running the job at once on one database mail a match once', async () => {
    const w = await world();
    await w.family.agent.post('/api/alerts').send({ query: 'breed=1', frequency: 'instant' }).expect(201);
    await publish(w.t, w.puppy.id);
    // the second process: its own connections on PostgreSQL; on lowdb (one process per data dir) a second run
    let second: AlertDeps = w.deps;
    if (onPostgres) {
      const store = createPostgresRepositories(createPool({ connectionString: w.t.databaseUrl!, max: 3 }));
      others.push(store);
      second = { ...w.deps, store };
    }
    const runs = await Promise.all([
      runAlerts(w.deps, w.t.clock.now),
      runAlerts(second, w.t.clock.now),
      runAlerts(w.deps, w.t.clock.now),
      runAlerts(second, w.t.clock.now),
    ]);
    expect(runs.reduce((n, r) => n + r.mailed, 0)).toBe(1);
    expect(alertMails(w.t, w.email)).toHaveLength(1);
  });

  it('never mails a listing that is not public: a draft, an expired one, one a moderator hid', async () => {
    const w = await world();
    await w.family.agent.post('/api/alerts').send({ query: 'breed=1', frequency: 'instant' }).expect(201);
    w.t.tick(MINUTE);
    const at = w.t.clock.now.toISOString();
    // a draft edited, an expired listing edited, a hidden one made public
    await w.t.store.puppies.update(w.puppy.id, { description: 'Edited draft', updatedAt: at });
    const expired = await addPuppy(w.t, w.seller.user.id, { expiresAt: new Date(NOW.getTime() - HOUR).toISOString() });
    await w.t.store.puppies.update(expired.id, { description: 'Edited', updatedAt: at });
    const hidden = await addPuppy(w.t, w.seller.user.id, { expiresAt: null, name: 'Hidden' });
    await w.t.store.puppies.update(hidden.id, { hiddenAt: at, hiddenReason: 'Reported' });
    await publish(w.t, hidden.id);
    expect(await runAlerts(w.deps, w.t.clock.now)).toMatchObject({ listings: 0, mailed: 0 });
    expect(alertMails(w.t)).toEqual([]);
  });

  it('pause stops the mails and resume starts them again; delete removes the alert', async () => {
    const w = await world();
    const { body } = await w.family.agent
      .post('/api/alerts')
      .send({ query: 'breed=1', frequency: 'instant' })
      .expect(201);
    await w.family.agent.post(`/api/alerts/${body.id}/pause`).expect(200);
    await publish(w.t, w.puppy.id);
    await runAlerts(w.deps, w.t.clock.now);
    expect(alertMails(w.t)).toEqual([]);

    // a stranger cannot touch it
    const stranger = await signedInAgent(w.t);
    expect((await stranger.agent.post(`/api/alerts/${body.id}/resume`)).status).toBe(404);
    expect((await request(w.t.app).post(`/api/alerts/${body.id}/delete`)).status).toBe(401);

    // the form without scripts: 303 back to /alerts with the outcome; what was listed while paused is not sent
    w.t.tick(MINUTE);
    const resumed = await w.family.agent.post(`/api/alerts/${body.id}/resume`).type('form').send({});
    expect(resumed.status).toBe(303);
    expect(resumed.headers.location).toBe('/alerts?done=resumed');
    const next = await addPuppy(w.t, w.seller.user.id, { expiresAt: null, name: 'Bella' });
    await publish(w.t, next.id);
    await runAlerts(w.deps, w.t.clock.now);
    expect(alertMails(w.t).map((m) => m.subject)).toEqual([expect.stringContaining('Bella')]);

    await w.family.agent.post(`/api/alerts/${body.id}/delete`).expect(200);
    expect((await w.family.agent.get('/api/alerts')).body.alerts).toEqual([]);
    expect(await w.t.store.savedSearches.get(body.id)).toBeUndefined();
    const third = await addPuppy(w.t, w.seller.user.id, { expiresAt: null, name: 'Coco' });
    await publish(w.t, third.id);
    await runAlerts(w.deps, w.t.clock.now);
    expect(alertMails(w.t)).toHaveLength(1);
  });

  it('a daily alert waits for its digest: one mail a day with the day’s matches', async () => {
    const w = await world();
    await w.family.agent.post('/api/alerts').send({ query: 'breed=1', frequency: 'daily' }).expect(201);
    await runAlerts(w.deps, w.t.clock.now); // its first digest is due at once, with nothing in it
    await publish(w.t, w.puppy.id);
    const second = await addPuppy(w.t, w.seller.user.id, { expiresAt: null, name: 'Max' });
    await publish(w.t, second.id);
    expect(await runAlerts(w.deps, w.t.clock.now)).toMatchObject({ matched: 2, mailed: 0, digests: 0 });
    expect(alertMails(w.t)).toEqual([]);
    w.t.tick(24 * HOUR);
    expect(await runAlerts(w.deps, w.t.clock.now)).toMatchObject({ digests: 1 });
    const [digest, ...rest] = alertMails(w.t, w.email);
    expect(rest).toEqual([]);
    expect(digest!.subject).toBe('2 new puppies match your alert');
    expect(digest!.text).toContain(`/puppies/${second.id}`);
    expect(digest!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    await runAlerts(w.deps, w.t.clock.now);
    expect(alertMails(w.t)).toHaveLength(1);
  });
});

describe('an address without an account (double opt-in)', () => {
  async function subscribe(w: Awaited<ReturnType<typeof world>>, email = 'visitor@example.com') {
    const response = await request(w.t.app)
      .post('/api/alerts')
      .type('form')
      .send({ query: 'breed=1&status=available', frequency: 'instant', email, back: '/puppies?breed=1' });
    return response;
  }

  it('gets only the confirmation mail until its button is used, once; then its matches', async () => {
    const w = await world();
    const saved = await subscribe(w, 'Visitor@Example.com');
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/puppies?breed=1&alert=confirm#alert-me');
    expect(w.t.outbox.entries.map((e) => [e.to, e.subject])).toEqual([
      ['visitor@example.com', 'Confirm your PuppyNest puppy alert'],
    ]);
    const confirm = w.t.outbox.entries[0]!;
    expect(confirm.headers ?? null).toBeNull();
    const token = tokenIn(confirm.text, 'confirm')!;
    expect(token).toHaveLength(43);

    // a match before confirming is not mailed
    await publish(w.t, w.puppy.id);
    await runAlerts(w.deps, w.t.clock.now);
    expect(w.t.outbox.entries).toHaveLength(1);

    // the link shows a button; following the link changes nothing (mail scanners follow links)
    expect((await request(w.t.app).get(`/alerts?confirm=${token}`)).status).toBe(200);
    const [pending] = await w.t.store.savedSearches.listByEmail('visitor@example.com');
    expect(pending!.status).toBe('pending');

    const confirmed = await request(w.t.app).post('/api/alerts/confirm').type('form').send({ token });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toMatch(/^\/alerts\?token=[\w.-]+&done=confirmed$/);
    const again = await request(w.t.app).post('/api/alerts/confirm').type('form').send({ token });
    expect(again.headers.location).toBe('/alerts?done=link');

    // the manage link lists it, and its forms work with that token
    const manage = tokenIn(confirmed.headers.location!, 'token')!;
    const listed = await request(w.t.app).get(`/api/alerts?token=${manage}`);
    expect(listed.body.alerts).toEqual([expect.objectContaining({ status: 'active' })]);
    expect((await request(w.t.app).get('/api/alerts?token=forged.abcdefghijklmnopqrstuvwxyz012345')).status).toBe(401);

    const next = await addPuppy(w.t, w.seller.user.id, { expiresAt: null, name: 'Luna' });
    await publish(w.t, next.id);
    await runAlerts(w.deps, w.t.clock.now);
    const [mail] = alertMails(w.t, 'visitor@example.com');
    expect(mail!.subject).toContain('Luna');
    expect(mail!.text).toContain(`/alerts?token=${manage}`);

    const paused = await request(w.t.app).post(`/api/alerts/${pending!.id}/pause`).type('form').send({ token: manage });
    expect(paused.headers.location).toBe(`/alerts?token=${encodeURIComponent(manage)}&done=paused`);
    expect((await w.t.store.savedSearches.get(pending!.id))!.status).toBe('paused');
  });

  it('a confirmation link expires after 48 hours', async () => {
    const w = await world();
    await subscribe(w);
    const token = tokenIn(w.t.outbox.entries[0]!.text, 'confirm')!;
    w.t.tick(48 * HOUR + MINUTE);
    const late = await request(w.t.app).post('/api/alerts/confirm').send({ token });
    expect(late.status).toBe(404);
    const [search] = await w.t.store.savedSearches.listByEmail('visitor@example.com');
    expect(search!.status).toBe('pending');
  });

  it('a form without an email, with a bad one, or with filters the list refuses comes back with its code; nothing is saved', async () => {
    const w = await world();
    const empty = await request(w.t.app)
      .post('/api/alerts')
      .type('form')
      .send({ query: 'breed=1', back: '/puppies?breed=1' });
    expect(empty.headers.location).toBe('/puppies?breed=1&alert=email#alert-me');
    const bad = await request(w.t.app)
      .post('/api/alerts')
      .type('form')
      .send({ query: 'breed=1', email: 'not-an-email' });
    expect(bad.headers.location).toBe('/puppies?alert=email#alert-me');
    const filters = await w.family.agent
      .post('/api/alerts')
      .type('form')
      .send({ query: 'minPrice=cheap', back: 'https://evil.example/' });
    expect(filters.headers.location).toBe('/puppies?alert=filters#alert-me');
    const json = await request(w.t.app).post('/api/alerts').send({ frequency: 'hourly' });
    expect(json.status).toBe(400);
    const junk = await request(w.t.app).post('/api/alerts').set('Content-Type', 'application/json').send('[1,2');
    expect(junk.status).toBe(400);
    expect(w.t.outbox.entries).toEqual([]);
    expect(await w.t.store.savedSearches.listActive()).toEqual([]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a POST to the List-Unsubscribe address unsubscribes without a login or a CSRF token, and answers 200; a GET only shows the button', async () => {
    const w = await world();
    const { body } = await w.family.agent
      .post('/api/alerts')
      .send({ query: 'breed=1', frequency: 'instant' })
      .expect(201);
    await publish(w.t, w.puppy.id);
    await runAlerts(w.deps, w.t.clock.now);
    const header = alertMails(w.t)[0]!.headers!['List-Unsubscribe']!;
    const url = new URL(header.slice(1, -1));

    const looked = await request(w.t.app).get(`${url.pathname}${url.search}`);
    expect(looked.status).toBe(200);
    expect(await w.t.store.savedSearches.get(body.id)).toBeDefined();

    const forged = await request(w.t.app)
      .post('/alerts?unsubscribe=1.abcdefghijklmnopqrstuvwxyz012345')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(forged.status).toBe(404);

    const clicked = await request(w.t.app)
      .post(`${url.pathname}${url.search}`)
      .set('Origin', 'https://mail.example')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(clicked.status).toBe(200);
    expect(await w.t.store.savedSearches.get(body.id)).toBeUndefined();
    // the page's button goes back to the page, which says so
    const button = await request(w.t.app)
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click&page=1');
    expect(button.status).toBe(303);
    expect(button.headers.location).toBe(
      `/alerts?unsubscribe=${encodeURIComponent(url.searchParams.get('unsubscribe')!)}&done=unsubscribed`,
    );
    // a second click (a client retrying) is fine too
    expect(
      (await request(w.t.app).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click'))
        .status,
    ).toBe(200);
  });
});
