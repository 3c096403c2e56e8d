// Parents and their health records (decision 0121, docs/product.md §18): a seller's parents and tests are
// theirs alone (404 for anyone else), a proof is read only by its seller and admins, a listing names only
// its seller's parents of the right sex, an admin verifies or rejects each test against its proof, and
// the Health-tested parents badge and the catalogue's filter follow the verified tests.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { BreederPageView } from '#contracts/breeders.ts';
import type { HealthTestView, MyParentsResponse, ParentView } from '#contracts/parents.ts';
import type { PuppyDetailView, PuppyPage } from '#contracts/puppies.ts';
import os from 'node:os';
import { shapeOf } from '../../commerce-api/src/seed/seed-postgres.ts';
import { seedDatabase } from '../../commerce-api/src/seed/seed.ts';
import { createMemoryStorage } from '../../commerce-api/src/storage/index.ts';
import { signedInAgent } from '../support/api-login.ts';
import { buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const longAgo = new Date(NOW.getTime() - 400 * DAY).toISOString();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);

async function world() {
  const t = await createTestApp({ now: NOW });
  const lab = await t.store.breeds.insert({
    name: 'Labrador Retriever',
    imageUrl: '/x.webp',
    size: 'large',
    categories: ['family'],
    temperament: [],
  });
  const admin = await signedInAgent(t, { username: 'moderator', role: 'admin', createdAt: longAgo });
  const seller = await signedInAgent(t, { username: 'breeder', accountType: 'seller', createdAt: longAgo });
  const rival = await signedInAgent(t, { username: 'rival', accountType: 'seller', createdAt: longAgo });
  const buyer = await signedInAgent(t, { username: 'family', createdAt: longAgo });
  await t.store.breederProfiles.save({
    userId: seller.user.id,
    kennelName: 'Willow Creek Kennels',
    slug: 'willow-creek-kennels',
    about: 'Labradors raised in our home.',
    town: 'Austin',
    state: 'TX',
    breeds: ['Labrador Retriever'],
    photoUrl: null,
    createdAt: longAgo,
    updatedAt: longAgo,
  });
  const listing = (userId: number, name: string) =>
    t.store.puppies.insert(
      buildPuppy(
        {
          name,
          breedId: lab.id,
          userId,
          status: 'available',
          expiresAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
        },
        createRng(name.length),
        { now: NOW },
      ),
    );
  return { t, lab, admin, seller, rival, buyer, listing };
}
type World = Awaited<ReturnType<typeof world>>;
type Agent = World['seller'];

