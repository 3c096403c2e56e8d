// The demo sellers' parent dogs and health tests (decision 0121, docs/product.md §18), inserted with the
// rest of the demo data so both stores get them through the one seed. Sunny Acres Kennel names a tested
// sire and dam on every live listing (one sire an outside stud) with every test verified: it earns the
// Health-tested parents badge. The demo seller has one pair with some tests verified, one waiting for an
// admin and one rejected, so the admin queue and a rejection's reason have something to show.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readRawDocuments } from '#content/dataset.ts';
import type { HealthTestKind } from '#contracts/parents.ts';
import { parentHealthTested, recommendedFrom, type RecommendedTests } from '../domain/parents.ts';
import type { HealthTest, ParentDog } from '../domain/model.ts';
import type { Collections } from '../storage/lowdb/storage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** the recommended tests of the embedded content (the Studio's are the same documents, decision 0121) */
export function embeddedRecommended(contentDir = path.resolve('content')): RecommendedTests {
  const docs = readRawDocuments(contentDir).filter((d) => d._type === 'breedHealth' && !d._id.startsWith('drafts.'));
  return recommendedFrom(
    docs.map((d) => ({
      breed: String(d['breed'] ?? ''),
      recommendedTests: Array.isArray(d['recommendedTests']) ? (d['recommendedTests'] as string[]) : [],
    })),
  );
}

const SIRE_NAMES = ['Duke', 'Bear', 'Finn', 'Murphy', 'Bruno', 'Ranger', 'Otis', 'Scout', 'Tucker', 'Gus'];
const DAM_NAMES = ['Rosie', 'Hazel', 'Maple', 'Willow', 'Daisy', 'Ruby', 'Clover', 'Juniper', 'Poppy', 'Sadie'];
const RESULTS: Record<HealthTestKind, string> = {
  hips: 'Good',
  elbows: 'Normal',
  eyes: 'Normal',
  cardiac: 'Normal',
  patella: 'Normal',
  thyroid: 'Normal',
  hearing: 'Normal (both ears)',
  eic: 'Clear',
  dm: 'Clear',
  prcd_pra: 'Clear',
  cea: 'Clear',
  mdr1: 'Clear (normal/normal)',
  vwd: 'Clear',
  other: 'Normal',
};
/** a breed with no recommended list (a doodle, a mix) still gets its parents' basic exams */
const BASIC: HealthTestKind[] = ['hips', 'eyes'];

/** a proof's key, the same on every run of one seed (MEDIA_KEY: 32 hex digits) */
const proofKey = (n: number) =>
  `proofs/${createHash('sha256').update(`demo-proof-${n}`).digest('hex').slice(0, 32)}.pdf`;

