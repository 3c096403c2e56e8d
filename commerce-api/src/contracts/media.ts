// Where the sized variants of an image live. Uploaded and seeded images are stored as
// `<name>.webp` (at most 1200 px wide) beside `<name>-w320.webp` and `<name>-w640.webp`, so a page
// can build a srcset from the one imageUrl the API returns (docs/product.md §3 has a single imageUrl).

const VARIANT_SOURCE = /^(\/uploads\/.+)\.webp$/;

/** srcset for an image served from /uploads/, or undefined for any other URL */
export function imageSrcSet(imageUrl: string): string | undefined {
  const match = VARIANT_SOURCE.exec(imageUrl);
  if (!match) return undefined;
  const base = match[1];
  return `${base}-w320.webp 320w, ${base}-w640.webp 640w, ${imageUrl} 1200w`;
}

export function imageVariantUrl(imageUrl: string, width: 320 | 640): string {
  const match = VARIANT_SOURCE.exec(imageUrl);
  return match ? `${match[1]}-w${width}.webp` : imageUrl;
}