async function addParent(w: World, who: Agent, body: Record<string, unknown> = {}): Promise<ParentView> {
  const response = await who.agent
    .post('/api/parents')
    .send({ name: 'Duke', sex: 'sire', breedId: w.lab.id, registry: 'AKC', registrationNumber: 'SR12345678', ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as ParentView;
}

async function addTest(
  who: Agent,
  parentId: number,
  test: string,
  proof: Buffer | null = PDF,
): Promise<HealthTestView> {
  const created = await who.agent.post(`/api/parents/${parentId}/tests`).send({
    test,
    result: test === 'eic' ? 'Clear' : 'Good',
    testedOn: '2025-03-02',
    registry: 'OFA',
    certificateNumber: test === 'hips' ? 'LR-250001G24M-VPI' : '2128905',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (!proof) return created.body as HealthTestView;
  const uploaded = await who.agent
    .post(`/api/parents/${parentId}/tests/${created.body.id}/proof`)
    .attach('proof', proof, 'certificate.pdf');
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return uploaded.body as HealthTestView;
}

const LAB_TESTS = ['hips', 'elbows', 'eyes', 'eic'];

describe('parents and their tests belong to their seller', () => {
  it('a seller adds a parent and a test with a proof, and sees them with the OFA link', async () => {
    const w = await world();
    const duke = await addParent(w, w.seller, { birthDate: '2021-04-02', outsideStud: true });
    expect(duke).toMatchObject({ name: 'Duke', sex: 'sire', breedName: 'Labrador Retriever', outsideStud: true });
    const hips = await addTest(w.seller, duke.id, 'hips');
    expect(hips).toMatchObject({
      test: 'hips',
      status: 'pending',
      hasProof: true,
      proofUrl: `/api/parents/${duke.id}/tests/${hips.id}/proof`,
      ofaUrl: 'https://ofa.org/advanced-search/?quicksearch=LR-250001G24M-VPI',
    });
    const eyes = await addTest(w.seller, duke.id, 'eyes', PNG);
    expect(eyes.ofaUrl).toBe('https://ofa.org/advanced-search/?appnum=2128905');
    const mine = (await w.seller.agent.get('/api/parents').expect(200)).body as MyParentsResponse;
    expect(mine.parents.map((p) => [p.name, p.tests.map((t) => t.test)])).toEqual([['Duke', ['hips', 'eyes']]]);
    // another seller sees none of it
    expect(((await w.rival.agent.get('/api/parents').expect(200)).body as MyParentsResponse).parents).toEqual([]);
  });

  it('another seller can neither read nor change a parent or its tests (404)', async () => {
    const w = await world();
    const duke = await addParent(w, w.seller);
    const hips = await addTest(w.seller, duke.id, 'hips');
    const rival = w.rival.agent;
    const update = { name: 'Mine now', sex: 'sire', breedId: w.lab.id };
    expect((await rival.put(`/api/parents/${duke.id}`).send(update)).status).toBe(404);
    expect(
      (
        await rival
          .post(`/api/parents/${duke.id}/tests`)
          .send({ test: 'eyes', result: 'Normal', testedOn: '2025-01-01' })
      ).status,
    ).toBe(404);
    expect(
      (
        await rival
          .put(`/api/parents/${duke.id}/tests/${hips.id}`)
          .send({ test: 'hips', result: 'Excellent', testedOn: '2025-01-01' })
      ).status,
    ).toBe(404);
    expect(
      (await rival.post(`/api/parents/${duke.id}/tests/${hips.id}/proof`).attach('proof', PDF, 'x.pdf')).status,
    ).toBe(404);
    expect((await rival.get(`/api/parents/${duke.id}/tests/${hips.id}/proof`)).status).toBe(404);
    const still = ((await w.seller.agent.get('/api/parents')).body as MyParentsResponse).parents[0]!;
    expect(still.name).toBe('Duke');
    expect(still.tests[0]).toMatchObject({ result: 'Good', hasProof: true });
  });

  it('a buyer account cannot keep parents, and bad input says what is wrong and changes nothing', async () => {
    const w = await world();
    expect(
      (await w.buyer.agent.post('/api/parents').send({ name: 'Rex', sex: 'sire', breedId: w.lab.id })).status,
    ).toBe(403);
    const bad = await w.seller.agent
      .post('/api/parents')
      .send({ name: '', sex: 'uncle', breedId: 'x', birthDate: '2021-13-45' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      name: 'Name is required',
      sex: 'Choose sire or dam',
      birthDate: 'Birth date must be a date (YYYY-MM-DD)',
    });
    expect((await w.seller.agent.post('/api/parents').send('not json').type('text/plain')).status).toBe(400);
    const duke = await addParent(w, w.seller);
    const test = await w.seller.agent
      .post(`/api/parents/${duke.id}/tests`)
      .send({ test: 'x-rays', result: '', testedOn: 'soon' });
    expect(test.status).toBe(400);
    expect(test.body.error.fields).toMatchObject({
      test: 'Choose a test from the list',
      testedOn: 'Test date must be a date (YYYY-MM-DD)',
    });
    const hips = await addTest(w.seller, duke.id, 'hips', null);
    const text = await w.seller.agent
      .post(`/api/parents/${duke.id}/tests/${hips.id}/proof`)
      .attach('proof', Buffer.from('just words'), 'notes.txt');
    expect(text.status).toBe(415);
    expect(text.body.error.message).toBe('A proof must be a JPEG, PNG, WebP or AVIF picture, or a PDF.');
    expect((await w.seller.agent.post(`/api/parents/${duke.id}/tests/${hips.id}/proof`)).status).toBe(400);
    expect(((await w.seller.agent.get('/api/parents')).body as MyParentsResponse).parents).toHaveLength(1);
  });
});

describe('a proof is private', () => {
  it('a visitor, a buyer and another seller get 404; the seller and an admin get the file', async () => {
    const w = await world();
    const duke = await addParent(w, w.seller);
    const hips = await addTest(w.seller, duke.id, 'hips');
    const url = hips.proofUrl!;
    expect((await request(w.t.app).get(url)).status).toBe(404);
    expect((await w.buyer.agent.get(url)).status).toBe(404);
    expect((await w.rival.agent.get(url)).status).toBe(404);
    for (const who of [w.seller, w.admin]) {
      const response = await who.agent
        .get(url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(response.body as Buffer, PDF)).toBe(0);
    }
    // the listing page shows the test, never where its proof is
    const puppy = await w.listing(w.seller.user.id, 'Daisy');
    await w.seller.agent.put(`/api/puppies/${puppy.id}`).send({ sireId: duke.id }).expect(200);
    const page = (await request(w.t.app).get(`/api/puppies/${puppy.id}`).expect(200)).body as PuppyDetailView;
    expect(page.parents?.sire?.tests).toEqual([expect.objectContaining({ test: 'hips', verified: false })]);
    expect(JSON.stringify(page)).not.toContain('/proof');
  });
});

describe('a listing names its sire and dam', () => {
  it('refuses another seller’s parent and a parent of the wrong sex, with a clear message', async () => {
    const w = await world();
    const theirs = await addParent(w, w.rival, { name: 'Ace' });
    const rosie = await addParent(w, w.seller, { name: 'Rosie', sex: 'dam' });
    const puppy = await w.listing(w.seller.user.id, 'Daisy');
    const foreign = await w.seller.agent.put(`/api/puppies/${puppy.id}`).send({ sireId: theirs.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.sireId).toBe(
      'Choose the sire from your own parent dogs (add it under Parents in My Listings first).',
    );
    const wrongSex = await w.seller.agent.put(`/api/puppies/${puppy.id}`).send({ sireId: rosie.id });
    expect(wrongSex.status).toBe(400);
    expect(wrongSex.body.error.message).toBe("Rosie is kept as a dam, so it cannot be this puppy's sire.");
    expect((await w.t.store.puppies.get(puppy.id))?.sireId ?? null).toBeNull();
    // a new listing too
    const created = await w.seller.agent.post('/api/puppies').send({
      name: 'Biscuit',
      breedId: w.lab.id,
      gender: 'Male',
      age: 9,
      weight: 12,
      price: 1500,
      description: 'A sweet yellow boy, raised in our home.',
      location: 'Austin, TX',
      zip: '78701',
      imageUrl: '/uploads/images/x.webp',
      damId: theirs.id,
    });
    expect(created.status).toBe(400);
    expect(created.body.error.fields.damId).toMatch(/your own parent dogs/);
    // the seller's own, right sex: kept, and shown on the listing page
    await w.seller.agent.put(`/api/puppies/${puppy.id}`).send({ damId: rosie.id }).expect(200);
    const page = (await request(w.t.app).get(`/api/puppies/${puppy.id}`).expect(200)).body as PuppyDetailView;
    expect(page.parents).toMatchObject({ sire: null, dam: { name: 'Rosie', sex: 'dam' }, healthTested: false });
    expect(((await w.seller.agent.get('/api/parents')).body as MyParentsResponse).named).toEqual({
      [puppy.id]: { sireId: null, damId: rosie.id },
    });
    // a parent named on a listing keeps its sex
    const flip = await w.seller.agent
      .put(`/api/parents/${rosie.id}`)
      .send({ name: 'Rosie', sex: 'sire', breedId: w.lab.id });
    expect(flip.status).toBe(400);
    expect(flip.body.error.message).toBe(
      'Rosie is named as the dam of Daisy. Choose another parent on that listing first.',
    );
  });
});

describe('an admin checks each test against its proof', () => {
  it('only admins see the queue and decide (403 for a seller, 401 logged out)', async () => {
    const w = await world();
    const duke = await addParent(w, w.seller);
    const hips = await addTest(w.seller, duke.id, 'hips');
    await addTest(w.seller, duke.id, 'eyes', null); // no proof: nothing to check yet
    expect((await w.seller.agent.get('/api/admin/health-tests')).status).toBe(403);
    expect((await w.seller.agent.post(`/api/admin/health-tests/${hips.id}/verify`)).status).toBe(403);
    expect((await request(w.t.app).post(`/api/admin/health-tests/${hips.id}/verify`)).status).toBe(401);
    const queue = (await w.admin.agent.get('/api/admin/health-tests').expect(200)).body;
    expect(queue).toEqual([
      expect.objectContaining({ id: hips.id, parentName: 'Duke', sellerUsername: 'breeder', proofUrl: hips.proofUrl }),
    ]);
    const verified = (await w.admin.agent.post(`/api/admin/health-tests/${hips.id}/verify`).expect(200)).body;
    expect(verified).toMatchObject({ status: 'verified', verifiedAt: NOW.toISOString(), rejectedReason: null });
    const again = await w.admin.agent.post(`/api/admin/health-tests/${hips.id}/verify`);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This test was verified already.');
    expect((await w.admin.agent.get('/api/admin/health-tests')).body).toEqual([]);
  });

  it('a rejection needs a reason, which the seller sees; a new proof waits for a check again', async () => {
    const w = await world();
    const duke = await addParent(w, w.seller);
    const hips = await addTest(w.seller, duke.id, 'hips');
    const noReason = await w.admin.agent.post(`/api/admin/health-tests/${hips.id}/reject`).send({ reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe('Say why the proof does not match, so the seller can fix it');
    await w.admin.agent
      .post(`/api/admin/health-tests/${hips.id}/reject`)
      .send({ reason: 'The certificate names another dog.' })
      .expect(200);
    const seen = ((await w.seller.agent.get('/api/parents')).body as MyParentsResponse).parents[0]!.tests[0]!;
    expect(seen).toMatchObject({ status: 'rejected', rejectedReason: 'The certificate names another dog.' });
    // the form of /admin posts urlencoded and goes back to /admin
    const eyes = await addTest(w.seller, duke.id, 'eyes');
    const form = await w.admin.agent
      .post(`/api/admin/health-tests/${eyes.id}/reject`)
      .type('form')
      .send({ reason: 'Unreadable scan.' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/admin');
    const replaced = await w.seller.agent
      .post(`/api/parents/${duke.id}/tests/${hips.id}/proof`)
      .attach('proof', PDF, 'right-dog.pdf')
      .expect(201);
    expect(replaced.body).toMatchObject({ status: 'pending', rejectedReason: null });
  });
});

describe('Health-tested parents: the badge and the filter', () => {
  it('appear only once every recommended test of both parents is verified', async () => {
    const w = await world();
    const duke = await addParent(w, w.seller);
    const rosie = await addParent(w, w.seller, { name: 'Rosie', sex: 'dam' });
    const tests: HealthTestView[] = [];
    for (const parent of [duke, rosie])
      for (const test of LAB_TESTS) tests.push(await addTest(w.seller, parent.id, test));
    const daisy = await w.listing(w.seller.user.id, 'Daisy');
    const plain = await w.listing(w.rival.user.id, 'Plain');
    await w.seller.agent.put(`/api/puppies/${daisy.id}`).send({ sireId: duke.id, damId: rosie.id }).expect(200);

    const badges = async () =>
      (
        (await request(w.t.app).get('/api/breeders/willow-creek-kennels').expect(200)).body as BreederPageView
      ).badges.map((b) => b.kind);
    const filtered = async () =>
      ((await request(w.t.app).get('/api/puppies?healthTested=1&limit=24').expect(200)).body as PuppyPage).items.map(
        (p) => p.name,
      );
    expect(await badges()).not.toContain('health_tested_parents');
    expect(await filtered()).toEqual([]);

    // all but the last verified: still not earned
    for (const test of tests.slice(0, -1))
      await w.admin.agent.post(`/api/admin/health-tests/${test.id}/verify`).expect(200);
    expect(await badges()).not.toContain('health_tested_parents');
    expect(await filtered()).toEqual([]);
    let page = (await request(w.t.app).get(`/api/puppies/${daisy.id}`)).body as PuppyDetailView;
    expect(page.parents?.dam?.recommended).toEqual([
      { test: 'hips', label: 'Hips (OFA or PennHIP)', verified: true },
      { test: 'elbows', label: 'Elbows (OFA)', verified: true },
      { test: 'eyes', label: 'Eye exam by a veterinary ophthalmologist (OFA eye / CAER)', verified: true },
      { test: 'eic', label: 'Exercise-induced collapse (DNA)', verified: false },
    ]);

    await w.admin.agent.post(`/api/admin/health-tests/${tests.at(-1)!.id}/verify`).expect(200);
    expect(await badges()).toContain('health_tested_parents');
    expect(await filtered()).toEqual(['Daisy']);
    page = (await request(w.t.app).get(`/api/puppies/${daisy.id}`)).body as PuppyDetailView;
    expect(page.parents?.healthTested).toBe(true);
    const all = ((await request(w.t.app).get('/api/puppies?limit=24')).body as PuppyPage).items.map((p) => p.name);
    expect(all.sort()).toEqual(['Daisy', plain.name].sort());

    // a live listing without parents holds the badge back
    const other = await w.listing(w.seller.user.id, 'Other');
    expect(await badges()).not.toContain('health_tested_parents');
    await w.seller.agent.put(`/api/puppies/${other.id}`).send({ sireId: duke.id, damId: rosie.id }).expect(200);
    expect(await badges()).toContain('health_tested_parents');
    expect((await filtered()).sort()).toEqual(['Daisy', 'Other']);

    // an edited test is checked again: the listings lose the flag until it is
    const edited = tests[0]!;
    await w.seller.agent
      .put(`/api/parents/${duke.id}/tests/${edited.id}`)
      .send({ test: 'hips', result: 'Excellent', testedOn: '2025-03-02', registry: 'OFA', certificateNumber: 'LR-1E' })
      .expect(200);
    expect(await filtered()).toEqual([]);
    expect(await badges()).not.toContain('health_tested_parents');
  });
});

describe('the demo seed', () => {
  it('gives Sunny Acres tested parents on every live listing (the badge), and the demo seller tests to check', async () => {
    const memory = createMemoryStorage();
    // images: false writes no files (no pictures, no proofs)
    await seedDatabase(memory, {
      dataDir: os.tmpdir(),
      admin: { username: 'admin', password: 'admin-password-1' },
      demo: true,
      images: false,
      now: NOW,
    });
    const t = await createTestApp({ now: NOW, initial: shapeOf(memory) });
    await memory.close();
    const sunny = (await request(t.app).get('/api/breeders/sunny-acres-kennel').expect(200)).body as BreederPageView;
    expect(sunny.badges.map((b) => b.kind)).toContain('health_tested_parents');
    const rose = (await request(t.app).get('/api/breeders/rose-city-puppies').expect(200)).body as BreederPageView;
    expect(rose.badges.map((b) => b.kind)).not.toContain('health_tested_parents');

    const tested = ((await request(t.app).get('/api/puppies?healthTested=1&limit=100').expect(200)).body as PuppyPage)
      .items;
    expect(tested.length).toBeGreaterThan(3);
    expect(new Set(tested.map((p) => p.userId))).toEqual(new Set([sunny.userId]));
    const page = (await request(t.app).get(`/api/puppies/${tested[0]!.id}`).expect(200)).body as PuppyDetailView;
    expect(page.parents?.healthTested).toBe(true);
    expect(page.parents?.sire?.tests.every((test) => test.verified)).toBe(true);
    expect(page.parents?.dam?.recommended.length).toBeGreaterThan(0);

    const admin = await signedInAgent(t, { username: 'checker', role: 'admin', createdAt: longAgo });
    const queue = (await admin.agent.get('/api/admin/health-tests').expect(200)).body as Array<{
      sellerUsername: string;
    }>;
    expect(queue.map((item) => item.sellerUsername)).toEqual(['demo-seller']);
  });
});
