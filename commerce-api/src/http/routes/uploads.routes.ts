// POST /api/upload/image (field puppyImage) and /api/upload/video (field puppyVideo), docs/product.md §7.
// Sellers (and admins) only, so many an hour (UPLOADS_PER_ACCOUNT), within a per-account quota
// (UPLOAD_QUOTA_MB); the body is held in memory up to the limit, its type read from its bytes.
import express, { type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, type UploadResult } from '#contracts/puppies.ts';
import type { AppDeps } from '../../deps.ts';
import { assertMayUpload, assertUploadRoom, recordUpload } from '../../domain/media-uploads.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { createLocalMediaStore, type MediaStore } from '../../media/media-store.ts';
import { removeMedia, storeImage, storeVideo, type StoredMedia } from '../../media/uploads.ts';
import { uploadLimiter } from '../rate-limits.ts';
import { requireUser } from '../session.ts';

interface UploadKind {
  field: string;
  /** stored byte for byte (videos), so its size counts against the quota before the work of storing */
  storedAsIs: boolean;
  maxBytes: number;
  tooLarge: string;
  missing: string;
}

const IMAGE: UploadKind = {
  field: 'puppyImage',
  storedAsIs: false,
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: 'This image is larger than 10 MB. Please choose a smaller one.',
  missing: 'Please choose an image to upload.',
};
const VIDEO: UploadKind = {
  field: 'puppyVideo',
  storedAsIs: true,
  maxBytes: VIDEO_MAX_BYTES,
  tooLarge: 'This video is larger than 50 MB. Please choose a shorter or smaller one.',
  missing: 'Please choose a video to upload.',
};

/** refuses a visitor or a buyer before reading a byte of the body (the rest is drained, not stored) */
const sellersOnly: RequestHandler = (req, res, next) => {
  try {
    assertMayUpload(requireUser(res));
    next();
  } catch (error) {
    req.resume();
    next(error);
  }
};

/** multer's single-file middleware, its errors turned into the API's 400/413 answers */
function receive(kind: UploadKind): RequestHandler {
  const middleware = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: kind.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  }).single(kind.field);
  return (req, res, next) => {
    middleware(req, res, (error?: unknown) => next(error === undefined ? undefined : uploadError(error, kind)));
  };
}

function uploadError(error: unknown, kind: UploadKind): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError(413, 'payload_too_large', kind.tooLarge);
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return new ValidationError(`Send one file in the "${kind.field}" field.`, { [kind.field]: kind.missing });
      default:
        return new ValidationError('The upload could not be read.');
    }
  }
  // busboy's own errors: a cut-off or malformed multipart body
  return new ValidationError('The upload could not be read. Please try again.');
}

function fileOf(req: Request, kind: UploadKind): Buffer {
  const file = req.file;
  if (!file || file.size === 0) throw new ValidationError(kind.missing, { [kind.field]: kind.missing });
  return file.buffer;
}

export function uploadsRoutes(deps: AppDeps): express.Router {
  const { now, config } = deps;
  const media = deps.media ?? createLocalMediaStore(deps.paths.uploadsDir);
  const quota = config.limits.uploadQuotaBytes;
  const perAccount = uploadLimiter(config.limits, (_req, res) => requireUser(res).id, deps.store.rateLimits);
  const router = express.Router();

  /** stores the file within the account's quota and records it; a refused record removes the files */
  async function upload(
    req: Request,
    res: Response,
    kind: UploadKind,
    store: (media: MediaStore, bytes: Buffer) => Promise<StoredMedia>,
  ) {
    const user = requireUser(res);
    const bytes = fileOf(req, kind);
    // An image is re-encoded, usually far smaller: only its stored size is known after the work.
    await assertUploadRoom(deps.store, user.id, kind.storedAsIs ? bytes.length : 0, quota);
    const stored = await store(media, bytes);
    try {
      await recordUpload(deps.store, user.id, stored, quota, now());
    } catch (error) {
      await removeMedia(media, stored.url).catch(() => {});
      throw error;
    }
    res.status(201).json({ success: true, url: stored.url } satisfies UploadResult);
  }

  router.post('/upload/image', sellersOnly, perAccount, receive(IMAGE), (req, res) =>
    upload(req, res, IMAGE, storeImage),
  );
  router.post('/upload/video', sellersOnly, perAccount, receive(VIDEO), (req, res) =>
    upload(req, res, VIDEO, storeVideo),
  );

  return router;
}
