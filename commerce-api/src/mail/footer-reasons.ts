// Why each kind of mail reaches its reader, said in the footer of every mail (decision 0111). Only the
// notifications a person may do without carry a way to stop them; receipts, codes and the mails about an
// order or a payout a person is part of are always sent.
import type { MailKind, SitePath } from './messages.ts';

export interface MailFooter {
  reason: string;
  /** the way to stop mails of this kind, when there is one */
  optOut?: { lead: string; label: string; path: SitePath };
}

export const MAIL_FOOTERS: Readonly<Record<MailKind, MailFooter>> = {
  verification: {
    reason: 'You got this email because this address was entered to be verified on PuppyNest.',
  },
  order: { reason: 'You got this email because you are the buyer or the seller of this PuppyNest order.' },
  payout: {
    reason: 'You got this email because you are the buyer or the seller of a PuppyNest order and its payment moved on.',
  },
  listing: { reason: 'You got this email because you paid to list a puppy on PuppyNest.' },
  donation: { reason: 'You got this email because you made a donation to PuppyNest rescue.' },
  message: {
    reason:
      'You got this email because someone sent you a message on PuppyNest. We write at most once every 15 minutes about a conversation.',
    // There is no mail setting on the site yet: a person at PuppyNest stops these mails (decision 0111).
    optOut: { lead: 'Rather not get these emails?', label: 'Ask us to stop them', path: '/contact' },
  },
  'review-invite': {
    reason: 'You got this email because you bought a puppy on PuppyNest a week ago. We ask once per order.',
    optOut: { lead: 'Rather not be asked?', label: 'Ask us to stop these', path: '/contact' },
  },
  inquiry: { reason: 'You got this email because a visitor asked about a puppy you list on PuppyNest.' },
  'contact-form': { reason: 'Sent from the contact form on PuppyNest.' },
  // each alert mail links its own unsubscribe page in place of this path (decision 0131)
  alert: {
    reason: 'You got this email because you asked PuppyNest to tell you about new puppies that match a search.',
    optOut: { lead: 'Rather not get these emails?', label: 'Unsubscribe from this alert', path: '/alerts' },
  },
  'alert-confirm': {
    reason:
      'You got this email because this address was entered for a puppy alert on PuppyNest. If that was not you, ignore it: we will not write again.',
  },
};
