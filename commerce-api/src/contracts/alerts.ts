// Saved searches and alerts (docs/product.md §21, decision 0131): the "Alert me" form on /puppies, the
// /alerts page's views, and the codes a form post comes back with (the page shows each code's own text,
// never words from the address: decision 0108).
import * as v from 'valibot';
import { PuppyQuerySchema, type PuppyQuery } from './puppies.ts';

export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
/** one address keeps at most this many alerts (pending ones too): nobody fills a stranger's inbox */
export const MAX_ALERTS_PER_ADDRESS = 20;
/** a confirmation link works this long, once */
export const CONFIRM_LINK_HOURS = 48;
/** the /puppies form's anchor, where a refused or saved post comes back to */
export const ALERT_FORM_ANCHOR = 'alert-me';

/** what "Alert me" posts: the list's filters as GET /api/puppies takes them, and how often to mail */
export const AlertFormSchema = v.object({
  query: v.optional(v.pipe(v.string(), v.maxLength(2000, 'These filters are too long to save')), ''),
  frequency: v.optional(v.picklist(ALERT_FREQUENCIES, 'Please choose how often we email you'), 'instant'),
  /** only without an account: an account's alerts go to its email */
  email: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((value) => value.toLowerCase()),
      v.union([v.literal(''), v.pipe(v.string(), v.maxLength(254), v.email('Please enter a valid email address'))]),
    ),
  ),
  /** the list page to come back to (its address), for a form posted without scripts */
  back: v.optional(v.string()),
});
export type AlertFormInput = v.InferOutput<typeof AlertFormSchema>;

/**
 * The filters of a saved search: the catalogue query without the page's order and paging. Parsed with
 * the list's own schema, so a field the contract gains is kept by the alerts too.
 */
export type AlertFilters = Omit<PuppyQuery, 'sort' | 'limit' | 'offset'>;

/** `query` (GET /api/puppies' parameters) as an alert's filters and their canonical text, or undefined */
export function alertFiltersOf(query: string): { filters: AlertFilters; query: string } | undefined {
  const params = new URLSearchParams(query);
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in raw)) raw[key] = value;
  const parsed = v.safeParse(PuppyQuerySchema, raw);
  if (!parsed.success) return undefined;
  const { sort: _sort, limit: _limit, offset: _offset, ...filters } = parsed.output;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || value === false || value === '') continue;
    out.set(key, value === true ? '1' : String(value));
  }
  return { filters, query: out.toString() };
}

/** why a form post came back, as codes in the address; only these texts reach a page */
export const ALERT_OUTCOMES = {
  saved: 'Alert saved. We will email you when a new puppy matches.',
  confirm: 'Almost done: we sent you an email. Click the link in it to start your alert.',
  email: 'Please enter a valid email address',
  filters: 'These filters cannot be saved. Please change them and try again.',
  too_many: `One address can have up to ${MAX_ALERTS_PER_ADDRESS} alerts. Delete one on your alerts page first.`,
  confirmed: 'Your alert is on. We will email you when a new puppy matches.',
  link: 'This link has expired or was used already.',
  paused: 'Alert paused. We will not email you about it until you resume it.',
  resumed: 'Alert resumed.',
  deleted: 'Alert deleted.',
  unsubscribed: 'You are unsubscribed. We will not email you about this search again.',
  failed: 'Something went wrong on our side. Please try again.',
} as const;
export type AlertOutcome = keyof typeof ALERT_OUTCOMES;

export function alertOutcomeText(code: unknown): string | undefined {
  return typeof code === 'string' && Object.hasOwn(ALERT_OUTCOMES, code)
    ? ALERT_OUTCOMES[code as AlertOutcome]
    : undefined;
}

/** how often, and whether, an alert mails, in the words /alerts and /saved show */
export const ALERT_FREQUENCY_LABELS = { instant: 'As they are listed', daily: 'Once a day' } as const;
export const ALERT_STATUS_LABELS = {
  active: 'On',
  paused: 'Paused',
  pending: 'Waiting for your confirmation',
} as const;

export interface AlertView {
  id: number;
  /** the filters in words ("Golden Retriever · Female · up to $3,000") */
  summary: string;
  /** the list with these filters */
  href: string;
  frequency: AlertFrequency;
  status: 'pending' | 'active' | 'paused';
}

/** what /alerts shows (Astro.locals.alerts) */
export type AlertsPageView =
  /** a viewer's alerts: an account's, or an address's by its signed link (`token`) */
  | { kind: 'list'; email: string; token: string | null; alerts: AlertView[] }
  /** nobody: neither logged in nor a valid link */
  | { kind: 'nobody' }
  /** a confirmation link: the button that starts the alert (a link alone never does: mail scanners follow links) */
  | { kind: 'confirm'; token: string; valid: boolean }
  /** an unsubscribe link: the button that posts the one-click unsubscribe */
  | { kind: 'unsubscribe'; token: string; summary: string | null; done: boolean };
