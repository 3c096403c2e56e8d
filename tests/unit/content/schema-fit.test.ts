// Every document in content/ fits the Studio schema, and the checker that says so can fail.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { groupProblems, validateSchema } from '@sanity/schema/_internal';
import { describe, expect, it } from 'vitest';
import { readRawDocuments, type SanityDocument } from '#content/dataset.ts';
import { documentTypes, schemaTypes, SINGLETON_TYPES } from '../../../studio/schemaTypes/index.ts';
import { SchemaChecker, type TypeDef } from './schema-checker.ts';

const CONTENT_DIR = path.resolve('content');
const IMAGES_DIR = path.join(CONTENT_DIR, 'images');
const docs = readRawDocuments(CONTENT_DIR);
const checker = new SchemaChecker(schemaTypes as unknown as TypeDef[], CONTENT_DIR);

function doc(id: string): SanityDocument {
  const found = docs.find((d) => d._id === id);
  if (!found) throw new Error(`no document ${id}`);
  return structuredClone(found);
}

describe('content/production.ndjson', () => {
  it.each(docs.map((d) => [d._id, d] as const))('%s fits its schema type', async (_id, document) => {
    expect(await checker.check(document)).toEqual([]);
  });

  it('has content for every document type of the schema, and one draft to prove drafts stay hidden', () => {
    const types = new Set(docs.map((d) => d._type));
    for (const type of documentTypes) expect(types, type.name).toContain(type.name);
    expect(docs.filter((d) => d._id.startsWith('drafts.'))).toHaveLength(1);
  });

  it('stores each singleton once, under its type name', () => {
    for (const type of SINGLETON_TYPES) {
      expect(docs.filter((d) => d._type === type && !d._id.startsWith('drafts.')).map((d) => d._id)).toEqual([type]);
    }
  });

  it('uses unique document ids', () => {
    expect(new Set(docs.map((d) => d._id)).size).toBe(docs.length);
  });

  it('ships small images, every one of them used', () => {
    const files = readdirSync(IMAGES_DIR);
    const referenced = new Set(
      [...JSON.stringify(docs).matchAll(/image@file:\/\/\.\/images\/([\w.-]+)/g)].map((m) => m[1]),
    );
    expect(new Set(files)).toEqual(referenced);
    let total = 0;
    for (const file of files) {
      const size = statSync(path.join(IMAGES_DIR, file)).size;
      expect(size, file).toBeLessThan(40 * 1024);
      total += size;
    }
    expect(total).toBeLessThan(1024 * 1024);
  });
});

describe('the schema checker rejects', () => {
  const cases: [string, () => SanityDocument, string][] = [
    [
      'a rating that is not a half star',
      () => ({ ...doc('testimonial-james'), rating: 4.3 }),
      'rating: Use whole or half stars',
    ],
    ['a rating above 5', () => ({ ...doc('testimonial-james'), rating: 5.5 }), 'rating: must be at most 5'],
    ['a negative rating', () => ({ ...doc('testimonial-james'), rating: -0.5 }), 'rating: must be at least 0'],
    ['an unknown field', () => ({ ...doc('product-bowl-set'), colour: 'steel' }), 'unknown field "colour"'],
    [
      'an unknown field in a nested object',
      () => ({ ...doc('homePage'), hero: { ...(doc('homePage').hero as object), buttonColour: 'red' } }),
      'hero: unknown field "buttonColour"',
    ],
    ['a missing required field', () => ({ ...doc('faq-01'), answer: undefined }), 'answer: is required'],
    [
      'a price with fractions of a cent',
      () => ({ ...doc('product-bowl-set'), price: 19.999 }),
      'price: must have at most 2 decimals',
    ],
    ['a free product', () => ({ ...doc('product-bowl-set'), price: 0 }), 'price: must be greater than 0'],
    [
      'a plan paid with another plan’s price',
      () => ({ ...doc('plan-monthly'), priceId: 'price_annual' }),
      'The monthly plan is paid with price_monthly',
    ],
    [
      'a plan id that does not exist',
      () => ({ ...doc('plan-monthly'), planId: 'weekly' }),
      '"weekly" is not one of the allowed values',
    ],
    [
      'an image file that is not there',
      () => {
        const product = doc('product-bowl-set');
        (product.image as Record<string, unknown>)._sanityAsset = 'image@file://./images/missing.webp';
        return product;
      },
      'image file images/missing.webp does not exist',
    ],
    [
      'an image without a file',
      () => ({ ...doc('product-bowl-set'), image: { _type: 'imageWithAlt', alt: 'A bowl' } }),
      'image: image file is required',
    ],
    [
      'an image without alt text',
      () => ({ ...doc('product-bowl-set'), image: { ...(doc('product-bowl-set').image as object), alt: '' } }),
      'image.alt: is required',
    ],
    [
      'an anchor that is not a slug',
      () => {
        const guide = doc('careGuide');
        ((guide.sections as Record<string, unknown>[])[3] as { anchor: { current: string } }).anchor.current =
          'Home Setup';
        return guide;
      },
      'sections[3].anchor: Use lower-case letters',
    ],
    [
      'two sections with the same anchor',
      () => {
        const guide = doc('careGuide');
        ((guide.sections as Record<string, unknown>[])[1] as { anchor: { current: string } }).anchor.current =
          'nutrition';
        return guide;
      },
      'sections: The anchor “nutrition” is used twice',
    ],
    [
      'a text span with an undeclared mark',
      () => {
        const terms = doc('terms');
        const block = (terms.sections as { body: { children: { marks: string[] }[] }[] }[])[0]?.body[0] as {
          children: { marks: string[] }[];
        };
        (block.children[0] as { marks: string[] }).marks = ['underline'];
        return terms;
      },
      'uses unknown mark "underline"',
    ],
    [
      'a home page with two category cards',
      () => ({ ...doc('homePage'), categoryCards: (doc('homePage').categoryCards as unknown[]).slice(0, 2) }),
      'categoryCards: must have length 3',
    ],
    [
      'an email address that is not one',
      () => ({ ...doc('siteSettings'), contactEmail: 'hello at puppynest' }),
      'contactEmail: must be an email address',
    ],
    [
      'a document type the Studio does not know',
      () => ({ ...doc('faq-01'), _type: 'blogPost' }),
      'unknown document type "blogPost"',
    ],
  ];

  it.each(cases)('%s', async (_name, make, expected) => {
    const problems = await checker.check(make());
    expect(problems.join('\n')).toContain(expected);
  });
});

// The rules `sanity schema validate` (npm run studio:validate) applies, called in-process: the CLI spends
// about 15 s booting the Studio to reach this same function, on the types sanity.config.ts registers.
describe("Sanity's schema validation", () => {
  const errors = (types: unknown[]) =>
    groupProblems(validateSchema(types as Parameters<typeof validateSchema>[0]).getTypes()).flatMap((group) =>
      group.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.message),
    );

  it('finds no error in the Studio schema', () => {
    expect(errors(schemaTypes)).toEqual([]);
  });

  it('finds one in a field without a type', () => {
    expect(errors([...schemaTypes, { name: 'broken', type: 'document', fields: [{ name: 'title' }] }])).toEqual([
      'Type is missing a type.',
    ]);
  });
});
