// The catalogue query as a table (docs/product.md §2 "Puppies", §4): which public listings a query finds,
// in which order, on a small catalogue whose every row is chosen to tell the filters apart. The query
// goes through the contract first, as the route does, so "" and "all" mean no filter here too.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PuppyQuerySchema, type PuppyPage, type PuppyView } from '#contracts/puppies.ts';
import { queryPuppies } from '../../../commerce-api/src/domain/puppy-catalogue.ts';
import { createMemoryStorage } from '../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../commerce-api/src/storage/lowdb/repositories.ts';
import { buildBreed, buildPuppy, findBreedSeed } from '../../support/factories.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000).toISOString();

const labrador = findBreedSeed('Labrador Retriever')!;
const chihuahua = findBreedSeed('Chihuahua')!;

// id, name, breed (1 Labrador, 2 Chihuahua), gender, age, price, location, status, expiresAt
const ROWS = [
  [1, 'Biscuit', 1, 'Male', 8, 1200, 'Portland, OR', 'available', day(10)],
  [2, 'Daisy', 1, 'Female', 10, 2500, 'Austin, TX', 'available', day(10)],
  [3, 'Pip', 2, 'Male', 12, 900, 'Boston, MA', 'reserved', day(10)],
  [4, 'Luna', 2, 'Female', 6, 4800, 'Chicago, IL', 'available', day(10)],
  [5, 'Ghost', 1, 'Male', 9, 1500, 'Denver, CO', 'available', day(-1)], // expired: never public
  [6, 'Draft', 2, 'Female', 9, 1500, 'Miami, FL', 'available', null], // never paid: never public
] as const;

const store = createLowdbRepositories(
  createMemoryStorage({
    breeds: [
      { id: 1, ...buildBreed({}, labrador) },
      { id: 2, ...buildBreed({}, chihuahua) },
    ],
    puppies: ROWS.map(([id, name, breedId, gender, age, price, location, status, expiresAt]) => ({
      id,
      ...buildPuppy(
        { name, breedId, gender, age, price, location, status, expiresAt, userId: 1, createdAt: day(-30 + id) },
        undefined,
        { now: NOW },
      ),
    })),
  }),
);

async function names(query: Record<string, string>): Promise<string[]> {
  const result = JSON.parse((await queryPuppies(store, v.parse(PuppyQuerySchema, query), NOW)).json) as
    PuppyView[] | PuppyPage;
  return (Array.isArray(result) ? result : result.items).map((p) => p.name);
}

const rows: Array<[label: string, query: Record<string, string>, expected: string[]]> = [
  ['no filter: every public listing, newest first', {}, ['Luna', 'Pip', 'Daisy', 'Biscuit']],
  ['a breed by name, any case', { breed: 'labrador retriever' }, ['Daisy', 'Biscuit']],
  ['a breed by id', { breed: '2' }, ['Luna', 'Pip']],
  ['a price range, both ends included', { minPrice: '1200', maxPrice: '2500' }, ['Daisy', 'Biscuit']],
  ['gender', { gender: 'Female' }, ['Luna', 'Daisy']],
  ['"All" gender is no filter', { gender: 'All' }, ['Luna', 'Pip', 'Daisy', 'Biscuit']],
  ['status', { status: 'available' }, ['Luna', 'Daisy', 'Biscuit']],
  ['a region, from the state in the location', { location: 'west' }, ['Biscuit']],
  ['any other location text matches part of the location', { location: 'boston' }, ['Pip']],
  ['search: every word must match name, breed or location', { search: 'chihuahua chicago' }, ['Luna']],
  ['search "male" finds males, not every female', { search: 'male' }, ['Pip', 'Biscuit']],
  ['category from the breed', { category: 'apartment' }, ['Luna', 'Pip']],
  ['cheapest first', { sort: 'price-asc' }, ['Pip', 'Biscuit', 'Daisy', 'Luna']],
  ['dearest first', { sort: 'price-desc' }, ['Luna', 'Daisy', 'Biscuit', 'Pip']],
  ['youngest first', { sort: 'age-asc' }, ['Luna', 'Biscuit', 'Daisy', 'Pip']],
  ['filters combine', { breed: 'Labrador Retriever', gender: 'Male', status: 'available' }, ['Biscuit']],
  ['nothing matches: an empty list', { minPrice: '5000' }, []],
];

describe('queryPuppies', () => {
  it.each(rows)('%s', async (_label, query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('pages: a total over all matches and the asked slice', async () => {
    const page = JSON.parse(
      (await queryPuppies(store, v.parse(PuppyQuerySchema, { limit: '2', offset: '1' }), NOW)).json,
    ) as PuppyPage;
    expect(page).toMatchObject({ total: 4, totalCapped: false, limit: 2, offset: 1 });
    expect(page.items.map((p) => p.name)).toEqual(['Pip', 'Daisy']);
  });
});
