import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../commerce-api/src/auth/passwords.ts';
import {
  BREEDS,
  buildBreeds,
  buildCatalogue,
  buildPuppy,
  buildUser,
  COAT_COLORS,
  createRng,
  FACTORY_PASSWORD,
  FACTORY_PASSWORD_HASH,
} from '../../support/factories.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');

describe('breeds', () => {
  it('lists the breeds families ask for, each complete and searchable', () => {
    expect(BREEDS.length).toBeGreaterThanOrEqual(45);
    const names = BREEDS.map((breed) => breed.name);
    expect(new Set(names).size).toBe(names.length);
    for (const wanted of [
      'Labrador Retriever',
      'French Bulldog',
      'Poodle (Toy)',
      'Corgi (Pembroke Welsh)',
      'Goldendoodle',
      'Cavapoo',
      'Bichon Frise',
    ]) {
      expect(names).toContain(wanted);
    }
    for (const breed of BREEDS) {
      expect(breed.categories.length, breed.name).toBeGreaterThan(0);
      expect(breed.traits.length, breed.name).toBeGreaterThanOrEqual(3);
      expect(
        breed.colors.every((color) => (COAT_COLORS as readonly string[]).includes(color)),
        breed.name,
      ).toBe(true);
      expect(breed.price[0]).toBeGreaterThanOrEqual(100);
      expect(breed.price[1]).toBeLessThanOrEqual(6000);
    }
    const records = buildBreeds();
    const poodle = records.find((breed) => breed.name === 'Poodle (Toy)')!;
    expect(poodle.temperament).toEqual(expect.arrayContaining(['hypoallergenic', 'small']));
    expect(poodle.imageUrl).toBe('/uploads/seed/breed-poodle-toy.webp');
    for (const category of ['family', 'apartment', 'active'] as const) {
      expect(records.filter((breed) => breed.categories.includes(category)).length).toBeGreaterThan(10);
    }
  });
});

describe('factories', () => {
  it('make the same records from the same seed, and different ones from another', () => {
    const a = buildCatalogue(20, createRng(5), { now: NOW });
    const b = buildCatalogue(20, createRng(5), { now: NOW });
    const c = buildCatalogue(20, createRng(6), { now: NOW });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('builds a user whose default hash verifies with the factory password', async () => {
    const user = buildUser({ username: 'Maria' }, NOW);
    expect(user).toMatchObject({
      username: 'Maria',
      usernameKey: 'maria',
      role: 'user',
      accountType: 'buyer',
      sessionVersion: 0,
      createdAt: NOW.toISOString(),
    });
    expect(user.passwordHash).toBe(FACTORY_PASSWORD_HASH);
    expect(await verifyPassword(FACTORY_PASSWORD_HASH, FACTORY_PASSWORD)).toBe(true);
    expect(await verifyPassword(FACTORY_PASSWORD_HASH, 'wrong-password')).toBe(false);
  });

  it('derives region and description from overridden fields and keeps explicit nulls', () => {
    const puppy = buildPuppy(
      { name: 'Biscuit', gender: 'Male', location: 'Austin, Texas', breedId: 1, age: 10, expiresAt: null },
      createRng(3),
      { now: NOW },
    );
    expect(puppy.region).toBe('southwest');
    expect(puppy.breedId).toBe(1);
    expect(puppy.description).toContain('Biscuit');
    expect(puppy.description).toContain('Labrador Retriever');
    expect(puppy.description).not.toMatch(/\bshe\b|\bher\b/i);
    expect(puppy.expiresAt).toBeNull();
    const listed = buildPuppy({}, createRng(3), { now: NOW });
    expect(Date.parse(listed.expiresAt!)).toBe(NOW.getTime() + 30 * 24 * 3600 * 1000);
  });

  it('keeps a large catalogue plausible', () => {
    const rng = createRng(11);
    const puppies = buildCatalogue(2000, rng, { now: NOW, sellerIds: [4, 5] });
    expect(puppies).toHaveLength(2000);
    for (const puppy of puppies) {
      const breed = BREEDS[puppy.breedId - 1]!;
      expect(puppy.age).toBeGreaterThanOrEqual(1);
      expect(puppy.age).toBeLessThanOrEqual(40);
      expect(Number.isInteger(puppy.price)).toBe(true);
      expect(puppy.price).toBeGreaterThanOrEqual(100);
      expect(puppy.price).toBeLessThanOrEqual(6000);
      expect(puppy.weight).toBeGreaterThan(0);
      expect(puppy.weight).toBeLessThanOrEqual(breed.adultWeight[1] * 1.1);
      expect(puppy.description.length).toBeGreaterThan(80);
      expect(puppy.imageUrls.length).toBeLessThanOrEqual(3);
      expect(
        [puppy.imageUrl, ...puppy.imageUrls].every((url) => url.startsWith('/uploads/seed/') && url.endsWith('.webp')),
      ).toBe(true);
      expect(puppy.colors.every((color) => breed.colors.includes(color as never))).toBe(true);
      expect([4, 5]).toContain(puppy.userId);
    }
    // a puppy of a toy breed weighs less than a giant breed of the same age
    const at12 = (name: string) =>
      puppies.filter((p) => BREEDS[p.breedId - 1]!.name === name && p.age >= 10 && p.age <= 14).map((p) => p.weight);
    expect(Math.max(...at12('Chihuahua'))).toBeLessThan(Math.min(...at12('Great Dane')));
    expect(new Set(puppies.map((p) => p.description)).size).toBeGreaterThan(1900);
    expect(puppies.filter((p) => p.featured)).toHaveLength(8);
  });
});
