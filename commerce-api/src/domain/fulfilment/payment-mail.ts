// Mails that follow a recorded payment. Sent after the write, one by one; a failure is logged, never
// thrown: the payment is recorded, and a mail outage must not undo or repeat it.
import type { MailMessage } from '../../mail/messages.ts';
import type { FulfilmentDeps } from './types.ts';

export async function sendPaymentMails(
  deps: Pick<FulfilmentDeps, 'mailer' | 'log'>,
  messages: MailMessage[],
): Promise<void> {
  for (const message of messages) {
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.log.warn(
        `payment mail "${message.subject}" failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
