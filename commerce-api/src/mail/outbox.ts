// The embedded mail and SMS channel: each message is a JSON file in DATA_DIR/outbox (written to a
// temp file and renamed, so a listing never sees half a message). A person trying the product, and
// the end-to-end tests, read codes and confirmations from GET /api/dev/outbox; a mail keeps both of
// its parts, text and HTML (decision 0111), and GET /api/dev/outbox/{id}.html shows the HTML.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderMailHtml } from './html.ts';
import { mailHeaders, type MailMessage, type Outbox, type OutboxEntry } from './messages.ts';

/** what the outbox keeps of a mail: both parts */
async function mailEntry(m: MailMessage, siteUrl: string): Promise<Omit<OutboxEntry, 'id' | 'createdAt'>> {
  const html = await renderMailHtml(m, siteUrl);
  return {
    channel: 'email',
    to: m.to,
    subject: m.subject,
    text: m.text,
    html,
    replyTo: m.replyTo ?? null,
    headers: mailHeaders(m, siteUrl),
  };
}

/** an outbox id as the outbox makes them: anything else names no file (no path can be smuggled in) */
const OUTBOX_ID = /^[\w-]{1,80}$/;

export function createFileOutbox(
  dir: string,
  options: { smsAvailable: boolean; now: () => Date; siteUrl: string },
): Outbox {
  let ready: Promise<unknown> | undefined;
  const write = async (entry: Omit<OutboxEntry, 'id' | 'createdAt'>) => {
    ready ??= mkdir(dir, { recursive: true });
    await ready;
    const createdAt = options.now().toISOString();
    // Sortable names: the time first, then randomness for messages of the same millisecond.
    const id = `${createdAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const file = path.join(dir, `${id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify({ id, createdAt, ...entry }, null, 2));
    await rename(`${file}.tmp`, file);
  };
  return {
    mailer: {
      send: async (m) => write(await mailEntry(m, options.siteUrl)),
    },
    sms: {
      available: options.smsAvailable,
      send: (m) => write({ channel: 'sms', to: m.to, subject: 'SMS', text: m.text, html: null, replyTo: null }),
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return [];
      }
      const files = names
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse();
      const entries = await Promise.all(
        files.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxEntry),
      );
      return entries;
    },
    async get(id) {
      if (!OUTBOX_ID.test(id)) return undefined;
      try {
        return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as OutboxEntry;
      } catch {
        return undefined;
      }
    },
  };
}

/** the same outbox in memory, for the API tests */
export function createMemoryOutbox(
  options: { smsAvailable?: boolean; now?: () => Date; siteUrl?: string } = {},
): Outbox & { entries: OutboxEntry[] } {
  const entries: OutboxEntry[] = [];
  const now = options.now ?? (() => new Date());
  const siteUrl = options.siteUrl ?? 'http://localhost:4321';
  let n = 0;
  const add = (entry: Omit<OutboxEntry, 'id' | 'createdAt'>) => {
    entries.unshift({ id: String(++n), createdAt: now().toISOString(), ...entry });
  };
  return {
    entries,
    mailer: {
      send: async (m) => add(await mailEntry(m, siteUrl)),
    },
    sms: {
      available: options.smsAvailable ?? true,
      send: (m) => {
        add({ channel: 'sms', to: m.to, subject: 'SMS', text: m.text, html: null, replyTo: null });
        return Promise.resolve();
      },
    },
    list: () => Promise.resolve([...entries]),
    get: (id) => Promise.resolve(entries.find((entry) => entry.id === id)),
  };
}
