// GET /api/products and GET /api/testimonials (docs/product.md §7): the CMS content the pages are built from, read
// through the Content the app is handed (embedded dataset or Sanity, config.content), with browser-usable image URLs.
import express from 'express';
import type { ProductView, TestimonialView } from '#contracts/content.ts';
import { contentImageUrl, type ContentImage } from '#content/index.ts';
import type { AppDeps } from '../../deps.ts';

const image = (picture: ContentImage | null) => ({
  imageUrl: picture ? contentImageUrl(picture) : '',
  imageAlt: picture?.alt ?? '',
});

export function contentRoutes({ content }: AppDeps): express.Router {
  const router = express.Router();

  router.get('/products', async (_req, res) => {
    const products: ProductView[] = (await content.getProducts()).map(
      ({ id, name, description, price, image: picture }) => ({ id, name, description, price, ...image(picture) }),
    );
    res.json(products);
  });

  router.get('/testimonials', async (_req, res) => {
    const testimonials: TestimonialView[] = (await content.getTestimonials()).map(
      ({ id, name, rating, comment, image: picture }) => ({ id, name, rating, comment, ...image(picture) }),
    );
    res.json(testimonials);
  });

  return router;
}
