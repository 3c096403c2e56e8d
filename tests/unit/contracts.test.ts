// The contracts as tables: each row is one input a form or a client may send, and the first message a
// person is shown for it (or that it passes, and what it becomes). These schemas serve the forms and
// the routes alike, so a row here holds for both (docs/product.md §5, §9).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterFormSchema } from '#contracts/auth.ts';
import { BREED_NAMES } from '#contracts/breeds.ts';
import { ContactSchema } from '#contracts/contacts.ts';
import { dollarsToCents, formatCents, formatLongDate, formatPrice, isWholeCents } from '#contracts/money.ts';
import { DonationIntentSchema } from '#contracts/payments.ts';
import { PuppyCreateSchema, PuppyQuerySchema } from '#contracts/puppies.ts';

type Schema = v.GenericSchema;
/** the first message, or 'ok' */
function verdict(schema: Schema, input: unknown): string {
  const result = v.safeParse(schema, input);
  return result.success ? 'ok' : result.issues[0].message;
}

const PUPPY = {
  name: 'Biscuit',
  breedId: 3,
  gender: 'Male',
  age: 8,
  weight: 12.5,
  price: 1200,
  description: 'A gentle, playful pup.',
  location: 'Portland, OR',
  zip: '97201',
  imageUrl: '/uploads/biscuit.webp',
};
const REGISTER = {
  username: 'rosa',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
  email: 'rosa@example.com',
  accountType: 'buyer',
  confirmAdult: true,
};
const DONATION = { donorName: 'Rosa', donorEmail: 'rosa@example.com', amount: 25 };
const CONTACT = {
  name: 'Rosa',
  email: 'rosa@example.com',
  phone: '5035550100',
  message: 'Is Biscuit still available?',
};

const rows: Array<[label: string, schema: Schema, input: unknown, expected: string]> = [
  ['post puppy: a complete listing', PuppyCreateSchema, PUPPY, 'ok'],
  ['post puppy: no name', PuppyCreateSchema, { ...PUPPY, name: '  ' }, 'Name is required'],
  ['post puppy: name left out altogether', PuppyCreateSchema, { ...PUPPY, name: undefined }, 'Name is required'],
  ['post puppy: no breed', PuppyCreateSchema, { ...PUPPY, breedId: '' }, 'Breed is required'],
  [
    'post puppy: gender other than Male or Female',
    PuppyCreateSchema,
    { ...PUPPY, gender: 'male' },
    'Gender is required',
  ],
  ['post puppy: age 0', PuppyCreateSchema, { ...PUPPY, age: 0 }, 'Age must be at least 1 week'],
  ['post puppy: weight 0', PuppyCreateSchema, { ...PUPPY, weight: 0 }, 'Weight must be greater than 0'],
  ['post puppy: price 0', PuppyCreateSchema, { ...PUPPY, price: 0 }, 'Price must be greater than 0'],
  ['post puppy: price with cents', PuppyCreateSchema, { ...PUPPY, price: 1200.5 }, 'Price must be in whole dollars'],
  [
    'post puppy: short description',
    PuppyCreateSchema,
    { ...PUPPY, description: 'Cute' },
    'Description should be at least 10 characters',
  ],
  ['post puppy: no location', PuppyCreateSchema, { ...PUPPY, location: '' }, 'Location is required'],
  ['post puppy: no primary image', PuppyCreateSchema, { ...PUPPY, imageUrl: '' }, 'Primary puppy image is required'],
  [
    'post puppy: a video that is not a URL',
    PuppyCreateSchema,
    { ...PUPPY, videoUrl: 'not a url' },
    'Please enter a valid URL for the video',
  ],
  [
    'post puppy: six additional images',
    PuppyCreateSchema,
    { ...PUPPY, imageUrls: Array(6).fill('/uploads/x.webp') },
    'You can only upload up to 5 additional images.',
  ],
  [
    'post puppy: a colour not on the list',
    PuppyCreateSchema,
    { ...PUPPY, colors: ['Purple'] },
    'Choose colours from the list',
  ],
  ['post puppy: a body that is not an object', PuppyCreateSchema, 'Biscuit', "Please send the puppy's details."],
  [
    'login: short username',
    LoginSchema,
    { username: 'ro', password: 'secret1' },
    'Username must be at least 3 characters',
  ],
  [
    'login: short password',
    LoginSchema,
    { username: 'rosa', password: 'short' },
    'Password must be at least 6 characters',
  ],
  ['register: complete', RegisterFormSchema, REGISTER, 'ok'],
  [
    'register: passwords differ',
    RegisterFormSchema,
    { ...REGISTER, confirmPassword: 'correct-horsf' },
    'Passwords do not match',
  ],
  [
    'register: not confirmed an adult',
    RegisterFormSchema,
    { ...REGISTER, confirmAdult: false },
    'You must be at least 18 years old to register',
  ],
  ['register: a bad email', RegisterFormSchema, { ...REGISTER, email: 'rosa@' }, 'Invalid email address'],
  ['donation: a preset amount', DonationIntentSchema, DONATION, 'ok'],
  ['donation: dollars and cents', DonationIntentSchema, { ...DONATION, amount: '24.99' }, 'ok'],
  [
    'donation: a fraction of a cent',
    DonationIntentSchema,
    { ...DONATION, amount: 24.999 },
    'Please enter an amount in dollars and cents',
  ],
  ['donation: zero', DonationIntentSchema, { ...DONATION, amount: 0 }, 'Please enter an amount between $1 and $10,000'],
  [
    'donation: over the bound',
    DonationIntentSchema,
    { ...DONATION, amount: 10_001 },
    'Please enter an amount between $1 and $10,000',
  ],
  ['donation: no name', DonationIntentSchema, { ...DONATION, donorName: '' }, 'Name is required'],
  ['contact: complete', ContactSchema, CONTACT, 'ok'],
  ['contact: no phone', ContactSchema, { ...CONTACT, phone: ' ' }, 'Phone is required'],
  ['contact: no message', ContactSchema, { ...CONTACT, message: '' }, 'Message is required'],
  [
    'puppy query: "All" gender and an empty status are no filter',
    PuppyQuerySchema,
    { gender: 'All', status: '' },
    'ok',
  ],
  ['puppy query: an unknown gender', PuppyQuerySchema, { gender: 'cat' }, 'gender must be Male or Female'],
  ['puppy query: a page too large', PuppyQuerySchema, { limit: '101' }, 'limit must be at most 100'],
  ['puppy query: a price that is not a number', PuppyQuerySchema, { minPrice: 'cheap' }, 'minPrice must be a number'],
  [
    'puppy query: an unknown sort',
    PuppyQuerySchema,
    { sort: 'random' },
    'sort must be newest, price-asc, price-desc, age-asc, rating or distance',
  ],
];

