// Small rows and temp folders for the storage tests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContactMessage, Puppy } from '../../../commerce-api/src/domain/model.ts';

export function tempDataDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-storage-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function contactMessage(n: number, overrides: Partial<ContactMessage> = {}): Omit<ContactMessage, 'id'> {
  return {
    name: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    phone: '555-0100',
    message: `Is puppy ${n} still available?`,
    puppyId: null,
    userId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function puppy(n: number, overrides: Partial<Puppy> = {}): Omit<Puppy, 'id'> {
  return {
    name: `Puppy ${n}`,
    breedId: 1 + (n % 20),
    userId: 1 + (n % 50),
    gender: n % 2 ? 'Male' : 'Female',
    age: 8 + (n % 10),
    weight: 5 + (n % 30),
    price: 800 + (n % 40) * 25,
    colors: ['golden', 'white'],
    description: 'A playful, healthy puppy raised in a family home, vaccinated and vet checked. '.repeat(5),
    location: 'Austin, TX',
    zip: '78701',
    latitude: 30.2713,
    longitude: -97.7426,
    region: 'southwest',
    imageUrl: `/uploads/puppy-${n}.webp`,
    imageUrls: [`/uploads/puppy-${n}.webp`, `/uploads/puppy-${n}-2.webp`],
    videoUrl: null,
    status: 'available',
    featured: n % 10 === 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}
