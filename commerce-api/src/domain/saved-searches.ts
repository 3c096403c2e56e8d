// Saved searches and alerts (docs/product.md §21, docs/decisions/0131). "Alert me" on /puppies keeps the
// list's filters; a logged-in family's alert goes to its account's email at once, an address without an
// account gets one confirmation mail and nothing else until its link is used (double opt-in).
//
// Matching never runs while a listing is published: the alerts job (jobs/saved-search-alerts.ts) reads the
// public listings changed since its mark (updatedAt, which every path that makes a listing public sets),
// matches each against the active searches, and claims one delivery row per (search, listing) before a
// mail goes, so a listing reaches a search once whatever the number of processes or runs.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  alertFiltersOf,
  CONFIRM_LINK_HOURS,
  MAX_ALERTS_PER_ADDRESS,
  type AlertFilters,
  type AlertFrequency,
  type AlertView,
} from '#contracts/alerts.ts';
import { ALERT_MARKER, FROM_PARAM } from '#contracts/insights.ts';
import { button, greeting, link, paragraph } from '../mail/blocks.ts';
import type { Mailer, MailMessage, SitePath } from '../mail/messages.ts';
import type { Log } from '../logging/log.ts';
import { breedText, GENDER_WORDS, REGION_NAMES, searchTokens } from './store/catalogue-search.ts';
import type { Repositories, Store } from './store/index.ts';
import type { Breed, Puppy, SavedSearch, User } from './model.ts';
import { evidenceOf } from './breeders/badges.ts';
import { distanceMiles, zipCentre } from './zip-gazetteer.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * The job reads again this far behind its mark: on PostgreSQL a listing's change is stamped before its
 * transaction commits, so a change stamped just before the last run may become visible only after it.
 * The delivery rows make reading it twice harmless.
 */
export const MARK_OVERLAP_MS = 2 * 60_000;
/** the first run ever looks back this far (not at the whole catalogue) */
const FIRST_LOOKBACK_MS = 10 * 60_000;
/** listings per run: a burst of publishing drains over a few runs */
const LISTINGS_PER_RUN = 500;
const DIGESTS_PER_RUN = 200;
/** a digest lists at most this many puppies, then links the search */
const DIGEST_MAX = 10;

export interface AlertDeps {
  store: Store;
  mailer: Mailer;
  log: Log;
  siteUrl: string;
  /** signs the manage and unsubscribe links (the session secret) */
  secret: string;
}

// ---- tokens ------------------------------------------------------------------------------------------

const b64url = (buf: Buffer) => buf.toString('base64url');
const sign = (secret: string, purpose: string, subject: string) =>
  b64url(createHmac('sha256', secret).update(`${purpose}:${subject}`).digest()).slice(0, 32);

