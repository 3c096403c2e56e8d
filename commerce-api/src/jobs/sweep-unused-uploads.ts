// Uploads that no listing has used for a day are removed: their record in one step of the store
// (which re-reads the listings, uploads.forgetUnused), then their files. A file that cannot be removed is only logged: its
// record is gone, so it no longer counts against anyone's quota.
import { forgetUnusedUploads } from '../domain/media-uploads.ts';
import type { MediaStore } from '../media/media-store.ts';
import { removeMedia } from '../media/uploads.ts';
import type { Store } from '../domain/store/index.ts';
import type { Job } from './scheduler.ts';
import type { Log } from '../logging/log.ts';

export interface SweepContext {
  store: Store;
  media: MediaStore;
  log: Log;
}

/** answers how many uploads were swept */
export async function sweepUnusedUploads(ctx: SweepContext, now: Date): Promise<number> {
  const unused = await forgetUnusedUploads(ctx.store, now);
  await Promise.all(
    unused.map((upload) =>
      removeMedia(ctx.media, upload.url).catch((error: unknown) =>
        ctx.log.warn(`could not remove ${upload.url}: ${String(error)}`),
      ),
    ),
  );
  return unused.length;
}

export const SWEEP_EVERY_MS = 60 * 60 * 1000;

export function sweepUnusedUploadsJob(ctx: SweepContext): Job {
  return {
    name: 'sweep-unused-uploads',
    everyMs: SWEEP_EVERY_MS,
    async run(now) {
      const swept = await sweepUnusedUploads(ctx, now);
      if (swept > 0) ctx.log.info(`swept ${swept} upload${swept === 1 ? '' : 's'} no listing used for a day`);
    },
  };
}
