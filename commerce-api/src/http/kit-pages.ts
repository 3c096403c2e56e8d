// The marketing kit (decision 0136, docs/product.md §24): /my-listings/{id}/kit rendered on demand for
// the listing's owner on the annual plan, with the flyer's QR code in the HTML; and its share image, a PNG
// drawn here with sharp. The page is served as every private page is (private-page.ts), and every refusal
// is its own explanation; the image's is a line of text. Both belong to one seller: never in a shared cache.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import { kitImagePath } from '#contracts/marketing-kit.ts';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import type { AppDeps } from '../deps.ts';
import { kitAccess, marketingKit, renderShareImage } from '../domain/marketing-kit.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { privatePage } from './private-page.ts';
import { currentUser, type SessionLayer } from './session.ts';

/** the share image's address as Express writes it: the kit's, with share.png */
const IMAGE_ROUTE = kitImagePath(0).replace('/0/', '/:id/');

/** a rendered image is kept while its listing is unchanged: a seller who downloads twice costs one render */
const IMAGE_MEMO_SIZE = 32;

/**
 * The listing's main photo, read where it is stored: uploads from the media store or the uploads folder,
 * the site's own pictures from its build. Null when it cannot be read (the image then has no photo).
 */
async function readPhoto(deps: AppDeps, imageUrl: string): Promise<Buffer | null> {
  if (!imageUrl.startsWith('/') || imageUrl.startsWith('//')) return null;
  const uploads = imageUrl.startsWith('/uploads/');
  const key = uploads ? imageUrl.slice('/uploads/'.length) : imageUrl.slice(1);
  try {
    if (uploads && deps.media?.open) {
      const file = await deps.media.open(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    }
    const root = path.resolve(uploads ? deps.paths.uploadsDir : deps.paths.siteDir);
    const file = path.resolve(root, ...key.split('/'));
    // a stored URL never leaves its folder
    if (!file.startsWith(root + path.sep)) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}

export function kitPages(deps: AppDeps, pages: OnDemandPages | undefined, sessions: SessionLayer): express.Router {
  const { store, now, config } = deps;
  const router = express.Router();
  const memo = new Map<string, Buffer>();

  if (pages)
    router.get(
      ON_DEMAND_ROUTES.kit.path,
      privatePage(pages, sessions, async (req, user) => {
        const id = v.safeParse(idParam, req.params.id);
        return {
          kit: id.success
            ? await marketingKit(store, user.id, id.output, config.publicSiteUrl, now())
            : { state: 'not-found' as const },
        };
      }),
    );

  router.get(IMAGE_ROUTE, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      const refuse = (status: number, text: string) => res.status(status).type('text/plain').send(text);
      if (!user) return refuse(401, 'Log in to download your share image.');
      try {
        const id = v.safeParse(idParam, req.params.id);
        const access = id.success
          ? await kitAccess(store, user.id, id.output, now())
          : ({ ok: false, view: { state: 'not-found' } } as const);
        if (!access.ok) {
          const { view } = access;
          if (view.state === 'upgrade')
            return refuse(403, 'Share images are part of the Annual plan: see the plans on /sellers to upgrade.');
          if (view.state === 'not-live') return refuse(409, view.reason);
          return refuse(404, 'None of your listings has this address.');
        }
        const { puppy, breed } = access;
        // the picture changes only when the listing (or the site's address) does
        const etag = `"${createHash('sha256')
          .update(
            JSON.stringify([
              puppy.id,
              puppy.updatedAt,
              puppy.name,
              puppy.price,
              puppy.imageUrl,
              breed,
              config.publicSiteUrl,
            ]),
          )
          .digest('base64url')
          .slice(0, 27)}"`;
        // private: only its owner may see it; an hour, then a cheap 304 while the listing is unchanged
        res.set({ 'Cache-Control': 'private, max-age=3600', ETag: etag });
        if (req.fresh) return res.status(304).end();
        let png = memo.get(etag);
        if (!png) {
          png = await renderShareImage(puppy, breed, await readPhoto(deps, puppy.imageUrl), config.publicSiteUrl);
          memo.set(etag, png);
          if (memo.size > IMAGE_MEMO_SIZE) memo.delete(memo.keys().next().value!);
        }
        const file = `${puppy.name.replace(/[^A-Za-z0-9-]+/g, '-') || 'puppy'}-puppynest.png`;
        res.type('image/png').set('Content-Disposition', `inline; filename="${file}"`);
        return res.send(png);
      } catch (error) {
        return next(error);
      }
    });
  });

  return router;
}