function verify(secret: string, purpose: string, subject: string, signature: string): boolean {
  const want = Buffer.from(sign(secret, purpose, subject));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** the unsubscribe link's token of one search: its id, signed */
export function unsubscribeToken(secret: string, searchId: number): string {
  return `${searchId}.${sign(secret, 'alert-unsubscribe', String(searchId))}`;
}

export function searchOfUnsubscribeToken(secret: string, token: unknown): number | undefined {
  if (typeof token !== 'string') return undefined;
  const match = /^(\d{1,9})\.([\w-]{32})$/.exec(token);
  if (!match || !verify(secret, 'alert-unsubscribe', match[1]!, match[2]!)) return undefined;
  return Number(match[1]);
}

/** the manage link's token of an address without an account: the address, signed */
export function manageToken(secret: string, email: string): string {
  return `${b64url(Buffer.from(email))}.${sign(secret, 'alert-manage', email)}`;
}

export function emailOfManageToken(secret: string, token: unknown): string | undefined {
  if (typeof token !== 'string' || token.length > 600) return undefined;
  const match = /^([\w-]{1,400})\.([\w-]{32})$/.exec(token);
  if (!match) return undefined;
  const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
  return verify(secret, 'alert-manage', email, match[2]!) ? email : undefined;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// ---- matching ----------------------------------------------------------------------------------------

/** what matching a listing needs beyond the listing: the breeds, and which sellers are identity-verified */
export interface MatchContext {
  breeds: ReadonlyMap<number, Breed>;
  /** only asked when a search has `verified` */
  isVerifiedSeller(userId: number): boolean;
}

/** the breeds a search allows (by its breed and category), or undefined for any */
export function breedIdsOf(filters: AlertFilters, breeds: Iterable<Breed>): Set<number> | undefined {
  let ids: Set<number> | undefined;
  if (filters.breed) {
    const wanted = filters.breed.toLowerCase();
    // an id is taken as it is, as the catalogue does
    if (/^\d+$/.test(wanted)) ids = new Set([Number(wanted)]);
    else {
      ids = new Set();
      for (const b of breeds) if (b.name.toLowerCase() === wanted) ids.add(b.id);
    }
  }
  if (filters.category) {
    const category = filters.category;
    const next = new Set<number>();
    for (const b of breeds) if (b.categories.includes(category) && (!ids || ids.has(b.id))) next.add(b.id);
    ids = next;
  }
  return ids;
}

/**
 * Whether `listing` is one the list would show for these filters (the catalogue's rules, as
 * storage/lowdb/repositories/catalogue.ts applies them). The listing is public: the caller read it so.
 * With `near`, a listing needs a ZIP, and with `within` its ZIP's centre that close (decision 0129).
 */
export function matchesSearch(filters: AlertFilters, listing: Puppy, ctx: MatchContext): boolean {
  if (filters.breed || filters.category) {
    const allowed = breedIdsOf(filters, ctx.breeds.values());
    if (allowed && !allowed.has(listing.breedId)) return false;
  }
  return matchesBesidesBreed(filters, listing, ctx);
}

/** matchesSearch without the breed and category, which the index's candidates already agree with */
function matchesBesidesBreed(filters: AlertFilters, listing: Puppy, ctx: MatchContext): boolean {
  if (filters.minPrice !== undefined && listing.price < filters.minPrice) return false;
  if (filters.maxPrice !== undefined && listing.price > filters.maxPrice) return false;
  if (filters.gender && listing.gender !== filters.gender) return false;
  if (filters.status && listing.status !== filters.status) return false;
  if (filters.healthTested && !listing.healthTested) return false;
  const location = filters.location?.toLowerCase();
  if (location) {
    if (REGION_NAMES.has(location) ? listing.region !== location : !listing.location.toLowerCase().includes(location))
      return false;
  }
  const tokens = searchTokens(filters.search);
  if (tokens.length) {
    const own = [listing.name, listing.location, listing.region ?? '', ...listing.colors].join(' ').toLowerCase();
    const breed = breedText(ctx.breeds.get(listing.breedId));
    if (
      !tokens.every((t) =>
        GENDER_WORDS[t] ? GENDER_WORDS[t] === listing.gender : own.includes(t) || breed.includes(t),
      )
    )
      return false;
  }
  if (filters.verified && !ctx.isVerifiedSeller(listing.userId)) return false;
  if (filters.near) {
    const centre = zipCentre(filters.near);
    if (!centre || listing.latitude === null || listing.longitude === null) return false;
    const miles = distanceMiles(centre, { latitude: listing.latitude, longitude: listing.longitude });
    if (filters.within !== undefined && miles > filters.within) return false;
  }
  return true;
}

/**
 * The active searches, by the breeds they allow: a new listing is checked only against the searches of
 * its breed and those of any breed. Parsed filters are kept per query text, which many searches share.
 */
export class SearchIndex {
  readonly #byBreed = new Map<number, Array<{ search: SavedSearch; filters: AlertFilters }>>();
  readonly #anyBreed: Array<{ search: SavedSearch; filters: AlertFilters }> = [];
  readonly size: number;

  constructor(searches: readonly SavedSearch[], breeds: readonly Breed[], parsed: Map<string, AlertFilters | null>) {
    let size = 0;
    const allowed = new Map<string, Set<number> | null>();
    for (const search of searches) {
      let filters = parsed.get(search.query);
      if (filters === undefined) {
        filters = alertFiltersOf(search.query)?.filters ?? null;
        // a bounded memo: a process keeps the filters of the searches it saw lately
        if (parsed.size > 50_000) parsed.clear();
        parsed.set(search.query, filters);
      }
      if (!filters) continue;
      size++;
      const key = `${filters.breed ?? ''}\n${filters.category ?? ''}`;
      let ids = allowed.get(key);
      if (ids === undefined) allowed.set(key, (ids = breedIdsOf(filters, breeds) ?? null));
      if (!ids) this.#anyBreed.push({ search, filters });
      else
        for (const id of ids) {
          let list = this.#byBreed.get(id);
          if (!list) this.#byBreed.set(id, (list = []));
          list.push({ search, filters });
        }
    }
    this.size = size;
  }

  /** the searches `listing` may match: its breed's and any breed's */
  candidates(listing: Puppy): ReadonlyArray<{ search: SavedSearch; filters: AlertFilters }> {
    const own = this.#byBreed.get(listing.breedId);
    return own ? [...own, ...this.#anyBreed] : this.#anyBreed;
  }

  /** the searches `listing` matches (its candidates, then the rest of their filters) */
  matches(listing: Puppy, ctx: MatchContext): Array<{ search: SavedSearch; filters: AlertFilters }> {
    return this.candidates(listing).filter(({ filters }) => matchesBesidesBreed(filters, listing, ctx));
  }

  get needsVerifiedSellers(): boolean {
    for (const list of [this.#anyBreed, ...this.#byBreed.values()])
      if (list.some((c) => c.filters.verified)) return true;
    return false;
  }
}

// ---- words -------------------------------------------------------------------------------------------

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

/** the filters in words, for the page and the mails */
export function describeFilters(filters: AlertFilters, breeds: ReadonlyMap<number, Breed>): string {
  const parts: string[] = [];
  if (filters.breed) {
    const byId = /^\d+$/.test(filters.breed) ? breeds.get(Number(filters.breed))?.name : undefined;
    parts.push(byId ?? filters.breed);
  }
  if (filters.category) parts.push(`${filters.category[0]!.toUpperCase()}${filters.category.slice(1)} breeds`);
  if (filters.gender) parts.push(filters.gender);
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined)
    parts.push(`${money(filters.minPrice)}–${money(filters.maxPrice)}`);
  else if (filters.minPrice !== undefined) parts.push(`from ${money(filters.minPrice)}`);
  else if (filters.maxPrice !== undefined) parts.push(`up to ${money(filters.maxPrice)}`);
  if (filters.location) {
    const place = filters.location.toLowerCase();
    parts.push(
      REGION_NAMES.has(place) ? `the ${place[0]!.toUpperCase()}${place.slice(1)}` : `in “${filters.location}”`,
    );
  }
  if (filters.search) parts.push(`“${filters.search}”`);
  if (filters.healthTested) parts.push('health-tested parents');
  if (filters.verified) parts.push('identity-verified breeders');
  if (filters.status && filters.status !== 'available') parts.push(filters.status);
  return parts.length ? parts.join(' · ') : 'Any puppy';
}

const listHref = (query: string): SitePath => `/puppies${query ? `?${query}` : ''}`;

async function breedMap(store: Repositories): Promise<Map<number, Breed>> {
  return new Map((await store.breeds.list()).map((b) => [b.id, b]));
}

export function alertViewOf(search: SavedSearch, breeds: ReadonlyMap<number, Breed>): AlertView {
  const filters = alertFiltersOf(search.query)?.filters ?? {};
  return {
    id: search.id,
    summary: describeFilters(filters, breeds),
    href: listHref(search.query),
    frequency: search.frequency,
    status: search.status,
  };
}

// ---- saving, confirming, managing --------------------------------------------------------------------

export type SaveOutcome = 'saved' | 'confirm' | 'filters' | 'email' | 'too_many';

/** "Alert me": an account's alert starts at once; an address's waits for its confirmation link */
export async function saveAlert(
  deps: AlertDeps,
  input: { user: User | undefined; email: string | undefined; query: string; frequency: AlertFrequency },
  now: Date,
): Promise<{ outcome: SaveOutcome; search?: SavedSearch }> {
  const { store } = deps;
  const parsed = alertFiltersOf(input.query);
  if (!parsed) return { outcome: 'filters' };
  const at = now.toISOString();
  if (input.user) {
    const mine = await store.savedSearches.listByUser(input.user.id);
    const same = mine.find((s) => s.query === parsed.query);
    if (same) {
      // saving the same filters again changes how often, and resumes a paused one
      const search = await store.savedSearches.update(same.id, {
        frequency: input.frequency,
        status: 'active',
        updatedAt: at,
      });
      return { outcome: 'saved', search: search! };
    }
    if (mine.length >= MAX_ALERTS_PER_ADDRESS) return { outcome: 'too_many' };
    const search = await store.savedSearches.create({
      userId: input.user.id,
      email: input.user.email.toLowerCase(),
      query: parsed.query,
      frequency: input.frequency,
      status: 'active',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      lastDigestAt: null,
      createdAt: at,
      updatedAt: at,
    });
    return { outcome: 'saved', search };
  }
  const email = input.email?.trim().toLowerCase();
  if (!email) return { outcome: 'email' };
  if ((await store.savedSearches.listByEmail(email)).length >= MAX_ALERTS_PER_ADDRESS) return { outcome: 'too_many' };
  const token = b64url(randomBytes(32));
  const search = await store.savedSearches.create({
    userId: null,
    email,
    query: parsed.query,
    frequency: input.frequency,
    status: 'pending',
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_LINK_HOURS * HOUR_MS).toISOString(),
    lastDigestAt: null,
    createdAt: at,
    updatedAt: at,
  });
  const summary = describeFilters(parsed.filters, await breedMap(store));
  await deps.mailer.send(confirmMail(deps.siteUrl, email, summary, token, input.frequency));
  return { outcome: 'confirm', search };
}

function confirmMail(site: string, to: string, summary: string, token: string, frequency: AlertFrequency): MailMessage {
  const path: SitePath = `/alerts?confirm=${token}`;
  const how = frequency === 'instant' ? 'as soon as one is listed' : 'once a day';
  return {
    to,
    subject: 'Confirm your PuppyNest puppy alert',
    text:
      `Hello,\n\nSomeone, hopefully you, asked PuppyNest to email this address about new puppies that match: ${summary}.\n\n` +
      `To start the alert, confirm within ${CONFIRM_LINK_HOURS} hours: ${site}${path}\n\n` +
      `We will then email you ${how}. If you did not ask for this, ignore this email: we will not write again.\n`,
    kind: 'alert-confirm',
    blocks: [
      greeting('there', 'Hello'),
      paragraph(
        `Someone, hopefully you, asked PuppyNest to email this address about new puppies that match: ${summary}.`,
      ),
      button('Start my alert', path),
      paragraph(
        `The link works for ${CONFIRM_LINK_HOURS} hours. We will then email you ${how}. If you did not ask for this, ignore this email: we will not write again.`,
      ),
    ],
  };
}

/** the confirmation link's button: the pending search starts, once, before its link expires */
export async function confirmAlert(store: Store, token: unknown, now: Date): Promise<SavedSearch | undefined> {
  if (typeof token !== 'string' || !/^[\w-]{43}$/.test(token)) return undefined;
  return store.savedSearches.confirm(hashToken(token), now);
}

/** whether a pending search still waits for this token (the confirm page's button is shown then) */
export function isConfirmToken(token: unknown): token is string {
  return typeof token === 'string' && /^[\w-]{43}$/.test(token);
}

/** who manages alerts: an account, or an address by its signed link */
export type AlertOwner = { userId: number } | { email: string };

export async function alertsOf(store: Store, owner: AlertOwner): Promise<SavedSearch[]> {
  return 'userId' in owner
    ? store.savedSearches.listByUser(owner.userId)
    : store.savedSearches.listByEmail(owner.email);
}

const owns = (owner: AlertOwner, s: SavedSearch) =>
  'userId' in owner ? s.userId === owner.userId : s.userId === null && s.email === owner.email;

/** pause, resume or delete one of the owner's alerts; false when it is not theirs (or gone) */
export async function changeAlert(
  store: Store,
  owner: AlertOwner,
  id: number,
  action: 'pause' | 'resume' | 'delete',
  now: Date,
): Promise<boolean> {
  const search = await store.savedSearches.get(id);
  if (!search || !owns(owner, search)) return false;
  if (action === 'delete') return store.savedSearches.remove(id);
  // a pending search starts only by its confirmation link
  if (search.status === 'pending') return false;
  await store.savedSearches.update(id, {
    status: action === 'pause' ? 'paused' : 'active',
    updatedAt: now.toISOString(),
  });
  return true;
}

/** the one-click unsubscribe (RFC 8058): the search is deleted; an unknown or gone one is fine too */
export async function unsubscribe(deps: Pick<AlertDeps, 'store' | 'secret'>, token: unknown): Promise<boolean> {
  const id = searchOfUnsubscribeToken(deps.secret, token);
  if (id === undefined) return false;
  await deps.store.savedSearches.remove(id);
  return true;
}

// ---- the job -----------------------------------------------------------------------------------------

function manageLink(deps: AlertDeps, search: SavedSearch): SitePath {
  return search.userId === null ? `/alerts?token=${manageToken(deps.secret, search.email)}` : '/alerts';
}

const unsubscribeLink = (deps: AlertDeps, search: SavedSearch): SitePath =>
  `/alerts?unsubscribe=${unsubscribeToken(deps.secret, search.id)}`;

const alertListingLink = (p: Puppy): SitePath => `/puppies/${p.id}?${FROM_PARAM}=${ALERT_MARKER}`;

function puppyLine(p: Puppy, breeds: ReadonlyMap<number, Breed>): string {
  const breed = breeds.get(p.breedId)?.name ?? 'Puppy';
  return `${p.name}, ${breed}, ${p.gender}, ${p.age} weeks, ${money(p.price)}, ${p.location}`;
}

function alertMail(
  deps: AlertDeps,
  search: SavedSearch,
  summary: string,
  puppies: readonly Puppy[],
  breeds: ReadonlyMap<number, Breed>,
): MailMessage {
  const site = deps.siteUrl;
  const manage = manageLink(deps, search);
  const off = unsubscribeLink(deps, search);
  const one = puppies.length === 1 ? puppies[0]! : undefined;
  const subject = one
    ? `New match: ${one.name}, ${breeds.get(one.breedId)?.name ?? 'puppy'}, ${money(one.price)}`
    : `${puppies.length} new puppies match your alert`;
  // the listing's link carries the alert marker: its view counts as from an alert mail (decision 0135)
  const lines = puppies.slice(0, DIGEST_MAX).map((p) => `- ${puppyLine(p, breeds)}: ${site}${alertListingLink(p)}`);
  const more = puppies.length > DIGEST_MAX ? `\nSee them all: ${site}${listHref(search.query)}\n` : '';
  return {
    to: search.email,
    subject,
    text:
      `Hello,\n\n${one ? 'A new puppy matches' : 'New puppies match'} your alert (${summary}):\n\n${lines.join('\n')}\n${more}\n` +
      `Manage your alerts: ${site}${manage}\nUnsubscribe from this alert: ${site}${off}\n`,
    kind: 'alert',
    unsubscribe: off,
    blocks: [
      greeting('there', 'Hello'),
      paragraph(`${one ? 'A new puppy matches' : 'New puppies match'} your alert: ${summary}.`),
      ...puppies
        .slice(0, DIGEST_MAX)
        .flatMap((p) => [paragraph(puppyLine(p, breeds)), button(`See ${p.name}`, alertListingLink(p))]),
      ...(puppies.length > DIGEST_MAX ? [link('See them all', listHref(search.query))] : []),
      link('Manage your alerts', manage, 'Pause, change or delete them:'),
      link('Unsubscribe from this alert', off),
    ],
  };
}

/**
 * What the job keeps between its runs in one process: the parsed filters per query text, and the listing
 * changes it has matched already, which the next run reads again (the mark's overlap) and skips. Only a
 * saving: the delivery rows are what keeps a listing from being mailed twice.
 */
export interface AlertsMemo {
  parsed: Map<string, AlertFilters | null>;
  matched: Set<string>;
}

export const newAlertsMemo = (): AlertsMemo => ({ parsed: new Map(), matched: new Set() });

/** what one run did, for its log line and the bench */
export interface AlertRun {
  listings: number;
  searches: number;
  matched: number;
  mailed: number;
  digests: number;
}

/**
 * One run of the alerts job: the public listings changed since the mark are matched against the active
 * searches (instant ones mailed at once, daily ones kept for the digest), then the digests that are due.
 * Safe in several processes at once: each (search, listing) row and each digest is claimed before its mail.
 */
export async function runAlerts(deps: AlertDeps, now: Date, memo: AlertsMemo = newAlertsMemo()): Promise<AlertRun> {
  const { store } = deps;
  const run: AlertRun = { listings: 0, searches: 0, matched: 0, mailed: 0, digests: 0 };
  const mark = await store.alertMarks.matchedUntil();
  const since = mark ? new Date(Date.parse(mark) - MARK_OVERLAP_MS) : new Date(now.getTime() - FIRST_LOOKBACK_MS);
  const read = await store.alertMarks.listingsChangedSince(since.toISOString(), now, LISTINGS_PER_RUN);
  const changeOf = (p: Puppy) => `${p.id}@${p.updatedAt}`;
  const listings = read.filter((p) => !memo.matched.has(changeOf(p)));
  run.listings = listings.length;
  let breeds: Map<number, Breed> | undefined;
  if (listings.length) {
    breeds = await breedMap(store);
    const index = new SearchIndex(await store.savedSearches.listActive(), [...breeds.values()], memo.parsed);
    run.searches = index.size;
    let verified: Set<number> | undefined;
    if (index.needsVerifiedSellers) {
      const evidence = await evidenceOf(store, [...new Set(listings.map((p) => p.userId))], now);
      verified = new Set(
        [...evidence]
          .filter(([, e]) => e.identityAt !== null && !e.revoked.includes('identity_verified'))
          .map(([id]) => id),
      );
    }
    const ctx: MatchContext = { breeds, isVerifiedSeller: (id) => verified?.has(id) ?? false };
    for (const listing of listings) {
      for (const { search, filters } of index.matches(listing, ctx)) {
        // a search hears of listings published or changed after it was saved (or confirmed, or resumed),
        // not of the catalogue its owner saw then, nor of what was listed while it was paused
        if (listing.updatedAt < search.updatedAt) continue;
        const instant = search.frequency === 'instant';
        const won = await store.alertDeliveries.claim({
          searchId: search.id,
          puppyId: listing.id,
          createdAt: now.toISOString(),
          sentAt: instant ? now.toISOString() : null,
        });
        if (!won) continue;
        run.matched++;
        if (instant && (await send(deps, alertMail(deps, search, describeFilters(filters, breeds), [listing], breeds))))
          run.mailed++;
      }
    }
  }
  if (memo.matched.size > 100_000) memo.matched.clear();
  for (const listing of listings) memo.matched.add(changeOf(listing));
  const full = read.length === LISTINGS_PER_RUN;
  // a full batch continues after its last listing; otherwise everything up to now was read
  const until = full ? read[read.length - 1]!.updatedAt : now.toISOString();
  if (!mark || until > mark) await store.alertMarks.setMatchedUntil(until);
  run.digests = await sendDigests(deps, now, breeds);
  return run;
}

async function sendDigests(deps: AlertDeps, now: Date, known: Map<number, Breed> | undefined): Promise<number> {
  const { store } = deps;
  const before = new Date(now.getTime() - DAY_MS);
  let sent = 0;
  for (const search of await store.savedSearches.dueDigests(before, DIGESTS_PER_RUN)) {
    if (!(await store.savedSearches.claimDigest(search.id, before, now))) continue;
    const taken = await store.alertDeliveries.takeWaiting(search.id, now);
    if (!taken.length) continue;
    // still public when the digest goes: a listing sold out of the catalogue since is left out
    const puppies = (await Promise.all(taken.map((d) => store.puppies.get(d.puppyId)))).filter(
      (p): p is Puppy => !!p && p.expiresAt !== null && Date.parse(p.expiresAt) > now.getTime() && !p.hiddenAt,
    );
    if (!puppies.length) continue;
    const breeds = (known ??= await breedMap(store));
    const summary = describeFilters(alertFiltersOf(search.query)?.filters ?? {}, breeds);
    if (await send(deps, alertMail(deps, search, summary, puppies, breeds))) sent++;
  }
  return sent;
}

/** a failed mail is logged, not retried: its row is claimed, so no other run sends it twice */
async function send(deps: AlertDeps, mail: MailMessage): Promise<boolean> {
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    deps.log.error(
      `alerts: a mail to search could not be sent: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}
