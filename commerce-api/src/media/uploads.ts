// Turning an uploaded file into stored media: type from the bytes, images re-encoded into their
// sized variants, videos kept as they are. Errors are the API's 415s with a message a person reads.
import { AppError, diskWriteError } from '../errors.ts';
import { encodeImage, UndecodableImageError } from './images.ts';
import { newMediaName, type MediaStore } from './media-store.ts';
import { sniffImage, sniffVideo } from './sniff.ts';

export class UnsupportedMediaError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

export const IMAGE_TYPES_MESSAGE = 'Only JPEG, PNG, WebP and AVIF images can be uploaded.';
export const INVALID_IMAGE_MESSAGE = 'This file is not a valid image.';
export const VIDEO_TYPES_MESSAGE = 'Only MP4, MOV and WEBM videos can be uploaded.';

/** what a stored upload answers: its URL, and the bytes it takes on disk (every rendition) */
export interface StoredMedia {
  url: string;
  bytes: number;
}

/** answers the URL of `<name>.webp`; `<name>-w640.webp` and `<name>-w320.webp` sit beside it */
export async function storeImage(store: MediaStore, bytes: Buffer): Promise<StoredMedia> {
  if (!sniffImage(bytes)) throw new UnsupportedMediaError(IMAGE_TYPES_MESSAGE);
  let encoded;
  try {
    encoded = await encodeImage(bytes);
  } catch (error) {
    if (error instanceof UndecodableImageError) throw new UnsupportedMediaError(INVALID_IMAGE_MESSAGE);
    throw error;
  }
  const name = newMediaName();
  // Variants first: once the main URL exists, its srcset works.
  const variants = await putAll(store, [
    [`images/${name}-w640.webp`, encoded.w640],
    [`images/${name}-w320.webp`, encoded.w320],
  ]);
  let url: string | undefined;
  try {
    [url] = await putAll(store, [[`images/${name}.webp`, encoded.main]]);
  } catch (error) {
    await Promise.all(variants.map((variant) => store.remove(variant).catch(() => {})));
    throw error;
  }
  return { url: url!, bytes: encoded.main.length + encoded.w640.length + encoded.w320.length };
}

/**
 * Stores the files together: when one fails (a full disk), the others are removed again and the
 * error says what the client is told (507/503, errors.ts).
 */
async function putAll(
  store: MediaStore,
  files: ReadonlyArray<readonly [key: string, data: Buffer]>,
): Promise<string[]> {
  const results = await Promise.allSettled(files.map(([key, data]) => store.put(key, data)));
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return results.map((result) => (result as PromiseFulfilledResult<string>).value);
  await Promise.all(
    results.map((result) => (result.status === 'fulfilled' ? store.remove(result.value).catch(() => {}) : undefined)),
  );
  throw diskWriteError(failed.reason);
}

export async function storeVideo(store: MediaStore, bytes: Buffer): Promise<StoredMedia> {
  const kind = sniffVideo(bytes);
  if (!kind) throw new UnsupportedMediaError(VIDEO_TYPES_MESSAGE);
  const [url] = await putAll(store, [[`videos/${newMediaName()}.${kind}`, bytes]]);
  return { url: url!, bytes: bytes.length };
}

/** removes a stored image with its variants, or a stored video */
export async function removeMedia(store: MediaStore, url: string): Promise<void> {
  const image = /^(.*)\.webp$/.exec(url);
  const urls = image ? [url, `${image[1]}-w640.webp`, `${image[1]}-w320.webp`] : [url];
  await Promise.all(urls.map((u) => store.remove(u)));
}
