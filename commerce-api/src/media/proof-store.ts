// Where the proofs of health tests live (decision 0121): never under the public /uploads, so no address
// serves them; the app reads one back only for its seller or an admin (GET /api/parents/…/proof).
// Locally a folder of DATA_DIR beside (not inside) the uploads; with object storage the same bucket
// under the "proofs/" kind, which http/media-files.ts refuses to serve.
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { diskWriteError } from '../errors.ts';
import { MEDIA_KEY, newMediaName, type MediaStore } from './media-store.ts';
import { sniffImage } from './sniff.ts';

export interface ProofStore {
  /** stores the bytes under a new key ("proofs/<128 random bits>.<ext>") and answers it */
  put(data: Buffer, ext: string): Promise<string>;
  /** the bytes of a key put() answered; undefined when it is not there */
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

export const PROOF_KIND = 'proofs';

/** a proof's type from its bytes: a picture (JPEG, PNG, WebP, AVIF) or a PDF; undefined for anything else */
export function sniffProof(bytes: Buffer): { ext: string; type: string } | undefined {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { ext: 'pdf', type: 'application/pdf' };
  const image = sniffImage(bytes);
  if (!image) return undefined;
  return { ext: image === 'jpeg' ? 'jpg' : image, type: `image/${image}` };
}

const newKey = (ext: string) => `${PROOF_KIND}/${newMediaName()}.${ext}`;
const isProofKey = (key: string) => key.startsWith(`${PROOF_KIND}/`) && MEDIA_KEY.test(key);

export function createLocalProofStore(dir: string): ProofStore {
  const fileOf = (key: string) => path.join(dir, ...key.split('/'));
  return {
    async put(data, ext) {
      const key = newKey(ext);
      const file = fileOf(key);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        await writeFile(temp, data);
        await rename(temp, file);
      } catch (error) {
        throw diskWriteError(error);
      }
      return key;
    },
    async read(key) {
      if (!isProofKey(key)) return undefined;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      if (!isProofKey(key)) return;
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/** proofs in the bucket of the uploads (decision 0095), read back through the app only */
export function proofStoreInBucket(media: MediaStore & Required<Pick<MediaStore, 'open'>>): ProofStore {
  return {
    async put(data, ext) {
      const key = newKey(ext);
      await media.put(key, data);
      return key;
    },
    async read(key) {
      if (!isProofKey(key)) return undefined;
      const file = await media.open(key);
      if (!file) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body as Readable) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    },
    async remove(key) {
      if (isProofKey(key)) await media.remove(`/uploads/${key}`);
    },
  };
}

/** the tests' store: proofs in memory, for a process that keeps nothing */
export function createMemoryProofStore(): ProofStore {
  const files = new Map<string, Buffer>();
  return {
    put: async (data, ext) => {
      const key = newKey(ext);
      files.set(key, Buffer.from(data));
      return key;
    },
    read: async (key) => files.get(key),
    remove: async (key) => {
      files.delete(key);
    },
  };
}
