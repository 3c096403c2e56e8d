// The mail and SMS seams (docs/decisions/0073). Domain code sends through these interfaces; the outbox is
// the embedded default, SMTP (nodemailer) the real mail implementation. Every mail goes out as two parts
// (decision 0111): the text the domain writes, and HTML rendered from the same mail's blocks.

/** a path on the site (`/my-orders`): the HTML renderer makes it absolute from the configured site URL */
export type SitePath = `/${string}`;

/**
 * What a mail says, block by block, for its HTML part. Plain data, so the domain describes a mail without
 * knowing React; every string is shown as text (escaped), never as markup.
 */
export type MailBlock =
  /** "Hi Sam,": the HTML's preview line is the first paragraph after it */
  | { type: 'greeting'; text: string }
  | { type: 'paragraph'; text: string }
  /** label and value rows: an order's lines, an inquiry's sender */
  | { type: 'details'; rows: ReadonlyArray<{ label: string; value: string }> }
  /** words someone else wrote (a report, an inquiry), set apart from ours */
  | { type: 'quote'; text: string }
  /** a one-time code, large and easy to copy */
  | { type: 'code'; code: string }
  /** the call to action */
  | { type: 'button'; label: string; path: SitePath }
  /** a secondary link, after an optional lead-in ("Questions?") */
  | { type: 'link'; label: string; path: SitePath; lead?: string };

/**
 * Why the recipient gets the mail: the footer says so, and only the kinds a person may decline carry
 * a way out (decision 0111).
 */
export type MailKind =
  | 'verification'
  | 'order'
  | 'payout'
  | 'listing'
  | 'donation'
  | 'message'
  | 'review-invite'
  | 'inquiry'
  | 'contact-form'
  /** a saved search's match or digest (decision 0131): one-click unsubscribe */
  | 'alert'
  /** the one confirmation mail an address gets before its alert starts (decision 0131) */
  | 'alert-confirm';

export interface MailMessage {
  to: string;
  subject: string;
  /** the text part, exactly as written (tests read it) */
  text: string;
  replyTo?: string;
  kind: MailKind;
  /** the HTML part's content, inside the one layout (mail/layout.ts) */
  blocks: readonly MailBlock[];
  /**
   * A mail a person can stop with one click (RFC 8058; decision 0131): the page that stops it, sent as the
   * List-Unsubscribe and List-Unsubscribe-Post headers and linked in the footer instead of the kind's own.
   */
  unsubscribe?: SitePath;
}

/** the headers a mail carries beyond the usual ones (RFC 8058's one-click unsubscribe), by name */
export function mailHeaders(message: MailMessage, siteUrl: string): Record<string, string> | null {
  if (!message.unsubscribe) return null;
  return {
    'List-Unsubscribe': `<${siteUrl}${message.unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export interface SmsMessage {
  to: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmsSender {
  /** false when no SMS channel is configured: phone verification is then unavailable */
  readonly available: boolean;
  send(message: SmsMessage): Promise<void>;
}

/** one message the outbox keeps (GET /api/dev/outbox lists them outside production) */
export interface OutboxEntry {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  /** the HTML part of a mail (GET /api/dev/outbox/{id}.html shows it); null for an SMS */
  html: string | null;
  replyTo: string | null;
  /** the extra headers a mail carries (List-Unsubscribe: decision 0131); absent or null: none */
  headers?: Record<string, string> | null;
  createdAt: string;
}

export interface Outbox {
  mailer: Mailer;
  sms: SmsSender;
  /** newest first */
  list(): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | undefined>;
}
