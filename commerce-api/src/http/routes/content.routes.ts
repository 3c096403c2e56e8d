// GET /api/products and GET /api/testimonials (spec §7): the CMS content the pages are built from, read
// through the same content functions (embedded dataset or Sanity), with browser-usable image URLs.
import express from 'express';
import type { ProductView, TestimonialView } from '#contracts/content.ts';
import { contentImageUrl, getProducts, getTestimonials, type ContentImage } from '../../../../site/lib/content/index.ts';
import type { AppDeps } from '../../deps.ts';

const image = (picture: ContentImage | null) => ({ imageUrl: picture ? contentImageUrl(picture) : '', imageAlt: picture?.alt ?? '' });

export function contentRoutes(_deps: AppDeps): express.Router {
  const router = express.Router();

  router.get('/products', async (_req, res) => {
    const products: ProductView[] = (await getProducts()).map(({ id, name, description, price, image: picture }) => ({ id, name, description, price, ...image(picture) }));
    res.json(products);
  });

  router.get('/testimonials', async (_req, res) => {
    const testimonials: TestimonialView[] = (await getTestimonials()).map(({ id, name, rating, comment, image: picture }) => ({ id, name, rating, comment, ...image(picture) }));
    res.json(testimonials);
  });

  return router;
}
