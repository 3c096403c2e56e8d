// Breeder pages and earned badges (decision 0118, docs/product.md §15 "Breeder pages" and §16 "Trust
// and badges"): the profile form, the badges and the page's view. Imports only valibot (decision 0072).
import { slugify } from './slug.ts';
import * as v from 'valibot';

/**
 * Every badge a seller can earn, in the order they are shown. None is typed in: each is computed from
 * what happened here (domain/breeders/badges.ts). Health-tested parents joins the list with the
 * parents and their health records.
 */
export const BADGE_KINDS = [
  'email_verified',
  'phone_verified',
  'identity_verified',
  'puppies_placed',
  'no_upheld_reports',
  'health_tested_parents',
] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

/** the plain words of each badge: its name, and what was checked (the /trust page explains them too) */
export const BADGE_TEXT: Readonly<Record<BadgeKind, { label: string; checked: string }>> = {
  email_verified: { label: 'Email verified', checked: 'The seller typed a code we sent to their email address.' },
  phone_verified: {
    label: 'Phone verified',
    checked: 'The seller typed a code we sent by text message to their phone.',
  },
  identity_verified: {
    label: 'Identity verified',
    checked: "Our payment provider checked the seller's identity before paying them out.",
  },
  puppies_placed: {
    label: 'Puppies placed',
    checked: 'Puppies handed over to families who paid on PuppyNest, not refunded.',
  },
  no_upheld_reports: {
    label: 'No upheld reports in 12 months',
    checked: 'No report about this seller led our team to hide a listing or suspend the account in the last 12 months.',
  },
  health_tested_parents: {
    label: 'Health-tested parents',
    checked:
      "Every live listing names its sire and dam, and our team checked each parent's recommended health tests against the certificates.",
  },
};

/** the page at /trust that explains each badge, by its anchor */
export const badgeHelpPath = (kind: BadgeKind) => `/trust#badge-${kind.replace(/_/g, '-')}`;

/** one earned badge as the site shows it */
export interface BadgeView {
  kind: BadgeKind;
  label: string;
  /** what was checked, in a sentence */
  checked: string;
  /** when it was checked or last changed (ISO), or null when no date is known (an older verification) */
  at: string | null;
}

/** a badge an admin revoked: only its seller (and admins) see it, with the reason */
export interface RevokedBadgeView {
  id: number;
  kind: BadgeKind;
  label: string;
  reason: string;
  revokedAt: string;
}

/** figures computed from what happened here, never typed in */
export interface BreederFigures {
  /** orders handed over and not refunded */
  puppiesPlaced: number;
  /** median minutes from a family's first message to the seller's first reply; null with no reply yet */
  medianReplyMinutes: number | null;
  /** whole years since the account was opened */
  yearsOnPuppyNest: number;
  memberSince: string;
}

/** what a listing card and a listing page say about their seller */
export interface BreederSummary {
  slug: string;
  kennelName: string;
  badges: BadgeView[];
}

/**
 * The seller's breeder page as a link: on each conversation and order (and the buyer's order mail), so
 * a family can always look up who they deal with. Null when the seller has no page, or is suspended.
 */
export interface BreederLink {
  slug: string;
  kennelName: string;
}

/** the address of a breeder's page */
export const breederPath = (slug: string): `/breeders/${string}` => `/breeders/${slug}`;

/** /breeders/{slug}: the profile, the figures, the earned badges */
export interface BreederPageView extends BreederSummary {
  userId: number;
  about: string;
  town: string;
  state: string;
  breeds: string[];
  photoUrl: string | null;
  figures: BreederFigures;
  updatedAt: string;
}

/** GET /api/breeders/mine: the seller's own profile, with the badges an admin revoked */
export interface MyBreederProfileView extends BreederPageView {
  revoked: RevokedBadgeView[];
}

/** GET /api/admin/breeders?q=: a seller an admin found, with the badges shown and those revoked */
export interface AdminBreederView {
  userId: number;
  username: string;
  /** null for a seller without a breeder page yet */
  kennelName: string | null;
  slug: string | null;
  suspended: boolean;
  /** the badges families see now (earned and not revoked) */
  badges: BadgeView[];
  /** the revocations in force, with the reasons the seller reads */
  revoked: RevokedBadgeView[];
}

export interface AdminBreedersResponse {
  breeders: AdminBreederView[];
}

/** the most sellers one admin search answers with */
export const ADMIN_BREEDER_RESULTS = 20;

