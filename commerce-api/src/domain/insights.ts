// Listing insights (docs/product.md §23, decision 0135): views counted once per visitor, listing and day
// without keeping anything about the visitor past the day, and the seller's figures at the level their
// plan buys (monthly basic, six-month advanced, annual premium; docs/product.md §9).
import { createHash, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import {
  ALERT_MARKER,
  INSIGHT_DAYS,
  INSIGHT_METRICS,
  LEVEL_OF_PLAN,
  NO_PLAN_MESSAGE,
  VIEW_SOURCES,
  type InsightDay,
  type InsightLevel,
  type InsightsView,
  type InsightTotals,
  type ListingInsight,
  type ViewSource,
  type ViewSourceCounts,
} from '#contracts/insights.ts';
import { VIEW_SOURCE_FIELD, type Repositories, type Store } from './store/index.ts';
import { isPublic } from './puppy-catalogue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of `at` in UTC: the day a view counts on, and the insights' days */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** the address a view was read from, as the beacon or the pixel tell it */
export interface ViewRequest {
  puppyId: number;
  ip: string;
  userAgent: string;
  /** the logged-in viewer, when there is one: the listing's owner is not counted */
  viewerId: number | undefined;
  /** the page's own referrer (document.referrer), '' for none */
  referrer: string;
  /** the address marker of the page (?from=alert) */
  from: string;
  /** this site's origins (its public address, and the one the request came to): our pages, not other sites */
  siteOrigins: readonly string[];
}

/** where a view came from: the marker first, then the page the visitor came from */
export function viewSourceOf(referrer: string, from: string, siteOrigins: readonly string[]): ViewSource {
  if (from === ALERT_MARKER) return 'alert';
  if (!referrer) return 'direct';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return 'direct';
  }
  if (!siteOrigins.includes(url.origin)) return 'external';
  const path = url.pathname;
  if (path === '/puppies' || path === '/puppies/') return 'search';
  if (path.startsWith('/breeds/')) return 'breed';
  if (path.startsWith('/breeders/')) return 'breeder';
  return 'site';
}

/** each store's salt of the day, kept in this process so a view costs no read of it */
const salts = new WeakMap<Repositories, { day: string; salt: string }>();

async function saltOf(store: Repositories, day: string): Promise<string> {
  const kept = salts.get(store);
  if (kept?.day === day) return kept.salt;
  // a new day: yesterday's marks and salt go first (the sweep job does it too, for a quiet day)
  await store.listingViews.sweep(day);
  const salt = await store.listingViews.daySalt(day, randomBytes(32).toString('base64url'));
  salts.set(store, { day, salt });
  return salt;
}

