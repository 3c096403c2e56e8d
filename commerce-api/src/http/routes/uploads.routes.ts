// POST /api/upload/image (field puppyImage) and /api/upload/video (field puppyVideo), spec §7.
// Logged-in users only; the body is held in memory up to the limit, its type read from its bytes.
import express, { type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, type UploadResult } from '#contracts/puppies.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { createLocalMediaStore } from '../../media/media-store.ts';
import { storeImage, storeVideo } from '../../media/uploads.ts';
import { requireUser } from '../session.ts';

interface UploadKind {
  field: string;
  maxBytes: number;
  tooLarge: string;
  missing: string;
}

const IMAGE: UploadKind = { field: 'puppyImage', maxBytes: IMAGE_MAX_BYTES, tooLarge: 'This image is larger than 10 MB. Please choose a smaller one.', missing: 'Please choose an image to upload.' };
const VIDEO: UploadKind = { field: 'puppyVideo', maxBytes: VIDEO_MAX_BYTES, tooLarge: 'This video is larger than 50 MB. Please choose a shorter or smaller one.', missing: 'Please choose a video to upload.' };

/** refuses a visitor before reading a byte of the body (the rest is drained, not stored) */
const loggedInOnly: RequestHandler = (req, res, next) => {
  try {
    requireUser(res);
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
  const media = deps.media ?? createLocalMediaStore(deps.paths.uploadsDir);
  const router = express.Router();

  router.post('/upload/image', loggedInOnly, receive(IMAGE), async (req, res) => {
    const url = await storeImage(media, fileOf(req, IMAGE));
    res.status(201).json({ success: true, url } satisfies UploadResult);
  });

  router.post('/upload/video', loggedInOnly, receive(VIDEO), async (req, res) => {
    const url = await storeVideo(media, fileOf(req, VIDEO));
    res.status(201).json({ success: true, url } satisfies UploadResult);
  });

  return router;
}
