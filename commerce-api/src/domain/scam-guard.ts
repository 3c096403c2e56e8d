// The scam guard (docs/decisions/0091): finds a request to pay off the platform in a
// message, so the recipient sees advice to pay only through PuppyNest checkout. Puppy scams run on
// payments that cannot be taken back: wire transfers, payment apps, gift cards, crypto, and a
// "deposit to hold her" before the family ever sees the puppy. The guard flags; it never blocks (a
// family asking "do you take Zelle?" is the person it protects), and a flag is only advice.
// Every heuristic is here, with its table of cases in tests/unit/domain/scam-guard.test.ts.

export type ScamFlag = 'wire_transfer' | 'zelle' | 'cash_app' | 'venmo' | 'gift_card' | 'western_union' | 'crypto' | 'deposit_before_visit';

const RULES: ReadonlyArray<readonly [ScamFlag, RegExp]> = [
  ['wire_transfer', /\b(?:wire(?:d|s|ing)?\s+(?:transfer|the\s+money|money|payment|funds|it)|bank\s+(?:wire|transfer)|wire\s+me|moneygram)\b/],
  ['zelle', /\bzelle\b/],
  ['cash_app', /\b(?:cash\s?app|cashapp|\$cashtag)\b|(?:^|\s)\$[a-z][a-z0-9_]{2,}\b(?!\s*(?:dollars|usd))/],
  ['venmo', /\bvenmo\b/],
  ['gift_card', /\b(?:gift\s?cards?|itunes\s+cards?|steam\s+cards?|google\s+play\s+cards?|apple\s+cards?|amazon\s+cards?)\b/],
  ['western_union', /\bwestern\s+union\b/],
  ['crypto', /\b(?:crypto(?:currency)?|bitcoin|btc|ethereum|eth|usdt|tether|litecoin|coinbase|crypto\s+wallet)\b/],
  [
    'deposit_before_visit',
    /\bdeposit\b[^.!?\n]{0,80}\b(?:before|prior\s+to|to\s+(?:hold|reserve|secure)|hold|reserve|secure|ship(?:ping)?|transport|deliver)\b|\b(?:before|prior\s+to)\b[^.!?\n]{0,60}\b(?:see|seeing|meet|meeting|visit|visiting|pick\s*up)\b[^.!?\n]{0,60}\bdeposit\b/,
  ],
];

/** lower case, compatibility forms folded (full-width letters), invisible characters dropped */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .toLowerCase();
}

/** the flags a message raises, each once, in the order above; empty when it looks fine */
export function scamFlags(text: string): ScamFlag[] {
  const normalised = normalise(text);
  return RULES.filter(([, pattern]) => pattern.test(normalised)).map(([flag]) => flag);
}
