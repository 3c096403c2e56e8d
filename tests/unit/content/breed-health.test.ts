// The breeds' recommended health tests (decision 0121) are Studio content: the Studio offers exactly the
// API's test keys, and the embedded dataset names only PuppyNest's breeds with tests the API knows.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '#content/embedded-source.ts';
import { createContent } from '#content/index.ts';
import { BREED_NAMES } from '#contracts/breeds.ts';
import { HEALTH_TEST_KINDS } from '#contracts/parents.ts';
import { HEALTH_TEST_OPTIONS } from '../../../studio/schemaTypes/documents/breed-health.ts';

const content = createContent(createEmbeddedSource({ contentDir: path.resolve('content') }));

describe('breed health tests', () => {
  it('the Studio offers the API’s test keys (all but "other", which no breed recommends)', () => {
    expect(HEALTH_TEST_OPTIONS.map((o) => o.value)).toEqual(HEALTH_TEST_KINDS.filter((k) => k !== 'other'));
  });

  it('the dataset names PuppyNest breeds, once each, with tests the API knows', async () => {
    const docs = await content.getBreedHealth();
    expect(docs.length).toBeGreaterThan(40);
    expect(new Set(docs.map((d) => d.breed)).size).toBe(docs.length);
    for (const doc of docs) {
      expect(BREED_NAMES, doc.breed).toContain(doc.breed);
      // a cross or a mix has no breed club, so no list: its document holds the breed page's words (decision 0130)
      if (doc.recommendedTests.length === 0) expect(doc.temperament, doc.breed).toBeTruthy();
      for (const test of doc.recommendedTests) expect(HEALTH_TEST_KINDS, doc.breed).toContain(test);
    }
  });

  it('carries the breed clubs’ requirements over (OFA CHIC)', async () => {
    const byBreed = new Map((await content.getBreedHealth()).map((d) => [d.breed, d.recommendedTests]));
    expect(byBreed.get('Labrador Retriever')).toEqual(['hips', 'elbows', 'eyes', 'eic']);
    expect(byBreed.get('Golden Retriever')).toEqual(['hips', 'elbows', 'eyes', 'cardiac']);
    expect(byBreed.get('German Shepherd')).toEqual(['hips', 'elbows']);
  });
});

describe('breed profiles (decision 0130)', () => {
  it('the demo catalogue’s breeds have a profile: size, weight, temperament and care notes', async () => {
    const byBreed = new Map((await content.getBreedHealth()).map((d) => [d.breed, d]));
    for (const name of ['Labrador Retriever', 'Golden Retriever', 'Pug', 'Goldendoodle', 'Shih Tzu']) {
      const doc = byBreed.get(name);
      expect(doc?.size, name).toMatch(/^(small|medium|large)$/);
      expect(doc?.adultWeight, name).toMatch(/^\d+–\d+ lb$/);
      expect(doc?.temperament?.length, name).toBeGreaterThan(40);
      expect(doc?.careNotes?.length, name).toBeGreaterThan(40);
    }
  });
});
