// Short builders for a mail's HTML blocks (decision 0111), so the domain writes a mail's blocks beside
// its text in about as many lines.
import type { MailBlock, SitePath } from './messages.ts';

export const paragraph = (text: string): MailBlock => ({ type: 'paragraph', text });
export const greeting = (name: string, word = 'Hi'): MailBlock => ({ type: 'greeting', text: `${word} ${name},` });
export const details = (rows: ReadonlyArray<{ label: string; value: string }>): MailBlock => ({
  type: 'details',
  rows,
});
export const quote = (text: string): MailBlock => ({ type: 'quote', text });
export const code = (value: string): MailBlock => ({ type: 'code', code: value });
export const button = (label: string, path: SitePath): MailBlock => ({ type: 'button', label, path });
export const link = (label: string, path: SitePath, lead?: string): MailBlock => ({
  type: 'link',
  label,
  path,
  ...(lead ? { lead } : {}),
});
