// The catalogue: breeds, puppies and their uploads.
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import type { Collections } from '../storage.ts';
import type { Repositories } from '../../../domain/store/index.ts';
import { breedFigures } from './breed-figures.ts';
import { searchPublic } from './catalogue.ts';
import { isLiveAt, type LowdbContext } from './context.ts';

function usedBytes(db: Collections, userId: number): number {
  let used = 0;
  for (const upload of db.uploads.all()) if (upload.userId === userId) used += upload.bytes;
  return used;
}

export function listingRepositories({
  db,
  mutate,
  liveOrderOf,
}: LowdbContext): Pick<Repositories, 'breeds' | 'puppies' | 'uploads'> {
  return {
    breeds: {
      list: async () => [...db.breeds.all()].sort((a, b) => a.id - b.id),
      insert: (row) =>
        mutate((c) => {
          const breed = c.breeds.insert(row);
          return breed;
        }),
    },
    puppies: {
      get: async (id) => db.puppies.get(id),
      insert: (row) =>
        mutate((c) => {
          const puppy = c.puppies.insert(row);
          return puppy;
        }),
      update: (id, patch) =>
        mutate((c) => {
          const old = c.puppies.get(id);
          if (!old) return undefined;
          return c.puppies.update(id, patch);
        }),
      remove: (id) =>
        mutate((c) => {
          const old = c.puppies.get(id);
          if (!old) return false;
          // its favourites go with it (PostgreSQL: ON DELETE CASCADE)
          for (const favorite of c.favorites.filter((f) => f.puppyId === id)) {
            c.favorites.remove(favorite.id);
          }
          return c.puppies.remove(id);
        }),
      lock: async (id) => db.puppies.get(id),
      reserve: (id, now) =>
        mutate((c) => {
          const old = c.puppies.get(id);
          if (!old || old.status !== 'available' || !isLiveAt(old, now) || old.hiddenAt || liveOrderOf(c, id))
            return undefined; // hiddenAt: decision 0092
          return c.puppies.update(id, { status: 'reserved', updatedAt: now.toISOString() });
        }),
      activateWithinLimit: (id, sellerId, limit, expiresAt, now) =>
        mutate((c) => {
          const old = c.puppies.get(id);
          if (!old || old.userId !== sellerId) return undefined;
          const live = c.puppies.count((p) => p.userId === sellerId && p.id !== id && isLiveAt(p, now));
          if (limit !== null && live >= limit) return undefined;
          return c.puppies.update(id, { expiresAt, updatedAt: now.toISOString() });
        }),
      searchPublic: async (query, now) => searchPublic(db, query, now),
      breedFigures: async (breedId, now) => breedFigures(db, breedId, now),
      listBySeller: async (userId) => db.puppies.filter((p) => p.userId === userId).reverse(),
      listPublicStamps: async (now) => {
        const all = db.puppies.all();
        const stamps: Array<{ id: number; updatedAt: string }> = [];
        for (let i = all.length - 1; i >= 0; i--) {
          const p = all[i]!;
          if (isLiveAt(p, now) && !p.hiddenAt) stamps.push({ id: p.id, updatedAt: p.updatedAt });
        }
        return stamps;
      },
      mediaInUse: async (urls, exceptId) => {
        const wanted = new Set(urls);
        const used = new Set<string>();
        if (wanted.size === 0) return used;
        for (const p of db.puppies.all()) {
          if (p.id === exceptId) continue;
          for (const url of [p.imageUrl, ...p.imageUrls, ...(p.videoUrl ? [p.videoUrl] : [])])
            if (wanted.has(url)) used.add(url);
        }
        return used;
      },
    },
    uploads: {
      usedBytes: async (userId) => usedBytes(db, userId),
      listByUser: async (userId) => db.uploads.filter((u) => u.userId === userId),
      record: (row, quotaBytes) =>
        mutate((c) => {
          if (usedBytes(c, row.userId) + row.bytes > quotaBytes) return undefined;
          const upload = c.uploads.insert(row);
          return upload;
        }),
      forgetUnused: (cutoff) =>
        mutate((c) => {
          const stale = c.uploads.filter((u) => Date.parse(u.createdAt) <= cutoff.getTime());
          if (stale.length === 0) return [];
          const used = new Set<string>();
          for (const p of c.puppies.all())
            for (const url of [p.imageUrl, ...p.imageUrls, ...(p.videoUrl ? [p.videoUrl] : [])]) used.add(url);
          // a breeder page's photo is in use too (decision 0118)
          for (const profile of c.breederProfiles.all()) if (profile.photoUrl) used.add(profile.photoUrl);
          // and a parent dog's photos (decision 0121)
          for (const parent of c.parentDogs.all()) for (const url of parent.photoUrls) used.add(url);
          const unused = stale.filter((u) => !used.has(u.url));
          for (const upload of unused) {
            c.uploads.remove(upload.id);
          }
          return unused;
        }),
    },
  };
}
