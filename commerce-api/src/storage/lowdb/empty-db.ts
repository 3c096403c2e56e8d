// The shape of a new database, and the repair of one written by an older version (a collection
// or setting added since is filled in), so that opening an old file never needs a migration step.
import type { CollectionName, DbShape, Settings } from '../../domain/model.ts';
import { placedAt, zipOfPlace } from '../../domain/zip-gazetteer.ts';

// `satisfies` makes the compiler flag a collection added to DbShape but not listed here.
const collectionFlags = {
  users: true,
  sessions: true,
  breeds: true,
  puppies: true,
  contactMessages: true,
  favorites: true,
  orders: true,
  listingFeePayments: true,
  donations: true,
  sellerSubscriptions: true,
  paymentEvents: true,
  verificationCodes: true,
  sellerApplications: true,
  localPayments: true,
  uploads: true,
  conversations: true,
  messages: true,
  reports: true,
  moderationActions: true,
  payouts: true,
  payoutAccounts: true,
  breederProfiles: true,
  badgeRevocations: true,
  reviews: true,
  sellerRatings: true,
  parentDogs: true,
  healthTests: true,
  savedSearches: true,
  alertDeliveries: true,
  alertMarks: true,
  listingFeatures: true,
  listingViewDays: true,
  listingViewMarks: true,
  listingViewSalts: true,
} satisfies Record<CollectionName, true>;

export const COLLECTION_NAMES = Object.keys(collectionFlags) as readonly CollectionName[];

export const SCHEMA_VERSION = 1;

export function defaultSettings(): Settings {
  return { paymentMode: 'test' };
}

export function emptyDb(): DbShape {
  return normaliseDb({});
}

/**
 * Fills what `raw` lacks (collections, settings, sequences) and keeps everything it has,
 * unknown keys included. `source` names the file in error messages. Throws on data it cannot
 * trust: not an object, a collection that is not an array, a newer schema version.
 */
export function normaliseDb(raw: unknown, source = 'the database'): DbShape {
  if (!isPlainObject(raw)) throw new Error(`${source} does not hold a PuppyNest database (expected a JSON object).`);
  const version = raw['schemaVersion'] ?? SCHEMA_VERSION;
  if (version !== SCHEMA_VERSION) {
    throw new Error(
      `${source} has schemaVersion ${JSON.stringify(version)}, but this PuppyNest reads version ${SCHEMA_VERSION}: it was written by another version of PuppyNest.`,
    );
  }
  const sequencesIn = raw['sequences'] ?? {};
  if (!isPlainObject(sequencesIn)) throw new Error(`${source}: "sequences" must be an object.`);
  const settingsIn = raw['settings'] ?? {};
  if (!isPlainObject(settingsIn)) throw new Error(`${source}: "settings" must be an object.`);

  const db: Record<string, unknown> = { ...raw, schemaVersion: SCHEMA_VERSION };
  const sequences: Record<string, number> = {};
  for (const [name, value] of Object.entries(sequencesIn)) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new Error(`${source}: sequence "${name}" must be a whole number, not ${JSON.stringify(value)}.`);
    }
    sequences[name] = value;
  }
  for (const name of COLLECTION_NAMES) {
    const rows = raw[name] ?? [];
    if (!Array.isArray(rows)) throw new Error(`${source}: "${name}" must be an array.`);
    db[name] = rows;
    // A sequence behind the rows (an old file, hand-made test data) would hand out a used id.
    let maxId = 0;
    for (const row of rows as Array<{ id?: unknown }>) {
      if (typeof row?.id === 'number' && row.id > maxId) maxId = row.id;
    }
    if ((sequences[name] ?? 0) < maxId) sequences[name] = maxId;
  }
  placeOldListings(db['puppies'] as Array<Record<string, unknown>>);
  db['sequences'] = sequences;
  db['settings'] = { ...defaultSettings(), ...settingsIn };
  return db as unknown as DbShape;
}

/**
 * A listing written before ZIP codes were asked for gets the ZIP of its town and state and that ZIP's
 * centre (decision 0129; PostgreSQL's migration 0017 does the same), or null ones when its place cannot
 * be read: it then never matches a distance search until its seller gives a ZIP.
 */
function placeOldListings(rows: Array<Record<string, unknown>>): void {
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || 'zip' in row) continue;
    Object.assign(row, placedAt(typeof row['location'] === 'string' ? zipOfPlace(row['location']) : undefined));
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
