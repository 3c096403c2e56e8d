// A mail's blocks as React Email elements, inside the layout (decision 0111). Every string a block holds
// goes in as a React child, so React escapes it: a puppy named "<b>" or a message with "&" reads as
// written, and no block can carry markup. Links are made absolute from the site's address.
import { createElement as h, Fragment, type ReactNode } from 'react';
import { Button, Link, Section, Text } from '@react-email/components';
import { siteLink } from '../layout.ts';
import type { MailBlock } from '../messages.ts';
import { MAIL_COLOURS as C } from '../palette.ts';

const styles = {
  text: { fontSize: '16px', lineHeight: '26px', color: C.ink, margin: '16px 0' },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    backgroundColor: C.creamFaint,
    border: `1px solid ${C.line}`,
    borderRadius: '8px',
    margin: '20px 0',
  },
  // the label keeps to one line; a long value wraps instead
  label: {
    whiteSpace: 'nowrap',
    padding: '10px',
    fontSize: '14px',
    lineHeight: '20px',
    color: C.muted,
    borderTop: `1px solid ${C.line}`,
    verticalAlign: 'top',
  },
  value: {
    padding: '10px',
    fontSize: '15px',
    lineHeight: '20px',
    color: C.ink,
    fontWeight: 600,
    textAlign: 'right',
    borderTop: `1px solid ${C.line}`,
    wordBreak: 'break-word',
  },
  quote: {
    backgroundColor: C.sand,
    borderLeft: `4px solid ${C.lineWarm}`,
    borderRadius: '4px',
    padding: '2px 16px',
    margin: '16px 0',
  },
  quoteText: { fontSize: '15px', lineHeight: '24px', color: C.ink, margin: '12px 0' },
  code: {
    fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace",
    fontSize: '32px',
    lineHeight: '40px',
    fontWeight: 700,
    letterSpacing: '6px',
    textAlign: 'center',
    color: C.ink,
    backgroundColor: C.creamFaint,
    border: `1px solid ${C.line}`,
    borderRadius: '8px',
    padding: '14px 0',
    margin: '16px 0',
  },
  buttonRow: { margin: '24px 0' },
  button: {
    backgroundColor: C.brand,
    color: C.surface,
    fontSize: '16px',
    fontWeight: 600,
    lineHeight: '20px',
    textDecoration: 'none',
    borderRadius: '8px',
    padding: '12px 22px',
  },
  link: { color: C.brand, textDecoration: 'underline' },
} as const;

/** a text's line breaks as <br>: mail clients do not all honour white-space: pre-line */
function lines(text: string): ReactNode {
  const parts = text.split('\n');
  return parts.map((part, i) => h(Fragment, { key: i }, i > 0 ? h('br') : null, part));
}

function block(b: MailBlock, siteUrl: string, key: number): ReactNode {
  switch (b.type) {
    case 'greeting':
    case 'paragraph':
      return h(Text, { key, style: styles.text }, lines(b.text));
    case 'details':
      return h(
        'table',
        { key, role: 'presentation', cellPadding: 0, cellSpacing: 0, style: styles.table },
        h(
          'tbody',
          null,
          b.rows.map((row, i) =>
            h(
              'tr',
              { key: i },
              // the first row has no line above it: the table's own border is there
              h('td', { style: i === 0 ? { ...styles.label, borderTop: 0 } : styles.label }, row.label),
              h('td', { style: i === 0 ? { ...styles.value, borderTop: 0 } : styles.value }, row.value),
            ),
          ),
        ),
      );
    case 'quote':
      return h(Section, { key, style: styles.quote }, h(Text, { style: styles.quoteText }, lines(b.text)));
    case 'code':
      return h(Text, { key, style: styles.code }, b.code);
    case 'button':
      return h(
        Section,
        { key, style: styles.buttonRow },
        h(Button, { href: siteLink(siteUrl, b.path), style: styles.button }, b.label),
      );
    case 'link':
      return h(
        Text,
        { key, style: styles.text },
        b.lead ? `${b.lead} ` : null,
        h(Link, { href: siteLink(siteUrl, b.path), style: styles.link }, b.label),
      );
  }
}

export function MailBlocks({ blocks, siteUrl }: { blocks: readonly MailBlock[]; siteUrl: string }) {
  return h(
    Fragment,
    null,
    blocks.map((b, i) => block(b, siteUrl, i)),
  );
}