/** what the demo proofs say: a one-page PDF, enough for an admin to open */
export function demoProofPdf(): Buffer {
  const text = 'PuppyNest demo certificate: not a real health record.';
  const stream = `BT /F1 14 Tf 40 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Writes the demo proofs where the local proof store (media/proof-store.ts) reads them: DATA_DIR/private/
 * proofs. With object storage the demo tests have no file behind them (decision 0121).
 */
export async function writeDemoProofs(dataDir: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const dir = path.join(dataDir, 'private', 'proofs');
  await mkdir(path.join(dir, 'proofs'), { recursive: true });
  const pdf = demoProofPdf();
  await Promise.all(keys.map((key) => writeFile(path.join(dir, ...key.split('/')), pdf)));
}

interface Sellers {
  /** the demo seller: a pair with some tests waiting and one rejected */
  demoSellerId: number;
  /** the kennel that earns Health-tested parents */
  testedKennelId: number;
  adminId: number | null;
}

/**
 * Inserts the demo parents and tests, names them on listings and sets the listings' health-tested
 * flags as domain/parents.ts would. Answers the proof keys used (the caller writes their files).
 */
export function insertDemoParents(
  db: Collections,
  sellers: Sellers,
  recommended: RecommendedTests,
  now: Date,
): string[] {
  const keys: string[] = [];
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const testDay = (daysAgo: number) => day(daysAgo).slice(0, 10);
  const breedName = (id: number) => db.breeds.get(id)?.name ?? '';

  const parent = (sellerId: number, breedId: number, sex: 'sire' | 'dam', n: number, outsideStud = false): ParentDog =>
    db.parentDogs.insert({
      sellerId,
      name: (sex === 'sire' ? SIRE_NAMES : DAM_NAMES)[n % 10]!,
      sex,
      breedId,
      registry: 'AKC',
      registrationNumber: `${sex === 'sire' ? 'SR' : 'SS'}${String(40_000_000 + sellerId * 1000 + n * 2 + (sex === 'dam' ? 1 : 0))}`,
      birthDate: testDay(3 * 365 + n * 40),
      photoUrls: [],
      outsideStud,
      createdAt: day(120),
      updatedAt: day(120),
    });
  const test = (
    p: ParentDog,
    kind: HealthTestKind,
    status: HealthTest['status'],
    rejectedReason: string | null = null,
  ): HealthTest => {
    const key = proofKey(keys.length + 1);
    keys.push(key);
    const ofa =
      kind !== 'eic' && kind !== 'dm' && kind !== 'prcd_pra' && kind !== 'cea' && kind !== 'mdr1' && kind !== 'vwd';
    return db.healthTests.insert({
      parentId: p.id,
      sellerId: p.sellerId,
      test: kind,
      result: RESULTS[kind],
      testedOn: testDay(200 + keys.length),
      registry: ofa ? 'OFA' : 'Embark',
      certificateNumber: ofa ? String(2_400_000 + p.id * 20 + keys.length) : `EMB-${p.id}-${kind.toUpperCase()}`,
      proofKey: key,
      proofType: 'application/pdf',
      proofBytes: 600,
      status,
      verifiedAt: status === 'verified' ? day(30) : null,
      reviewedBy: status === 'pending' ? null : sellers.adminId,
      rejectedReason,
      createdAt: day(60),
      updatedAt: status === 'pending' ? day(2) : day(30),
    });
  };
  const testsFor = (breedId: number) => {
    const wanted = recommended.get(breedName(breedId)) ?? [];
    return wanted.length ? [...wanted] : BASIC;
  };
  const live = (sellerId: number) =>
    db.puppies.filter(
      (p) => p.userId === sellerId && !p.hiddenAt && p.expiresAt !== null && Date.parse(p.expiresAt) > now.getTime(),
    );

  // Sunny Acres: a tested pair per breed of its live listings, every recommended test verified
  const pairs = new Map<number, [ParentDog, ParentDog]>();
  for (const listing of live(sellers.testedKennelId)) {
    if (!pairs.has(listing.breedId)) {
      const n = pairs.size;
      const pair: [ParentDog, ParentDog] = [
        parent(sellers.testedKennelId, listing.breedId, 'sire', n, n === 0),
        parent(sellers.testedKennelId, listing.breedId, 'dam', n),
      ];
      for (const p of pair) for (const kind of testsFor(listing.breedId)) test(p, kind, 'verified');
      pairs.set(listing.breedId, pair);
    }
    const [sire, dam] = pairs.get(listing.breedId)!;
    db.puppies.update(listing.id, { sireId: sire.id, damId: dam.id });
  }

  // the demo seller: one pair on its newest live listing, not all verified yet
  const newest = live(sellers.demoSellerId).at(-1);
  if (newest) {
    const sire = parent(sellers.demoSellerId, newest.breedId, 'sire', 7);
    const dam = parent(sellers.demoSellerId, newest.breedId, 'dam', 7);
    const kinds = testsFor(newest.breedId);
    kinds.forEach((kind, i) => test(sire, kind, i === kinds.length - 1 ? 'pending' : 'verified'));
    kinds.forEach((kind, i) =>
      test(
        dam,
        kind,
        i === 0 ? 'rejected' : 'verified',
        i === 0 ? 'The certificate shows another dog’s registration number.' : null,
      ),
    );
    db.puppies.update(newest.id, { sireId: sire.id, damId: dam.id });
  }

  // the flags, as refreshHealthTested keeps them
  const parents = new Map(db.parentDogs.all().map((p) => [p.id, p]));
  const tests = db.healthTests.all();
  const names = new Map(db.breeds.all().map((b) => [b.id, b.name]));
  for (const listing of db.puppies.filter((p) => typeof p.sireId === 'number' || typeof p.damId === 'number')) {
    const tested = (id: number | null | undefined) =>
      typeof id === 'number' && parentHealthTested(parents.get(id), tests, names, recommended);
    db.puppies.update(listing.id, { healthTested: tested(listing.sireId) && tested(listing.damId) });
  }
  return keys;
}
