// Announcements between the processes on one database (decision 0096): PostgreSQL's
// LISTEN/NOTIFY, no table and no broker. A process tells the others that something happened (content was
// published); each listening process hears it once, and never hears its own announcements.
//
// The listening connection can be lost (PostgreSQL restarts, a proxy drops it). The process then opens a
// new one, retrying with a growing pause, and runs each handler once when it listens again: a
// notification sent while nobody listened is gone, and a rebuild too many costs less than a stale site.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Announcements } from '../../domain/store/index.ts';
import type { Log } from '../../logging/log.ts';

const CHANNEL = 'puppynest_announcements';

export interface AnnouncementOptions {
  /** the first pause before listening again after the connection was lost; doubled up to 30 s */
  retryMs?: number;
}

export function createAnnouncements(
  pool: pg.Pool,
  log: Log = console,
  { retryMs = 1_000 }: AnnouncementOptions = {},
): Announcements & { close(): Promise<void> } {
  const self = randomUUID();
  const handlers = new Map<string, Array<() => void>>();
  // the connection held for LISTEN, opened by the first listen(), replaced when lost, released by close()
  let listener: Promise<pg.PoolClient> | undefined;
  let current: pg.PoolClient | undefined;
  let closed = false;
  let pause = retryMs;
  let retry: NodeJS.Timeout | undefined;

  const dispatch = (topic: string) => {
    for (const run of handlers.get(topic) ?? []) run();
  };

  const lost = (client: pg.PoolClient) => {
    if (closed || current !== client) return; // 'error' and 'end' both come; act once
    current = undefined;
    listener = undefined;
    client.release(true);
    scheduleRetry();
  };

  const open = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    client.on('notification', (message) => {
      try {
        const { topic, from } = JSON.parse(message.payload ?? '{}') as { topic?: string; from?: string };
        if (from === self || !topic) return;
        dispatch(topic);
      } catch {
        log.warn(`announcements: ignored a malformed payload on ${CHANNEL}`);
      }
    });
    client.on('error', (error) => {
      log.error(`announcements: the listening connection failed: ${error.message}`);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.release(true);
      throw error;
    }
    current = client;
    return client;
  };

  function scheduleRetry() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      listener = open();
      listener.then(
        () => {
          pause = retryMs;
          log.info('announcements: listening again; each handler runs once for what may have been missed');
          for (const topic of handlers.keys()) dispatch(topic);
        },
        (error: Error) => {
          listener = undefined;
          log.warn(
            `announcements: could not listen again (${error.message}); next try in ${Math.round(pause / 1000)} s`,
          );
          pause = Math.min(pause * 2, 30_000);
          scheduleRetry();
        },
      );
    }, pause);
    retry.unref();
  }

  return {
    async announce(topic) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, from: self })]);
    },
    async listen(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      if (!listener && !retry) listener = open();
      if (listener) await listener;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = undefined;
      const client = await listener?.catch(() => undefined);
      listener = undefined;
      current = undefined;
      client?.release(true);
    },
  };
}
