// The one layout of every PuppyNest mail (decision 0111): the logo, the content, and a footer that says
// who we are and why the reader got the mail, with a way to stop it where there is one. Written with
// createElement, not JSX: the server runs its TypeScript through Node's type stripping, which reads no
// .tsx (decision 0001). Styles are inline and colours literal, as mail clients need them.
import { createElement as h, type ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { MailFooter } from './footer-reasons.ts';
import { MAIL_COLOURS as C } from './palette.ts';
import type { SitePath } from './messages.ts';

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** every link in a mail is absolute: a mail is read away from the site */
export function siteLink(siteUrl: string, path: SitePath): string {
  return `${siteUrl.replace(/\/$/, '')}${path}`;
}

export interface MailLayoutProps {
  siteUrl: string;
  /** the line a mail client shows after the subject in the inbox */
  preview: string;
  footer: MailFooter;
  children?: ReactNode;
}

const styles = {
  // a narrow gutter keeps the card's edge in view on a phone
  body: { backgroundColor: C.cream, margin: 0, padding: '24px 8px', fontFamily: FONT, color: C.ink },
  card: {
    maxWidth: '600px',
    backgroundColor: C.surface,
    border: `1px solid ${C.line}`,
    borderRadius: '12px',
  },
  header: { padding: '20px 24px', borderBottom: `1px solid ${C.line}` },
  logoLink: { textDecoration: 'none', color: C.ink },
  logoMark: { display: 'inline-block', verticalAlign: 'middle', borderRadius: '10px', border: 0 },
  wordmark: {
    display: 'inline-block',
    verticalAlign: 'middle',
    paddingLeft: '10px',
    fontSize: '22px',
    lineHeight: '40px',
    fontWeight: 800,
    letterSpacing: '-0.01em',
    color: C.ink,
  },
  content: { padding: '8px 24px 20px' },
  footer: { maxWidth: '600px', padding: '0 24px' },
  footerText: { fontSize: '13px', lineHeight: '20px', color: C.muted, margin: '12px 0' },
  footerLink: { color: C.muted, textDecoration: 'underline' },
  rule: { borderColor: C.line, margin: '16px 0 4px' },
} as const;

export function MailLayout({ siteUrl, preview, footer, children }: MailLayoutProps) {
  const home = siteLink(siteUrl, '/');
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('meta', { name: 'supported-color-schemes', content: 'light' }),
    ),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.card },
        h(
          Section,
          { style: styles.header },
          h(
            Link,
            { href: home, style: styles.logoLink },
            // the site's own icon; alt is empty because the wordmark beside it says the name when
            // images are blocked
            h(Img, {
              src: siteLink(siteUrl, '/apple-touch-icon.png'),
              width: 40,
              height: 40,
              alt: '',
              style: styles.logoMark,
            }),
            h('span', { style: styles.wordmark }, 'Puppy', h('span', { style: { color: C.brand } }, 'Nest')),
          ),
        ),
        h(Section, { style: styles.content }, children),
      ),
      h(
        Container,
        { style: styles.footer },
        h(
          Text,
          { style: styles.footerText },
          'PuppyNest connects families with caring breeders and rescues across the United States. ',
          footer.reason,
        ),
        footer.optOut
          ? h(
              Text,
              { style: styles.footerText },
              `${footer.optOut.lead} `,
              h(Link, { href: siteLink(siteUrl, footer.optOut.path), style: styles.footerLink }, footer.optOut.label),
            )
          : null,
        h(Hr, { style: styles.rule }),
        h(
          Text,
          { style: styles.footerText },
          h(Link, { href: home, style: styles.footerLink }, 'PuppyNest'),
          ' · ',
          h(Link, { href: siteLink(siteUrl, '/contact'), style: styles.footerLink }, 'Contact us'),
          ' · ',
          h(Link, { href: siteLink(siteUrl, '/terms-of-service'), style: styles.footerLink }, 'Terms of service'),
          ' · ',
          h(Link, { href: siteLink(siteUrl, '/privacy'), style: styles.footerLink }, 'Privacy'),
        ),
      ),
    ),
  );
}
