// Phone numbers, email addresses and links in a message (decision 0117), found by well-kept libraries
// rather than patterns of our own: libphonenumber's finder (awesome-phonenumber: a valid US number, or
// an international one written with +) and linkify-it (emails and links, with or without http). Our part
// is only to undo the disguise first (text-views.ts: "five one two", "7 1 3 - 5 5 5", "ann at gmail dot
// com"). Any phone number or email address carries the conversation off PuppyNest; a link does when it
// goes to a messaging app or a social profile, or to another website the message sends the reader to.
import { findNumbers } from 'awesome-phonenumber';
import { LinkifyIt } from 'linkify-it';
import type { ScamFlag } from './flags.ts';
import { emailText, phoneDigits, unconfused } from './text-views.ts';

const MESSAGING_HOSTS = [
  'wa.me',
  'whatsapp.com',
  't.me',
  'telegram.me',
  'telegram.org',
  'signal.me',
  'signal.group',
  'm.me',
  'messenger.com',
  'kik.me',
  'discord.gg',
  'discord.com',
  'skype.com',
  'snapchat.com',
  'wechat.com',
  'viber.com',
];
const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'instagram.com',
  'instagr.am',
  'tiktok.com',
  'twitter.com',
  'x.com',
  'threads.net',
];

/**
 * The endings a name without http:// must have to be read as a link. linkify-it would also take every
 * two-letter country code, and then "She is fine.It is" or "Daisy.so cute" (a sentence typed without a
 * space) would read as a website.
 */
const BARE_LINK_TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'us',
  'co',
  'me',
  'io',
  'ca',
  'uk',
  'au',
  'site',
  'online',
  'website',
  'shop',
  'store',
  'pet',
  'pets',
  'dog',
  'dogs',
  'puppy',
  'page',
  'app',
  'ly',
  'gg',
  'be',
  'live',
  'life',
  'xyz',
  'club',
  'top',
  'email',
];

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).tlds(BARE_LINK_TLDS, false);

/** a message that sends the reader to a website: "visit our website", "apply at", "click", "more pictures on" */
const SENDS_THERE =
  /\b(?:visit|click|go to|head to|apply|fill|order|reserve|buy|adopt|pay|(?:our|my) (?:web ?)?(?:site|page)|more (?:pictures|photos|pics|videos|info|information) (?:on|at))\b/;

/** ... and has the family pay there: "go to our website to pay the deposit" */
const PAY_THERE = /\b(?:pay|payment|deposit|checkout|order|buy|purchase)\b/;

const onHost = (host: string, hosts: readonly string[]) => hosts.some((h) => host === h || host.endsWith(`.${h}`));

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * What the libraries find in `text`. `words` is its folded words (for "visit our website"); a link to
 * one of `ownHosts` (PuppyNest itself) stays on PuppyNest.
 */
export function contactFindings(text: string, words: string, ownHosts: readonly string[]): Set<ScamFlag> {
  const found = new Set<ScamFlag>();
  if (findNumbers(phoneDigits(text), { defaultRegionCode: 'US' }).length > 0) found.add('phone_number');
  if ((linkify.match(emailText(text)) ?? []).some((m) => m.schema === 'mailto:')) found.add('email_address');
  for (const match of linkify.match(unconfused(text)) ?? []) {
    if (match.schema === 'mailto:') continue;
    const host = hostOf(match.url);
    if (host === '' || onHost(host, ownHosts)) continue;
    if (onHost(host, MESSAGING_HOSTS)) found.add('messaging_app');
    else if (onHost(host, SOCIAL_HOSTS)) found.add('social_profile');
    else if (SENDS_THERE.test(words)) {
      found.add('outside_link');
      if (PAY_THERE.test(words)) found.add('pay_outside');
    }
  }
  return found;
}
