// The catalogue: breeds (kept a minute per process), puppies and their uploads.
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql } from 'kysely';
import type { Repositories } from '../../../domain/store/index.ts';
import { breedFigures } from '../breed-figures.ts';
import { searchPublic } from '../catalogue.ts';
import { PUPPY_COLUMNS, type Db } from '../schema.ts';
import { atomically, changesSomething, LIVE, type Kept } from './shared.ts';

/**
 * How long a process keeps the breed list. Breeds come from the seed (no screen edits them) and every
 * catalogue answer names them: one query less per request. A breed the seed adds on another process
 * shows here within this time.
 */
const BREEDS_KEPT_MS = 60_000;

async function usedBytes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('bytes'), sql<string>`0`).as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listingRepositories(db: Db, kept: Kept): Pick<Repositories, 'breeds' | 'puppies' | 'uploads'> {
  const listBreeds = async () => {
    if (kept.breeds && kept.breeds.until > Date.now()) return kept.breeds.rows;
    // one read for the requests that find the list old together; a failed one is not kept
    const rows = db.selectFrom('breeds').selectAll().orderBy('id').execute();
    const reading = { rows, until: Date.now() + BREEDS_KEPT_MS };
    kept.breeds = reading;
    rows.catch(() => {
      if (kept.breeds === reading) delete kept.breeds;
    });
    return rows;
  };
  return {
    breeds: {
      list: listBreeds,
      insert: async (row) => {
        delete kept.breeds;
        return db.insertInto('breeds').values(row).returningAll().executeTakeFirstOrThrow();
      },
    },
    puppies: {
      // a listing page, a favourite, a checkout: a named statement, planned once per connection (decision 0103)
      get: (id) => kept.prepared.first(db, db.selectFrom('puppies').select(PUPPY_COLUMNS).where('id', '=', id)),
      insert: (row) => db.insertInto('puppies').values(row).returning(PUPPY_COLUMNS).executeTakeFirstOrThrow(),
      update: (id, patch) =>
        changesSomething(patch)
          ? db.updateTable('puppies').set(patch).where('id', '=', id).returning(PUPPY_COLUMNS).executeTakeFirst()
          : db.selectFrom('puppies').select(PUPPY_COLUMNS).where('id', '=', id).executeTakeFirst(),
      remove: async (id) =>
        (await db.deleteFrom('puppies').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
      lock: (id) => db.selectFrom('puppies').select(PUPPY_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst(),
      reserve: (id, now) =>
        db
          .updateTable('puppies')
          .set({ status: 'reserved', updatedAt: now.toISOString() })
          .where('id', '=', id)
          .where('status', '=', 'available')
          .where('expiresAt', '>', now.toISOString())
          .where('hiddenAt', 'is', null) // a hidden listing is not for sale (decision 0092)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('orders')
                  .select('orders.id')
                  .whereRef('orders.puppyId', '=', 'puppies.id')
                  .where('orders.status', 'in', LIVE),
              ),
            ),
          )
          .returning(PUPPY_COLUMNS)
          .executeTakeFirst(),
      activateWithinLimit: (id, sellerId, limit, expiresAt, now) =>
        atomically(db, async (trx) => {
          // the seller's row is the lock that serialises their activations across processes
          if (!(await trx.selectFrom('users').select('id').where('id', '=', sellerId).forUpdate().executeTakeFirst()))
            return undefined;
          if (limit !== null) {
            const live = await trx
              .selectFrom('puppies')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('userId', '=', sellerId)
              .where('id', '<>', id)
              .where('expiresAt', '>', now.toISOString())
              .executeTakeFirstOrThrow();
            if (Number(live.n) >= limit) return undefined;
          }
          return trx
            .updateTable('puppies')
            .set({ expiresAt, updatedAt: now.toISOString() })
            .where('id', '=', id)
            .where('userId', '=', sellerId)
            .returning(PUPPY_COLUMNS)
            .executeTakeFirst();
        }),
      // on the store's pool, with its census and its prepared count (decisions 0102, 0103)
      searchPublic: (query, now) => searchPublic(kept, query, now, listBreeds),
      breedFigures: (breedId, now) => breedFigures(db, breedId, now),
      listBySeller: (userId) =>
        db.selectFrom('puppies').select(PUPPY_COLUMNS).where('userId', '=', userId).orderBy('id', 'desc').execute(),
      listPublicStamps: (now) =>
        db
          .selectFrom('puppies')
          .select(['id', 'updatedAt'])
          .where('expiresAt', '>', now.toISOString())
          .where('hiddenAt', 'is', null)
          .orderBy('id', 'desc')
          .execute(),
      mediaInUse: async (urls, exceptId) => {
        const used = new Set<string>();
        if (urls.length === 0) return used;
        const list = [...urls];
        const rows = await db
          .selectFrom('puppies')
          .select(['imageUrl', 'imageUrls', 'videoUrl'])
          .where('id', '<>', exceptId)
          .where(
            sql<boolean>`(image_url = ANY(${list}::text[]) OR image_urls && ${list}::text[] OR video_url = ANY(${list}::text[]))`,
          )
          .execute();
        const wanted = new Set(list);
        for (const row of rows)
          for (const url of [row.imageUrl, ...row.imageUrls, ...(row.videoUrl ? [row.videoUrl] : [])])
            if (wanted.has(url)) used.add(url);
        return used;
      },
    },
    uploads: {
      usedBytes: (userId) => usedBytes(db, userId),
      listByUser: (userId) => db.selectFrom('uploads').selectAll().where('userId', '=', userId).orderBy('id').execute(),
      record: (row, quotaBytes) =>
        atomically(db, async (trx) => {
          // the user's row serialises their uploads across processes while the quota is checked
          await trx.selectFrom('users').select('id').where('id', '=', row.userId).forUpdate().executeTakeFirst();
          if ((await usedBytes(trx, row.userId)) + row.bytes > quotaBytes) return undefined;
          return trx.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
        }),
      forgetUnused: (cutoff) =>
        db
          .deleteFrom('uploads')
          .where('createdAt', '<=', cutoff.toISOString())
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('puppies')
                  .select('puppies.id')
                  .where(
                    sql<boolean>`puppies.image_url = uploads.url OR uploads.url = ANY(puppies.image_urls) OR puppies.video_url = uploads.url`,
                  ),
              ),
            ),
          )
          // a breeder page's photo is in use too (decision 0118)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('breederProfiles')
                  .select('breederProfiles.id')
                  .where(sql<boolean>`breeder_profiles.photo_url = uploads.url`),
              ),
            ),
          )
          // and a parent dog's photos (decision 0121)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('parentDogs')
                  .select('parentDogs.id')
                  .where(sql<boolean>`uploads.url = ANY(parent_dogs.photo_urls)`),
              ),
            ),
          )
          .returningAll()
          .execute()
          .then((rows) => rows.sort((x, y) => x.id - y.id)),
    },
  };
}
