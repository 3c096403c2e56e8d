// What GET /api/products and GET /api/testimonials answer (docs/product.md §3 Product and Testimonial). The records
// live in the CMS, so their ids are the CMS document ids (strings).

export interface ProductView {
  id: string;
  name: string;
  description: string;
  /** US dollars with cents, e.g. 24.99 */
  price: number;
  /** absolute (Sanity CDN) or site-relative (/content/images/…) URL; '' when the product has no picture */
  imageUrl: string;
  imageAlt: string;
}

export interface TestimonialView {
  id: string;
  name: string;
  /** 0–5 in steps of 0.5 */
  rating: number;
  comment: string;
  imageUrl: string;
  imageAlt: string;
}
