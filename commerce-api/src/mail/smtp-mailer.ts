// Real mail when SMTP_URL is set: each mail as multipart/alternative, its text part and the HTML
// rendered from the same mail (decision 0111).
import nodemailer from 'nodemailer';
import { renderMailHtml } from './html.ts';
import { mailHeaders, type Mailer } from './messages.ts';

export function createSmtpMailer(smtpUrl: string, from: string, siteUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: await renderMailHtml(message, siteUrl),
        replyTo: message.replyTo,
        // List-Unsubscribe and List-Unsubscribe-Post of an alert (RFC 8058, decision 0131)
        headers: mailHeaders(message, siteUrl) ?? undefined,
      });
    },
  };
}
