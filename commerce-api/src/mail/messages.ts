// The mail and SMS seams (docs/decisions/0073). Domain code sends through these interfaces; the outbox is
// the embedded default, SMTP (nodemailer) the real mail implementation.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
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
  replyTo: string | null;
  createdAt: string;
}

export interface Outbox {
  mailer: Mailer;
  sms: SmsSender;
  /** newest first */
  list(): Promise<OutboxEntry[]>;
}