describe('contracts', () => {
  it.each(rows)('%s', (_label, schema, input, expected) => {
    expect(verdict(schema, input)).toBe(expected);
  });

  it('fills the defaults a form leaves out', () => {
    expect(v.parse(PuppyCreateSchema, PUPPY)).toMatchObject({
      status: 'available',
      imageUrls: [],
      videoUrl: null,
      colors: [],
    });
    expect(v.parse(PuppyQuerySchema, {})).toEqual({ sort: 'newest', offset: 0 });
  });
});

describe('money', () => {
  const cents: Array<[dollars: number, cents: number]> = [
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [49.99, 4999],
    [1250, 125_000],
  ];
  it.each(cents)('%d dollars are %d cents', (dollars, expected) => expect(dollarsToCents(dollars)).toBe(expected));

  const shown: Array<[label: string, text: string, expected: string]> = [
    ['a puppy price, whole dollars', formatPrice(1250), '$1,250'],
    ['a payment amount, two decimals', formatCents(129_999), '$1,299.99'],
    ['a round payment amount keeps its cents', formatCents(2500), '$25.00'],
    ['a day in messages, read in UTC', formatLongDate('2026-07-01T23:30:00.000Z'), 'July 1, 2026'],
  ];
  it.each(shown)('%s', (_label, text, expected) => expect(text).toBe(expected));

  it('knows whole cents from fractions of a cent', () => {
    expect([24.99, 0.07, 10, 24.999, 0.001].map(isWholeCents)).toEqual([true, true, true, false, false]);
  });
});

describe('breeds', () => {
  it('are listed A to Z, each once, as the selects show them', () => {
    expect([...BREED_NAMES]).toEqual([...new Set(BREED_NAMES)].sort());
  });
});
