// The site's colours as the mail uses them (decision 0111): literal hex, because mail clients know no CSS
// variables. Each value is the token of site/styles/tokens.css named beside it, and a unit test
// (tests/unit/mail/html-mail.test.ts) keeps them equal.
export const MAIL_COLOURS = {
  /** --pn-brand: the button, the wordmark's "Nest" */
  brand: '#b8410e',
  /** --pn-ink: body text, headings */
  ink: '#2b211b',
  /** --pn-muted: the footer, table labels */
  muted: '#6b5a4e',
  /** --pn-cream: the page behind the card */
  cream: '#fdf6ee',
  /** --pn-cream-faint: the order table's background */
  creamFaint: '#fff8f1',
  /** --pn-sand: a quote's background */
  sand: '#f7f1ea',
  /** --pn-line: borders and rules */
  line: '#eadfd3',
  /** --pn-line-warm: a quote's left bar */
  lineWarm: '#e7c9ae',
  /** --pn-surface: the card */
  surface: '#fff',
} as const;

/** the token each colour comes from, for the test that holds them equal */
export const MAIL_COLOUR_TOKENS: Readonly<Record<keyof typeof MAIL_COLOURS, string>> = {
  brand: '--pn-brand',
  ink: '--pn-ink',
  muted: '--pn-muted',
  cream: '--pn-cream',
  creamFaint: '--pn-cream-faint',
  sand: '--pn-sand',
  line: '--pn-line',
  lineWarm: '--pn-line-warm',
  surface: '--pn-surface',
};
