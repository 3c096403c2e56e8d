// The embedded mail and SMS channel: each message is a JSON file in DATA_DIR/outbox (written to a
// temp file and renamed, so a listing never sees half a message). A person trying the product, and
// the end-to-end tests, read codes and confirmations from GET /api/dev/outbox.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Outbox, OutboxEntry } from './messages.ts';

export function createFileOutbox(dir: string, options: { smsAvailable: boolean; now: () => Date }): Outbox {
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
      send: (m) => write({ channel: 'email', to: m.to, subject: m.subject, text: m.text, replyTo: m.replyTo ?? null }),
    },
    sms: {
      available: options.smsAvailable,
      send: (m) => write({ channel: 'sms', to: m.to, subject: 'SMS', text: m.text, replyTo: null }),
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
  };
}

/** the same outbox in memory, for the API tests */
export function createMemoryOutbox(
  options: { smsAvailable?: boolean; now?: () => Date } = {},
): Outbox & { entries: OutboxEntry[] } {
  const entries: OutboxEntry[] = [];
  const now = options.now ?? (() => new Date());
  let n = 0;
  const add = (entry: Omit<OutboxEntry, 'id' | 'createdAt'>) => {
    entries.unshift({ id: String(++n), createdAt: now().toISOString(), ...entry });
    return Promise.resolve();
  };
  return {
    entries,
    mailer: {
      send: (m) => add({ channel: 'email', to: m.to, subject: m.subject, text: m.text, replyTo: m.replyTo ?? null }),
    },
    sms: {
      available: options.smsAvailable ?? true,
      send: (m) => add({ channel: 'sms', to: m.to, subject: 'SMS', text: m.text, replyTo: null }),
    },
    list: () => Promise.resolve([...entries]),
  };
}
