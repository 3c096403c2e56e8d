// A browser-usable URL for a content image outside Astro's image pipeline (the API's /api/products and
// /api/testimonials answers, or client islands). Sanity images already have their CDN URL; embedded
// ones are files in CONTENT_DIR/images, which the server publishes under this path.
import type { ContentImage } from './types.ts';

export const CONTENT_IMAGES_PATH = '/content/images/';

export function contentImageUrl(image: ContentImage): string {
  if (/^https?:\/\//.test(image.src)) return image.src;
  return CONTENT_IMAGES_PATH + encodeURIComponent(image.src.slice(image.src.replace(/\\/g, '/').lastIndexOf('/') + 1));
}
