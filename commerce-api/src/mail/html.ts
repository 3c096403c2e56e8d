// A mail's HTML part (decision 0111): its blocks in the one layout, rendered by React Email. The
// renderer is loaded on the first mail, not at start: @react-email/components takes some 0.7 s to load
// (its Tailwind part), which neither the server's start nor a test file that sends no mail should pay.
import { createElement as h } from 'react';
import { MAIL_FOOTERS } from './footer-reasons.ts';
import type { MailMessage } from './messages.ts';

let renderer: Promise<(message: MailMessage, siteUrl: string) => Promise<string>> | undefined;

async function loadRenderer() {
  const [{ render }, { MailLayout }, { MailBlocks }] = await Promise.all([
    import('@react-email/render'),
    import('./layout.ts'),
    import('./templates/blocks.ts'),
  ]);
  return (message: MailMessage, siteUrl: string) =>
    render(
      h(
        MailLayout,
        { siteUrl, preview: previewOf(message), footer: footerOf(message) },
        h(MailBlocks, { blocks: message.blocks, siteUrl }),
      ),
    );
}

/** the kind's footer; a mail with its own unsubscribe page links that one (decision 0131) */
function footerOf(message: MailMessage) {
  const footer = MAIL_FOOTERS[message.kind];
  return message.unsubscribe && footer.optOut
    ? { ...footer, optOut: { ...footer.optOut, path: message.unsubscribe } }
    : footer;
}

/** the inbox's preview line: the mail's first paragraph after the greeting, else its subject */
export function previewOf(message: MailMessage): string {
  const first = message.blocks.find((b) => b.type === 'paragraph');
  return first?.type === 'paragraph' ? first.text : message.subject;
}

function loadedRenderer() {
  // a failed load is tried again by the next mail
  renderer ??= loadRenderer().catch((error: unknown) => {
    renderer = undefined;
    throw error;
  });
  return renderer;
}

export async function renderMailHtml(message: MailMessage, siteUrl: string): Promise<string> {
  return (await loadedRenderer())(message, siteUrl);
}

/**
 * Loads the renderer in the background once the server listens, so the first request that mails (a
 * purchase, a contact message) does not wait the 0.7 s; a failed load is tried again by that mail.
 */
export function warmMailRenderer(): void {
  loadedRenderer().catch(() => undefined);
}
