// Formatting in one place (docs/product.md §9): whole dollars in lists, two decimals on payment buttons,
// ages in weeks or months and weeks, weights in lbs.

// Money lives in #contracts/money.ts, shared with the API's mails: these names stay for the pages.
export { dollarsToCents, formatCents, formatPrice } from '#contracts/money.ts';

/** under 4 weeks: "3 weeks"; from 4 weeks: "2 months, 1 week" */
export function formatAge(weeks: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (weeks < 4) return plural(weeks, 'week');
  const months = Math.floor(weeks / 4);
  const rest = weeks % 4;
  return rest ? `${plural(months, 'month')}, ${plural(rest, 'week')}` : plural(months, 'month');
}

export function formatWeight(lbs: number): string {
  return `${Number.isInteger(lbs) ? lbs : lbs.toFixed(1)} lbs`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "March 2026": when a badge was checked, when a breeder joined (UTC, so server and browser agree) */
export function formatMonthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
