import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '#content/embedded-source.ts';
import { createContent, sourceFromEnv } from '#content/index.ts';

const dirs: string[] = [];
function copyOfContent(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'puppynest-content-'));
  dirs.push(dir);
  cpSync(path.resolve('content/production.ndjson'), path.join(dir, 'production.ndjson'));
  cpSync(path.resolve('content/images'), path.join(dir, 'images'), { recursive: true });
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function rewrite(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  // Make sure the modification time moves even on coarse-grained file systems.
  const later = new Date(Date.now() + 5_000);
  utimesSync(file, later, later);
}

describe('embedded content source', () => {
  it('picks up an edited FAQ answer without a restart', async () => {
    const dir = copyOfContent();
    const content = createContent(createEmbeddedSource({ contentDir: dir }));
    const before = await content.getFaq();
    expect(before[0]?.answer).toContain('Start with the search box');

    rewrite(path.join(dir, 'production.ndjson'), (text) =>
      text.replace('Start with the search box', 'Begin with the search box'),
    );
    const after = await content.getFaq();
    expect(after[0]?.answer).toContain('Begin with the search box');
  });

  it('gives absolute image paths when the dataset lives outside the working directory', async () => {
    const dir = copyOfContent();
    const [first] = await createContent(createEmbeddedSource({ contentDir: dir })).getProducts();
    expect(first?.image?.src).toBe(path.join(dir, 'images', 'product-puppy-food.webp'));
  });

  it('reads every ndjson file of the folder and ignores drafts and release versions', async () => {
    const dir = copyOfContent();
    writeFileSync(
      path.join(dir, 'extra.ndjson'),
      [
        {
          _id: 'faq-09',
          _type: 'faqItem',
          question: 'Do you ship puppies?',
          answer: 'Delivery is arranged with each breeder.',
          order: 9,
        },
        {
          _id: 'versions.rSpring.faq-01',
          _type: 'faqItem',
          question: 'Scheduled wording',
          answer: 'Not live yet.',
          order: 1,
        },
        { _id: 'drafts.faq-09', _type: 'faqItem', question: 'Draft wording', answer: 'Not live yet.', order: 9 },
      ]
        .map((doc) => JSON.stringify(doc))
        .join('\n'),
    );
    const faq = await createContent(createEmbeddedSource({ contentDir: dir })).getFaq();
    expect(faq).toHaveLength(9);
    expect(faq.at(-1)?.question).toBe('Do you ship puppies?');
    expect(JSON.stringify(faq)).not.toContain('Not live yet.');
  });

  it('fails with the file and line of a broken ndjson line', async () => {
    const dir = copyOfContent();
    rewrite(path.join(dir, 'production.ndjson'), (text) => `${text}{"_id": "broken",\n`);
    const lines = readFileSync(path.join(dir, 'production.ndjson'), 'utf8').split('\n').length - 1;
    await expect(createContent(createEmbeddedSource({ contentDir: dir })).getFaq()).rejects.toThrow(
      `production.ndjson line ${lines} is not valid JSON`,
    );
  });

  it.each([
    ['terms', 'getTerms'],
    ['privacyPolicy', 'getPrivacyPolicy'],
    ['shippingPickup', 'getShippingPickup'],
  ] as const)('names a missing singleton (%s) instead of rendering an empty page', async (id, get) => {
    const dir = copyOfContent();
    rewrite(path.join(dir, 'production.ndjson'), (text) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith(`{"_id":"${id}"`))
        .join('\n'),
    );
    await expect(createContent(createEmbeddedSource({ contentDir: dir }))[get]()).rejects.toThrow(
      `Content document "${id}" is missing (content source: embedded)`,
    );
  });
});

describe('sourceFromEnv', () => {
  it('uses Sanity when SANITY_PROJECT_ID is set, the embedded dataset otherwise', () => {
    expect(sourceFromEnv({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging' }).name).toBe(
      'sanity:abc123/staging',
    );
    expect(sourceFromEnv({ SANITY_PROJECT_ID: 'abc123' }).name).toBe('sanity:abc123/production');
    expect(sourceFromEnv({ SANITY_PROJECT_ID: '  ' }).name).toBe('embedded');
    expect(sourceFromEnv({}).name).toBe('embedded');
  });
});
