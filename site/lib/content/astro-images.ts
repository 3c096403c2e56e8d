/// <reference types="vite/client" />
// Turns a ContentImage into props for Astro's <Image> / getImage(). Only for Astro pages: it relies on
// Vite's import.meta.glob, which is why it is not part of index.ts (the API imports that in plain Node).
//
//   embedded dataset → the file under content/images/, imported here, so Astro optimizes it at build
//   Sanity project   → the https://cdn.sanity.io URL with its width and height (astro.config.mjs must
//                      allow it: image.remotePatterns [{ protocol: 'https', hostname: 'cdn.sanity.io' }])
import type { ImageMetadata } from 'astro';
import type { ContentImage } from '#content/types.ts';

const files = import.meta.glob<ImageMetadata>('/content/images/*.{webp,png,jpg,jpeg,avif,gif}', {
  eager: true,
  import: 'default',
});
const byFileName = new Map(Object.entries(files).map(([file, meta]) => [file.slice(file.lastIndexOf('/') + 1), meta]));

export interface AstroImageProps {
  src: ImageMetadata | string;
  alt: string;
  width: number;
  height: number;
}

/** Spread into <Image {...astroImage(image)} />; add widths/sizes/loading as the layout needs. */
export function astroImage(image: ContentImage): AstroImageProps {
  const common = { alt: image.alt, width: image.width, height: image.height };
  if (/^https?:\/\//.test(image.src)) return { src: image.src, ...common };
  // Matched by file name, so a copy of the dataset elsewhere (CONTENT_DIR) still finds its images here.
  const name = image.src.slice(image.src.replace(/\\/g, '/').lastIndexOf('/') + 1);
  const meta = byFileName.get(name);
  if (!meta) throw new Error(`Content image "${image.src}" is not in content/images/: add the file there`);
  return { src: meta, ...common };
}
