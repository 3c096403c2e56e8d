// The five location regions of docs/product.md §9, decided by the US state named in a free-text location
// ("Portland, OR", "Austin, Texas", "Kansas City MO 64105"). Sellers type locations freely, so
// anything without a recognisable state has no region rather than a guessed one.
import { REGIONS, type Region } from '#contracts/puppies.ts';

export { REGIONS };

const STATES: ReadonlyArray<readonly [code: string, name: string, region: Region]> = [
  ['CT', 'Connecticut', 'northeast'],
  ['DC', 'District of Columbia', 'northeast'],
  ['DE', 'Delaware', 'northeast'],
  ['MA', 'Massachusetts', 'northeast'],
  ['MD', 'Maryland', 'northeast'],
  ['ME', 'Maine', 'northeast'],
  ['NH', 'New Hampshire', 'northeast'],
  ['NJ', 'New Jersey', 'northeast'],
  ['NY', 'New York', 'northeast'],
  ['PA', 'Pennsylvania', 'northeast'],
  ['RI', 'Rhode Island', 'northeast'],
  ['VT', 'Vermont', 'northeast'],
  ['AL', 'Alabama', 'southeast'],
  ['AR', 'Arkansas', 'southeast'],
  ['FL', 'Florida', 'southeast'],
  ['GA', 'Georgia', 'southeast'],
  ['KY', 'Kentucky', 'southeast'],
  ['LA', 'Louisiana', 'southeast'],
  ['MS', 'Mississippi', 'southeast'],
  ['NC', 'North Carolina', 'southeast'],
  ['SC', 'South Carolina', 'southeast'],
  ['TN', 'Tennessee', 'southeast'],
  ['VA', 'Virginia', 'southeast'],
  ['WV', 'West Virginia', 'southeast'],
  ['IA', 'Iowa', 'midwest'],
  ['IL', 'Illinois', 'midwest'],
  ['IN', 'Indiana', 'midwest'],
  ['KS', 'Kansas', 'midwest'],
  ['MI', 'Michigan', 'midwest'],
  ['MN', 'Minnesota', 'midwest'],
  ['MO', 'Missouri', 'midwest'],
  ['ND', 'North Dakota', 'midwest'],
  ['NE', 'Nebraska', 'midwest'],
  ['OH', 'Ohio', 'midwest'],
  ['SD', 'South Dakota', 'midwest'],
  ['WI', 'Wisconsin', 'midwest'],
  ['AZ', 'Arizona', 'southwest'],
  ['NM', 'New Mexico', 'southwest'],
  ['OK', 'Oklahoma', 'southwest'],
  ['TX', 'Texas', 'southwest'],
  ['AK', 'Alaska', 'west'],
  ['CA', 'California', 'west'],
  ['CO', 'Colorado', 'west'],
  ['HI', 'Hawaii', 'west'],
  ['ID', 'Idaho', 'west'],
  ['MT', 'Montana', 'west'],
  ['NV', 'Nevada', 'west'],
  ['OR', 'Oregon', 'west'],
  ['UT', 'Utah', 'west'],
  ['WA', 'Washington', 'west'],
  ['WY', 'Wyoming', 'west'],
];

const BY_CODE = new Map(STATES.map(([code, , region]) => [code, { code, region }]));
const BY_NAME = new Map(STATES.map(([code, name, region]) => [squash(name), { code, region }]));
BY_NAME.set('washington dc', { code: 'DC', region: 'northeast' });
// Longest names first, so "West Virginia" wins over "Virginia" at the end of a string.
const NAMES_LONGEST_FIRST = [...BY_NAME.keys()].sort((a, b) => b.length - a.length);

/** lower case, dots dropped, runs of spaces collapsed: "D.C." → "dc", "New  York" → "new york" */
function squash(text: string): string {
  return text.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
}

/** ", USA", "United States", a ZIP code: noise after the state */
const TRAILING_NOISE = /(?:[\s,]+(?:\d{5}(?:-\d{4})?|u\.?s\.?a?\.?|united states(?: of america)?))+\s*$/i;

/** The two-letter code of the US state a location names, or null. */
export function stateOfLocation(location: string): string | null {
  const text = location.trim().replace(TRAILING_NOISE, '');
  if (!text) return null;

  const comma = text.lastIndexOf(',');
  if (comma >= 0) {
    // After a comma the last part is the state, in any case: "portland, or".
    const part = squash(text.slice(comma + 1));
    const found = BY_CODE.get(part.toUpperCase()) ?? BY_NAME.get(part);
    if (found) return found.code;
  }

  const whole = squash(text);
  for (const name of NAMES_LONGEST_FIRST) {
    if (whole === name || whole.endsWith(' ' + name)) return BY_NAME.get(name)!.code;
  }
  // Without a comma only an upper-case code counts: "Portland OR", but not "... or".
  const lastWord = /(?:^|\s)([A-Z]{2})$/.exec(text.replace(/\./g, ''));
  if (lastWord && BY_CODE.has(lastWord[1]!)) return lastWord[1]!;
  return null;
}

/** The region of docs/product.md §9 a location lies in, or null when no US state can be read from it. */
export function regionForLocation(location: string): Region | null {
  const code = stateOfLocation(location);
  return code ? BY_CODE.get(code)!.region : null;
}

/** The region of a state given by code or full name ("OR", "Oregon"), or null. */
export function regionOfState(state: string): Region | null {
  const key = squash(state);
  return (BY_CODE.get(key.toUpperCase()) ?? BY_NAME.get(key))?.region ?? null;
}

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}
