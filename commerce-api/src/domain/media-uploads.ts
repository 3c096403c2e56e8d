// Uploads as records: who uploaded which file and how many bytes it takes, so an account's uploads
// stay within its quota and the ones no listing uses can be swept (jobs/sweep-unused-uploads.ts).
// Only sellers (and admins) upload: listing media is all there is to upload (decision 0051).
import { AppError, ForbiddenError } from '../errors.ts';
import type { Collections, Storage } from '../storage/storage.ts';
import { canList } from './listings.ts';
import type { Puppy, Upload, User } from './model.ts';

/** an upload no listing uses is kept this long (a seller may still be filling in the form) */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000;

export const UPLOADS_SELLERS_ONLY_MESSAGE = 'Only seller accounts can upload photos and videos. Become a seller at /sellers.';

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

export function usedUploadBytes(db: Collections, userId: number): number {
  let used = 0;
  for (const upload of db.uploads.all()) if (upload.userId === userId) used += upload.bytes;
  return used;
}

/** refuses before the work of storing a file that cannot fit anyway */
export function assertUploadRoom(storage: Storage, userId: number, incomingBytes: number, quotaBytes: number): void {
  const used = usedUploadBytes(storage.db, userId);
  if (used >= quotaBytes || used + incomingBytes > quotaBytes) throw new UploadQuotaError(quotaBytes);
}

/** records a stored upload; the quota is checked again inside the write, where no other upload can interleave */
export function recordUpload(storage: Storage, userId: number, file: { url: string; bytes: number }, quotaBytes: number, now: Date): Promise<Upload> {
  return storage.write((db) => {
    if (usedUploadBytes(db, userId) + file.bytes > quotaBytes) throw new UploadQuotaError(quotaBytes);
    return db.uploads.insert({ userId, url: file.url, bytes: file.bytes, createdAt: now.toISOString() });
  });
}

export function mediaUrlsOf(puppy: Puppy): string[] {
  return [puppy.imageUrl, ...puppy.imageUrls, ...(puppy.videoUrl ? [puppy.videoUrl] : [])];
}

/**
 * Forgets the uploads older than UNUSED_UPLOAD_MS that no listing (draft or not) uses, in one atomic
 * write, and answers them: the caller removes their files afterwards.
 */
export function forgetUnusedUploads(storage: Storage, now: Date): Promise<Upload[]> {
  const cutoff = now.getTime() - UNUSED_UPLOAD_MS;
  return storage.write((db) => {
    const stale = db.uploads.filter((upload) => Date.parse(upload.createdAt) <= cutoff);
    if (stale.length === 0) return [];
    const used = new Set<string>();
    for (const puppy of db.puppies.all()) for (const url of mediaUrlsOf(puppy)) used.add(url);
    const unused = stale.filter((upload) => !used.has(upload.url));
    for (const upload of unused) db.uploads.remove(upload.id);
    return unused;
  });
}
