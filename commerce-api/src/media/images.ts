// Re-encodes an uploaded picture: EXIF orientation applied, then every piece of metadata dropped
// (EXIF, GPS, XMP, ICC comments), and WebP written at the widths of #contracts/media.ts.
import sharp, { type OutputInfo } from 'sharp';

export interface EncodedImage {
  /** at most 1200 px on its longest side */
  main: Buffer;
  w640: Buffer;
  w320: Buffer;
}

export class UndecodableImageError extends Error {}

/** 40 megapixels: a phone photo fits, a decompression bomb does not */
const MAX_INPUT_PIXELS = 40_000_000;

export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  let raw: { data: Buffer; info: OutputInfo };
  try {
    // failOn 'warning' (sharp's default, stated here on purpose): a truncated JPEG is refused,
    // not half-decoded into a grey picture.
    raw = await sharp(input, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UndecodableImageError(error instanceof Error ? error.message : String(error));
  }
  const { width, height, channels } = raw.info;
  const from = () => sharp(raw.data, { raw: { width, height, channels } });
  const [main, w640, w320] = await Promise.all([
    from().webp({ quality: 80 }).toBuffer(),
    from().resize({ width: 640, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    from().resize({ width: 320, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
  ]);
  return { main, w640, w320 };
}