/** the visitor key: nothing in it can be tied to the visitor once the day's salt is gone */
export function visitorKey(salt: string, ip: string, userAgent: string, puppyId: number): string {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}\n${puppyId}`).digest('base64url');
}

export type ViewOutcome = 'counted' | 'repeat' | 'bot' | 'owner' | 'not-public';

/**
 * Counts one view of a public listing: not a known bot's (isbot on the User-Agent), not its owner's, and once
 * per visitor, listing and day.
 */
export async function countView(store: Store, view: ViewRequest, now: Date): Promise<ViewOutcome> {
  if (!view.userAgent || isbot(view.userAgent)) return 'bot';
  const puppy = await store.puppies.get(view.puppyId);
  if (!puppy || !isPublic(puppy, now)) return 'not-public';
  if (view.viewerId !== undefined && view.viewerId === puppy.userId) return 'owner';
  const day = utcDay(now);
  const salt = await saltOf(store, day);
  const counted = await store.listingViews.record({
    puppyId: puppy.id,
    day,
    visitorKey: visitorKey(salt, view.ip, view.userAgent, puppy.id),
    source: viewSourceOf(view.referrer, view.from, view.siteOrigins),
  });
  return counted ? 'counted' : 'repeat';
}

/** the sweep of past days' marks and salts (jobs/sweep-view-marks.ts) */
export const sweepViewMarks = (store: Repositories, now: Date): Promise<number> =>
  store.listingViews.sweep(utcDay(now));

// ---- the seller's insights -------------------------------------------------------------------------------

const zero = (): InsightTotals => ({ views: 0, favorites: 0, conversations: 0, checkouts: 0, sales: 0 });
const zeroSources = (): ViewSourceCounts => Object.fromEntries(VIEW_SOURCES.map((s) => [s, 0])) as ViewSourceCounts;

/** the median of each number (the middle one, or the mean of the two middle ones) */
function medianOf(rows: readonly InsightTotals[]): InsightTotals {
  const median = zero();
  for (const metric of INSIGHT_METRICS) {
    const sorted = rows.map((r) => r[metric]).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    median[metric] = sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }
  return median;
}

interface Window {
  days: string[];
  since: Date;
}

function windowOf(now: Date): Window {
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  const days = Array.from({ length: INSIGHT_DAYS }, (_, i) =>
    utcDay(new Date(today - (INSIGHT_DAYS - 1 - i) * DAY_MS)),
  );
  return { days, since: new Date(Date.parse(`${days[0]}T00:00:00.000Z`)) };
}

/** per listing and day: the five numbers over the window, and the view sources per listing */
async function figuresOf(store: Repositories, puppyIds: readonly number[], window: Window) {
  const [viewDays, activity] = await Promise.all([
    store.listingViews.days(puppyIds, window.days[0]!),
    store.listingViews.activity(puppyIds, window.since),
  ]);
  const totals = new Map<number, InsightTotals>(puppyIds.map((id) => [id, zero()]));
  const sources = new Map<number, ViewSourceCounts>(puppyIds.map((id) => [id, zeroSources()]));
  const daily = new Map<string, InsightTotals>(window.days.map((d) => [d, zero()]));
  const last = window.days[window.days.length - 1]!;
  for (const row of viewDays) {
    if (row.day > last) continue;
    totals.get(row.puppyId)!.views += row.views;
    daily.get(row.day)!.views += row.views;
    const counts = sources.get(row.puppyId)!;
    for (const source of VIEW_SOURCES) counts[source] += row[VIEW_SOURCE_FIELD[source]] as number;
  }
  for (const row of activity) {
    const day = daily.get(row.day);
    const total = totals.get(row.puppyId);
    if (!day || !total) continue;
    for (const metric of ['favorites', 'conversations', 'checkouts', 'sales'] as const) {
      total[metric] += row[metric];
      day[metric] += row[metric];
    }
  }
  return { totals, sources, daily };
}

export type InsightsAnswer = { ok: true; insights: InsightsView } | { ok: false; message: string };

/**
 * The seller's insights at their plan's level, or the no-plan message. Only the seller's own listings; a
 * lower level's answer has no field of a higher one (the chart's days and the breed medians from advanced,
 * the sources from premium).
 */
export async function insightsOf(store: Store, sellerId: number, now: Date): Promise<InsightsAnswer> {
  const subscription = await store.sellerSubscriptions.findActive(sellerId, now);
  if (!subscription) return { ok: false, message: NO_PLAN_MESSAGE };
  const level: InsightLevel = LEVEL_OF_PLAN[subscription.plan];
  const window = windowOf(now);
  const listings = (await store.puppies.listBySeller(sellerId)).sort((a, b) => b.id - a.id);
  const breeds = new Map((await store.breeds.list()).map((b) => [b.id, b]));
  const mine = await figuresOf(
    store,
    listings.map((p) => p.id),
    window,
  );

  // advanced: each breed's median listing over the same window (its live listings, this seller's included)
  const medians = new Map<number, InsightTotals & { listings: number }>();
  if (level !== 'basic') {
    for (const breedId of new Set(listings.map((p) => p.breedId))) {
      const ids = await store.listingViews.liveIdsOfBreed(breedId, now);
      const figures = await figuresOf(store, ids, window);
      medians.set(breedId, { ...medianOf([...figures.totals.values()]), listings: ids.length });
    }
  }

  const totals = zero();
  const sources = zeroSources();
  const rows: ListingInsight[] = listings.map((puppy) => {
    const own = mine.totals.get(puppy.id)!;
    for (const metric of INSIGHT_METRICS) totals[metric] += own[metric];
    const ownSources = mine.sources.get(puppy.id)!;
    for (const source of VIEW_SOURCES) sources[source] += ownSources[source];
    const row: ListingInsight = {
      puppyId: puppy.id,
      name: puppy.name,
      breedName: breeds.get(puppy.breedId)?.name ?? 'Mixed breed',
      totals: own,
    };
    if (level !== 'basic') row.breedMedian = medians.get(puppy.breedId)!;
    if (level === 'premium') row.sources = ownSources;
    return row;
  });

  const insights: InsightsView = {
    plan: subscription.plan,
    level,
    from: window.days[0]!,
    to: window.days[window.days.length - 1]!,
    totals,
    listings: rows,
  };
  if (level !== 'basic') {
    insights.daily = window.days.map((day): InsightDay => ({ day, ...mine.daily.get(day)! }));
  }
  if (level === 'premium') insights.sources = sources;
  return { ok: true, insights };
}

// ---- the CSV export (premium) ----------------------------------------------------------------------------

const csvCell = (value: string | number): string => {
  const text = String(value);
  // a cell a spreadsheet would read as a formula is quoted with a leading apostrophe (CSV injection)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** one row per listing with its numbers and view sources, then the total; premium only (the caller checks) */
export function insightsCsv(insights: InsightsView): string {
  const header = ['listing_id', 'name', 'breed', ...INSIGHT_METRICS, ...VIEW_SOURCES.map((s) => `views_from_${s}`)];
  const lines = [header.join(',')];
  for (const row of insights.listings) {
    const sources = row.sources ?? zeroSources();
    lines.push(
      [
        row.puppyId,
        row.name,
        row.breedName,
        ...INSIGHT_METRICS.map((m) => row.totals[m]),
        ...VIEW_SOURCES.map((s) => sources[s]),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  const all = insights.sources ?? zeroSources();
  lines.push(
    ['total', 'All listings', '', ...INSIGHT_METRICS.map((m) => insights.totals[m]), ...VIEW_SOURCES.map((s) => all[s])]
      .map(csvCell)
      .join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
