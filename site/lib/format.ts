// Formatting in one place (spec §9): whole dollars in lists, two decimals on payment buttons,
// ages in weeks or months and weeks, weights in lbs.

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const exactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** $1,250 — a puppy price (whole dollars) in lists and cards */
export function formatPrice(dollars: number): string {
  return wholeDollars.format(dollars);
}

/** $1,299.99 — an amount in cents, as payment buttons and totals show it */
export function formatCents(cents: number): string {
  return exactDollars.format(cents / 100);
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

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
