// The same named content functions over both sources: the embedded groq-js source and @sanity/client
// talking HTTP to a local server that speaks Sanity's query endpoint.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '#content/embedded-source.ts';
import { contentImageUrl, createContent, type Content, type ContentImage } from '#content/index.ts';
import { createSanitySource, SANITY_API_VERSION } from '#content/sanity-source.ts';
import { startFakeSanity, type FakeSanity } from './fake-sanity-server.ts';

const CONTENT_DIR = path.resolve('content');
const PROJECT_ID = 'testproj';
const DATASET = 'production';
const DRAFT_ANSWER = 'DRAFT – not yet reviewed';

let fake: FakeSanity;
let embedded: Content;
let sanity: Content;

beforeAll(async () => {
  fake = await startFakeSanity({ contentDir: CONTENT_DIR, projectId: PROJECT_ID, dataset: DATASET });
  embedded = createContent(createEmbeddedSource({ contentDir: CONTENT_DIR }));
  sanity = createContent(
    createSanitySource({ projectId: PROJECT_ID, dataset: DATASET, apiHost: fake.apiHost, useProjectHostname: false }),
  );
});

afterAll(async () => {
  await fake?.close();
});

type Name = Exclude<keyof Content, 'source'>;
const FUNCTIONS: Name[] = [
  'getSiteSettings',
  'getHomePage',
  'getFaq',
  'getTestimonials',
  'getProducts',
  'getSellerPlans',
  'getCareGuide',
  'getTerms',
  'getPrivacyPolicy',
  'getShippingPickup',
  'getDonatePage',
];

/** Every image of a result, so the two sources can be compared apart from where their images live. */
function collectImages(value: unknown, found: ContentImage[] = []): ContentImage[] {
  if (Array.isArray(value)) value.forEach((item) => collectImages(item, found));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && typeof record.width === 'number')
      found.push(record as unknown as ContentImage);
    else Object.values(record).forEach((child) => collectImages(child, found));
  }
  return found;
}

function withoutImageSources(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, child: unknown) => (key === 'src' ? '<src>' : child));
}

describe.each(FUNCTIONS)('%s', (name) => {
  it('returns the same content from the embedded dataset and from the Sanity API', async () => {
    const [fromEmbedded, fromSanity] = await Promise.all([embedded[name](), sanity[name]()]);
    expect(fromEmbedded).toBeTruthy();
    expect(withoutImageSources(fromSanity)).toEqual(withoutImageSources(fromEmbedded));
    expect(JSON.stringify(fromEmbedded)).not.toContain(DRAFT_ANSWER);
    expect(JSON.stringify(fromSanity)).not.toContain(DRAFT_ANSWER);

    const embeddedImages = collectImages(fromEmbedded);
    const sanityImages = collectImages(fromSanity);
    expect(sanityImages).toHaveLength(embeddedImages.length);
    for (const image of embeddedImages) {
      expect(image.src).toMatch(/^content\/images\/[\w-]+\.webp$/);
      expect(existsSync(image.src)).toBe(true);
      expect(image.alt.length).toBeGreaterThan(2);
    }
    for (const image of sanityImages) {
      expect(image.src).toMatch(
        new RegExp(`^https://cdn\\.sanity\\.io/images/${PROJECT_ID}/${DATASET}/[0-9a-f]{40}-\\d+x\\d+\\.webp$`),
      );
      expect(image.src).toContain(`-${image.width}x${image.height}.`);
    }
  });
});

describe('content from both sources', () => {
  it('lists the 8 FAQ items in editorial order, published versions only', async () => {
    for (const content of [embedded, sanity]) {
      const faq = await content.getFaq(8);
      expect(faq.map((item) => item.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(faq.find((item) => item.id === 'faq-02')?.answer).toContain('Breeders typically reply within 24 hours.');
      expect(faq.some((item) => item.id.startsWith('drafts.'))).toBe(false);
      expect(await content.getFaq(3)).toEqual(faq.slice(0, 3));
    }
  });

  it('gives the seller plans of docs/product.md §9, monthly at $19.99', async () => {
    for (const content of [embedded, sanity]) {
      const plans = await content.getSellerPlans();
      expect(plans.map(({ planId, price, priceId, savings }) => ({ planId, price, priceId, savings }))).toEqual([
        { planId: 'monthly', price: 19.99, priceId: 'price_monthly', savings: null },
        { planId: 'biannual', price: 99.99, priceId: 'price_biannual', savings: 'Save $20 (17%)' },
        { planId: 'annual', price: 179.99, priceId: 'price_annual', savings: 'Save $60 (25%)' },
      ]);
    }
  });

  it('resolves image references to real dimensions', async () => {
    const [fromEmbedded, fromSanity] = await Promise.all([embedded.getHomePage(), sanity.getHomePage()]);
    expect(fromEmbedded.hero.image).toMatchObject({
      src: 'content/images/hero-puppies.webp',
      width: 1440,
      height: 810,
    });
    expect(fromSanity.hero.image?.width).toBe(1440);
    expect(fromSanity.categoryCards.map((card) => card.category)).toEqual(['family', 'apartment', 'active']);
    // What the API hands to browsers: the server publishes CONTENT_DIR/images at /content/images/.
    expect(contentImageUrl(fromEmbedded.hero.image as ContentImage)).toBe('/content/images/hero-puppies.webp');
    expect(contentImageUrl(fromSanity.hero.image as ContentImage)).toBe(fromSanity.hero.image?.src);
  });

  it('sends every Sanity request to the pinned API version with the published perspective', async () => {
    await sanity.getFaq();
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) {
      expect(request.path).toBe(`/v${SANITY_API_VERSION}/data/query/${DATASET}`);
      expect(request.perspective).toBe('published');
    }
  });

  it('would show the draft to a client that forgot the published perspective (the check above can fail)', async () => {
    const url = new URL(`/v${SANITY_API_VERSION}/data/query/${DATASET}`, fake.apiHost);
    url.searchParams.set('query', '*[_id == $id][0].answer');
    url.searchParams.set('$id', JSON.stringify('faq-02'));
    const body = (await (await fetch(url)).json()) as { result: string };
    expect(body.result).toContain(DRAFT_ANSWER);
  });
});
