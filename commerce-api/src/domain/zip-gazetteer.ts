// Where a US ZIP code is: its centre, from the `zipcodes` package's table, which ships with the product
// and works offline (docs/decisions/0129-distance-from-the-zip-gazetteer.md). A listing is placed at its
// ZIP's centre and nowhere finer; distances are straight lines between centres (haversine), in miles.
//
// The table (42,000 US ZIP codes with their town and state, a 5 MB module) is read on first use, not at
// start: about 0.3 s once per process. What this module keeps of it is compact: typed arrays of the
// centres, the codes in one string, and a grid of one-degree cells for the nearest ZIP to a position.
import { createRequire } from 'node:module';
import { stateOfLocation } from './regions.ts';

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** the mean radius of the Earth in statute miles (the haversine's R) */
export const EARTH_RADIUS_MILES = 3958.8;

interface ZipRow {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
}

interface Gazetteer {
  /** index of each known ZIP in `lat`/`lon` */
  byZip: Map<string, number>;
  zips: string[];
  lat: Float64Array;
  lon: Float64Array;
  /** "denver|CO" → the town's lowest ZIP */
  byPlace: Map<string, string>;
  /** one-degree cells ("39|-105") → the indexes of the ZIPs in them */
  cells: Map<string, number[]>;
}

let loaded: Gazetteer | undefined;
const MILITARY = new Set(['AA', 'AE', 'AP']);

const cellKey = (latitude: number, longitude: number) => `${Math.floor(latitude)}|${Math.floor(longitude)}`;

function gazetteer(): Gazetteer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  // the US table alone (the package's index adds Canada's postal codes, which a US ZIP never is)
  const path = require.resolve('zipcodes/lib/codes.js');
  const { codes } = require(path) as { codes: Record<string, ZipRow> };
  // the module's 42,000 objects are read once into the arrays below, then let go
  delete require.cache[path];
  // Left out: the military post offices (states AA, AE, AP), which are no place a puppy is, and the
  // codes the table has no centre for (written 0, 0).
  const rows = Object.values(codes)
    .filter(
      (row) =>
        /^\d{5}$/.test(row.zip) &&
        !MILITARY.has(row.state) &&
        typeof row.latitude === 'number' &&
        typeof row.longitude === 'number' &&
        (row.latitude !== 0 || row.longitude !== 0),
    )
    .sort((a, b) => (a.zip < b.zip ? -1 : 1));
  const byZip = new Map<string, number>();
  const lat = new Float64Array(rows.length);
  const lon = new Float64Array(rows.length);
  const byPlace = new Map<string, string>();
  const cells = new Map<string, number[]>();
  rows.forEach((row, i) => {
    byZip.set(row.zip, i);
    lat[i] = row.latitude!;
    lon[i] = row.longitude!;
    const place = `${row.city.toLowerCase()}|${row.state}`;
    if (!byPlace.has(place)) byPlace.set(place, row.zip);
    const key = cellKey(row.latitude!, row.longitude!);
    const cell = cells.get(key);
    if (cell) cell.push(i);
    else cells.set(key, [i]);
  });
  loaded = { byZip, zips: rows.map((r) => r.zip), lat, lon, byPlace, cells };
  return loaded;
}

/**
 * Reads the table now (about 0.3 s). The server does so before it listens: read on the first distance
 * search instead, it held up every request under way while it loaded (decision 0139).
 */
export function loadZipGazetteer(): void {
  gazetteer();
}

/** the centre of a 5-digit ZIP code, or undefined when the table does not know it */
export function zipCentre(zip: string): LatLon | undefined {
  const g = gazetteer();
  const i = g.byZip.get(zip);
  return i === undefined ? undefined : { latitude: g.lat[i]!, longitude: g.lon[i]! };
}

/** the great-circle distance between two points, in miles */
export function distanceMiles(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitudes and longitudes within `miles` of `centre` lie inside this box (a pre-filter an index
 * answers; the exact distance decides). Near the poles or across the antimeridian the box is the whole
 * band of longitudes.
 */
export function boundingBox(
  centre: LatLon,
  miles: number,
): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLat = centre.latitude - dLat;
  const maxLat = centre.latitude + dLat;
  const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const dLon = cos > 0.01 ? dLat / cos : 360;
  const minLon = centre.longitude - dLon;
  const maxLon = centre.longitude + dLon;
  if (minLon < -180 || maxLon > 180) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  return { minLat, maxLat, minLon, maxLon };
}

/**
 * The ZIP whose centre is nearest a position ("Use my location"), searching the one-degree cells
 * around it ring by ring; undefined when no ZIP centre lies within about 500 miles (outside the US).
 */
export function nearestZip(position: LatLon): string | undefined {
  const g = gazetteer();
  const lat0 = Math.floor(position.latitude);
  const lon0 = Math.floor(position.longitude);
  let best: { i: number; miles: number } | undefined;
  for (let ring = 0; ring <= 8; ring++) {
    for (let dLat = -ring; dLat <= ring; dLat++) {
      for (let dLon = -ring; dLon <= ring; dLon++) {
        if (Math.max(Math.abs(dLat), Math.abs(dLon)) !== ring) continue;
        for (const i of g.cells.get(`${lat0 + dLat}|${lon0 + dLon}`) ?? []) {
          const miles = distanceMiles(position, { latitude: g.lat[i]!, longitude: g.lon[i]! });
          if (!best || miles < best.miles) best = { i, miles };
        }
      }
    }
    // a ZIP found in ring r is nearer than anything beyond ring r + 1 (cells are at least ~35 miles wide
    // up to latitude 60; one more ring settles it)
    if (best && best.miles < ring * 35) break;
  }
  return best ? g.zips[best.i] : undefined;
}

/**
 * The ZIP of a listing's free-text place ("Denver, CO"): a 5-digit ZIP written in it if the table knows
 * it, else the lowest ZIP of the town in its state; undefined when neither can be read (listings written
 * before ZIP codes were asked for; decision 0129).
 */
export function zipOfPlace(location: string): string | undefined {
  const written = /\b(\d{5})(?:-\d{4})?\b/.exec(location)?.[1];
  if (written && zipCentre(written)) return written;
  const state = stateOfLocation(location);
  const comma = location.indexOf(',');
  if (!state || comma < 0) return undefined;
  const town = location.slice(0, comma).trim().toLowerCase().replace(/\s+/g, ' ');
  // the table spells "St. Louis" and "Ft. Myers" out
  const spelled = town.replace(/^st\.? /, 'saint ').replace(/^ft\.? /, 'fort ');
  const places = gazetteer().byPlace;
  return places.get(`${town}|${state}`) ?? places.get(`${spelled}|${state}`);
}

/** a listing's ZIP with its centre, as the listing keeps them (null when unknown) */
export function placedAt(zip: string | null | undefined): {
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
} {
  const centre = zip ? zipCentre(zip) : undefined;
  return centre && zip ? { zip, ...centre } : { zip: null, latitude: null, longitude: null };
}