/** a kennel name's address (#contracts/slug.ts) */
export { slugify };

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (message: string) => v.optional(v.string(message), '');
const KENNEL_NAME_MESSAGE = 'Please enter your kennel name';

/** PUT /api/breeders/mine and the My Listings form (which posts it urlencoded: breeds as one line) */
export const BreederProfileSchema = v.object({
  kennelName: v.pipe(
    text(KENNEL_NAME_MESSAGE),
    v.trim(),
    v.nonEmpty(KENNEL_NAME_MESSAGE),
    v.maxLength(80, 'Please keep the kennel name under 80 characters'),
    v.check((name) => slugify(name).length >= 2, 'A kennel name needs at least two letters or digits'),
  ),
  about: v.pipe(
    text('Please tell families about your kennel'),
    v.trim(),
    v.maxLength(3000, 'Please keep it under 3,000 characters'),
  ),
  town: v.pipe(
    text('Please enter your town'),
    v.trim(),
    v.nonEmpty('Please enter your town'),
    v.maxLength(80, 'Please keep the town under 80 characters'),
  ),
  state: v.pipe(
    text('Please choose your state'),
    v.trim(),
    v.toUpperCase(),
    v.regex(/^[A-Z]{2}$/, 'Please enter your state as two letters, e.g. TX'),
  ),
  /** comma-separated in the form */
  breeds: v.pipe(
    v.optional(v.union([v.string(), v.array(v.string())]), ''),
    v.transform((value) => (Array.isArray(value) ? value : value.split(',')).map((b) => b.trim()).filter(Boolean)),
    v.maxLength(10, 'Please list at most 10 breeds'),
    v.check((list) => list.every((b) => b.length <= 60), 'Please keep each breed under 60 characters'),
  ),
  photoUrl: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
  ),
});
export type BreederProfileInput = v.InferOutput<typeof BreederProfileSchema>;

/**
 * The My Listings profile form posted before its island woke up: the API answers 303 back to
 * /my-listings?profile={code}#breeder-profile and the page shows this table's words for the code (never
 * words from the address, decision 0108).
 */
export const PROFILE_FORM_OUTCOMES = {
  saved: 'Your breeder profile is saved.',
  kennel_name_taken: 'Another kennel on PuppyNest has this name. Please choose another.',
  validation_failed: 'Your breeder profile was not saved: please check the fields below and save again.',
  forbidden: 'Only seller accounts have a breeder page.',
} as const;

/** the outcome a code in the address names; undefined for a code this table does not know */
export function profileFormOutcome(code: unknown): { saved: boolean; text: string } | undefined {
  if (typeof code !== 'string' || !Object.hasOwn(PROFILE_FORM_OUTCOMES, code)) return undefined;
  return {
    saved: code === 'saved',
    text: PROFILE_FORM_OUTCOMES[code as keyof typeof PROFILE_FORM_OUTCOMES],
  };
}

/** POST /api/admin/breeders/{userId}/badges/{kind}/revoke */
export const RevokeBadgeSchema = v.object({
  reason: v.pipe(
    text('Please say why'),
    v.trim(),
    v.nonEmpty('Please say why'),
    v.maxLength(500, 'Please keep the reason under 500 characters'),
  ),
});

/** GET /api/admin/breeders?q=: a username, or a part of a kennel name */
/** the most sellers one summaries request may name: two pages of cards */
export const MAX_SUMMARY_SELLERS = 48;

/**
 * GET /api/breeders?sellers=1,2,3: the breeder lines of cards whose list carries none (the home page's
 * featured puppies, My Listings' favourites); the catalogue's pages carry theirs (decision 0118)
 */
export const BreederSummariesQuerySchema = v.object({
  sellers: v.pipe(
    // missing reads as empty, so it gets the same words as a malformed list
    v.optional(v.string('sellers must be a list of seller ids, like 1,2,3'), ''),
    v.regex(/^\d{1,9}(,\d{1,9})*$/, 'sellers must be a list of seller ids, like 1,2,3'),
    v.transform((list) => [...new Set(list.split(',').map(Number))]),
    v.maxLength(MAX_SUMMARY_SELLERS, `sellers may name at most ${MAX_SUMMARY_SELLERS} sellers`),
  ),
});

/** the breeder line of each named seller that has a page, by seller id */
export type BreederSummariesResponse = Record<number, BreederSummary>;

export const AdminBreederSearchSchema = v.object({
  q: v.pipe(
    text('Please type a username or a kennel name'),
    v.trim(),
    v.minLength(2, 'Please type at least 2 characters'),
    v.maxLength(80, 'Please type at most 80 characters'),
  ),
});
