// Uploaded media in S3-compatible object storage (decision 0095): every process puts into and
// reads from one bucket, so a photo uploaded through one machine is served by any other. The bucket stays
// private; the app serves /uploads/{key} from it (http/media-files.ts), so the URLs, the headers and the
// uploads' own checks stay exactly those of the local folder.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../config.ts';
import { StorageUnavailableError } from '../errors.ts';
import { MEDIA_KEY, type MediaStore } from './media-store.ts';

/** what the uploads store: re-encoded WebP pictures and videos kept byte for byte */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export function createS3MediaStore(settings: S3Settings, publicPath = '/uploads'): MediaStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // a store that is away answers the upload with 503 in seconds, not after the SDK's long retries
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  /** the bucket is away or refuses us: the upload is not stored, and the person is told to retry */
  const unavailable = (error: unknown) => new StorageUnavailableError({ cause: error });

  return {
    async put(key, data) {
      if (!MEDIA_KEY.test(key)) throw new Error(`media: refusing the key ${JSON.stringify(key)}`);
      try {
        // One PUT is atomic: a reader never sees half a picture.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: data,
            ContentType: contentTypeOf(key),
            ContentLength: data.length,
          }),
        );
      } catch (error) {
        throw unavailable(error);
      }
      return `${publicPath}/${key}`;
    },
    async remove(url) {
      if (!url.startsWith(`${publicPath}/`)) return;
      const key = url.slice(publicPath.length + 1);
      if (!MEDIA_KEY.test(key)) return;
      // S3 answers a delete of a missing key with success, like the local store ignores ENOENT.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async open(key) {
      if (!MEDIA_KEY.test(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOf(key),
          contentLength: object.ContentLength ?? 0,
          etag: object.ETag ?? '',
          lastModified: object.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        )
          return undefined;
        throw unavailable(error);
      }
    },
  };
}
