// Uploads as records: who uploaded which file and how many bytes it takes, so an account's uploads
// stay within its quota and the ones no listing uses can be swept (jobs/sweep-unused-uploads.ts).
// Only sellers (and admins) upload: listing media is all there is to upload (decision 0051).
import { AppError, ForbiddenError } from '../errors.ts';
import type { Store } from './store/index.ts';
import { canList } from './listings.ts';
import type { Upload, User } from './model.ts';

/** an upload no listing uses is kept this long (a seller may still be filling in the form) */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000;

export const UPLOADS_SELLERS_ONLY_MESSAGE =
  'Only seller accounts can upload photos and videos. Become a seller at /sellers.';

export class UploadQuotaError extends AppError {
  constructor(quotaBytes: number) {
    const mb = Math.round(quotaBytes / (1024 * 1024));
    super(
      413,
      'upload_quota_exceeded',
      `Your uploads have reached your ${mb} MB storage limit. Delete listings or photos you no longer need (uploads no listing uses are removed after a day), then try again.`,
    );
  }
}

export function assertMayUpload(user: User): void {
  if (!canList(user)) throw new ForbiddenError(UPLOADS_SELLERS_ONLY_MESSAGE);
}

/** refuses before the work of storing a file that cannot fit anyway */
export async function assertUploadRoom(
  store: Store,
  userId: number,
  incomingBytes: number,
  quotaBytes: number,
): Promise<void> {
  const used = await store.uploads.usedBytes(userId);
  if (used >= quotaBytes || used + incomingBytes > quotaBytes) throw new UploadQuotaError(quotaBytes);
}

/** records a stored upload; the store checks the quota and adds the row in one step, so two uploads at once cannot both pass */
export async function recordUpload(
  store: Store,
  userId: number,
  file: { url: string; bytes: number },
  quotaBytes: number,
  now: Date,
): Promise<Upload> {
  const upload = await store.uploads.record(
    { userId, url: file.url, bytes: file.bytes, createdAt: now.toISOString() },
    quotaBytes,
  );
  if (!upload) throw new UploadQuotaError(quotaBytes);
  return upload;
}

/**
 * Forgets the uploads older than UNUSED_UPLOAD_MS that no listing (draft or not) uses, in one step of
 * the store that re-reads the listings (uploads.forgetUnused), and answers them: the caller removes
 * their files afterwards.
 */
export function forgetUnusedUploads(store: Store, now: Date): Promise<Upload[]> {
  return store.uploads.forgetUnused(new Date(now.getTime() - UNUSED_UPLOAD_MS));
}
