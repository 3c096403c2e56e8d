// Money and dates as PuppyNest shows them, in one place for the API's mails and the site's pages
// (site/lib/format.ts delegates here). A puppy's price is whole dollars; every payment amount is integer
// cents (docs/product.md "Money"). Dependency-free, so both sides can import it.

// Each formatter is made on first use, not when the module loads: building an Intl formatter loads its
// locale's data, which costs a page's script tens of milliseconds on a slow phone before it has drawn
// anything (decision 0128), and most pages never format a price in the browser.
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
/** US dollars with exactly `digits` decimals */
const dollars = (digits: number) =>
  once(
    () =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
const wholeDollars = dollars(0);
const exactDollars = dollars(2);
const longDateFormat = once(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
);

/** dollars (possibly with cents) → integer cents; rounding absorbs binary fractions (19.99 * 100) */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** true when the amount has no fraction of a cent (24.99 yes, 24.999 no) */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** $1,250: a puppy price (whole dollars) in lists and cards */
export function formatPrice(dollars: number): string {
  return wholeDollars().format(dollars);
}

/** $1,299.99: an amount in cents, as payment buttons, totals and mails show it */
export function formatCents(cents: number): string {
  return exactDollars().format(centsToDollars(cents));
}

/** June 1, 2026: a day (an ISO timestamp, read in UTC) as messages and mails write it */
export function formatLongDate(iso: string): string {
  return longDateFormat().format(new Date(iso));
}
