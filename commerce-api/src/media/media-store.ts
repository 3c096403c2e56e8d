// The media seam (docs/decisions/0073): where uploaded files live. The embedded default writes them under
// DATA_DIR/uploads, served at /uploads/ by the static files; object storage (s3-media-store.ts, decision
// 0095) keeps the same two calls and adds open(), through which the app serves the same URLs.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface MediaStore {
  /** stores `data` under `key` ("images/3f9c….webp") and answers its public URL */
  put(key: string, data: Buffer): Promise<string>;
  /** removes the file behind a URL put() answered; unknown or foreign URLs are ignored */
  remove(url: string): Promise<void>;
  /**
   * a stored file by key, for serving /uploads/{key} when the files are not on this machine's disk;
   * undefined for an unknown key. Absent: the local folder is served as static files.
   */
  open?(key: string): Promise<MediaFile | undefined>;
}

export interface MediaFile {
  body: Readable;
  contentType: string;
  contentLength: number;
  etag: string;
  lastModified: Date;
}

/** a server-made file name: 128 random bits, nothing from the client */
export function newMediaName(): string {
  return randomBytes(16).toString('hex');
}

/** the only keys a store accepts: a kind, 128 random bits, an optional width, an extension */
export const MEDIA_KEY = /^[a-z]+\/[a-f0-9]{32}(?:-w\d+)?\.[a-z0-9]+$/;

export function createLocalMediaStore(uploadsDir: string, publicPath = '/uploads'): MediaStore {
  const fileOf = (key: string) => path.join(uploadsDir, ...key.split('/'));
  return {
    async put(key, data) {
      if (!MEDIA_KEY.test(key)) throw new Error(`media: refusing the key ${JSON.stringify(key)}`);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // temp file + rename: a reader never sees half a picture
      const temp = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temp, data);
        await rename(temp, file);
      } catch (error) {
        // A disk that filled up mid-file must not keep the half of it.
        await unlink(temp).catch(() => {});
        throw error;
      }
      return `${publicPath}/${key}`;
    },
    async remove(url) {
      if (!url.startsWith(`${publicPath}/`)) return;
      const key = url.slice(publicPath.length + 1);
      if (!MEDIA_KEY.test(key)) return;
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}
