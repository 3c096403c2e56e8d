// /uploads/{key} served from the media store when the files are not on this machine's disk (object
// storage, decision 0095), with the headers express.static gives the local folder: the type, a week's
// immutable caching (a key is never reused), ETag and Last-Modified with their 304s.
import express, { type Router } from 'express';
import type { MediaStore } from '../media/media-store.ts';
import { PROOF_KIND } from '../media/proof-store.ts';

export function mediaFiles(media: MediaStore): Router {
  const router = express.Router();
  const open = media.open?.bind(media);
  if (!open) return router;
  router.get('/uploads/{*key}', async (req, res, next) => {
    const key = (req.params as { key: string[] }).key.join('/');
    // the proofs of health tests share the bucket and are never public (decision 0121)
    if (key.startsWith(`${PROOF_KIND}/`)) return next();
    const file = await open(key);
    if (!file) return next();
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=604800, immutable',
      ETag: file.etag,
      'Last-Modified': file.lastModified.toUTCString(),
    });
    if (req.fresh) {
      file.body.destroy();
      res.status(304).end();
      return;
    }
    res.set('Content-Length', String(file.contentLength));
    file.body.on('error', (error) => res.destroy(error));
    file.body.pipe(res);
  });
  return router;
}
