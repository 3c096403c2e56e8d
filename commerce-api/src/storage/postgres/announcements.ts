// Announcements between the processes on one database (issue 14, decision 0096): PostgreSQL's
// LISTEN/NOTIFY, no table and no broker. A process tells the others that something happened (content was
// published); each listening process hears it once, and never hears its own announcements.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Announcements } from '../repositories.ts';

const CHANNEL = 'puppynest_announcements';

export function createAnnouncements(pool: pg.Pool, log: (line: string) => void = console.error): Announcements & { close(): Promise<void> } {
  const self = randomUUID();
  const handlers = new Map<string, Array<() => void>>();
  // one connection held for LISTEN, opened by the first listen() and released by close()
  let listener: Promise<pg.PoolClient> | undefined;

  return {
    async announce(topic) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, from: self })]);
    },
    async listen(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      listener ??= (async () => {
        const client = await pool.connect();
        client.on('notification', (message) => {
          try {
            const { topic: heard, from } = JSON.parse(message.payload ?? '{}') as { topic?: string; from?: string };
            if (from === self || !heard) return;
            for (const run of handlers.get(heard) ?? []) run();
          } catch {
            log(`announcements: ignored a malformed payload on ${CHANNEL}`);
          }
        });
        client.on('error', (error) => log(`announcements: the listening connection failed: ${error.message}`));
        await client.query(`LISTEN ${CHANNEL}`);
        return client;
      })();
      await listener;
    },
    async close() {
      if (!listener) return;
      const client = await listener.catch(() => undefined);
      listener = undefined;
      client?.release(true);
    },
  };
}
