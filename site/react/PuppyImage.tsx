// A puppy photo sized for its box: srcset from the upload variants, lazy unless it is the first
// visible image (docs/product.md §2 image-failure rule: placeholder; /public-objects/ paths retry once after 1 s).
// The one component for every puppy photo (cards, list items, My Listings, detail, gallery and its
// thumbnails, checkout), so no page ever shows the browser's broken-image icon.
import { useEffect, useRef, useState } from 'react';
import { imageSrcSet } from '#contracts/media.ts';

interface Props {
  src: string;
  /** empty for a decorative copy (a gallery thumbnail inside a labelled button) */
  alt: string;
  sizes: string;
  eager?: boolean;
  width?: number;
  height?: number;
}

export function PuppyImage({ src, alt, sizes, eager = false, width = 1200, height = 900 }: Props) {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const image = useRef<HTMLImageElement>(null);
  const reported = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    setFailed(false);
    setAttempt(0);
  }, [src]);

  const retrySrc = attempt ? `${src}${src.includes('?') ? '&' : '?'}retry=1` : src;
  const onError = () => {
    if (reported.current === retrySrc) return;
    reported.current = retrySrc;
    if (src.startsWith('/public-objects/') && attempt === 0) {
      timer.current = setTimeout(() => setAttempt(1), 1000);
    } else {
      setFailed(true);
    }
  };

  // A photo in server-rendered HTML can fail before the island hydrates, and React never hears of that
  // error event: a finished image without pixels has failed.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) onError();
  });

  if (!src || failed) return <ImagePlaceholder alt={alt} width={width} height={height} />;
  return (
    <img
      ref={image}
      src={retrySrc}
      srcSet={attempt ? undefined : imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={onError}
    />
  );
}

/**
 * Fills the photo's frame (the frame's CSS sizes it like the photo). The centring sits on the inner box,
 * so a frame rule that makes photos `display: block` cannot push the text into a corner; a frame too
 * small for the words (a thumbnail) shows only the paw (global.css).
 */
export function ImagePlaceholder({ alt, width, height }: { alt: string; width: number; height: number }) {
  const label = alt ? { role: 'img', 'aria-label': `${alt}: Image Not Available` } : { 'aria-hidden': true };
  return (
    <div className="image-placeholder" style={{ aspectRatio: `${width} / ${height}` }} {...label}>
      <span className="image-placeholder-inner">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 13.2c-2.9 0-6.2 3.1-6.2 5.6 0 1.3 1 2 2.3 2 1.5 0 2.5-.9 3.9-.9s2.4.9 3.9.9c1.3 0 2.3-.7 2.3-2 0-2.5-3.3-5.6-6.2-5.6zM6.1 12.4c1.2-.4 1.7-1.9 1.1-3.4-.6-1.5-2-2.3-3.2-1.9-1.2.4-1.7 1.9-1.1 3.4.6 1.5 2 2.3 3.2 1.9zm3.6-3.1c1.4 0 2.4-1.5 2.4-3.3S11.1 2.7 9.7 2.7 7.3 4.2 7.3 6s1 3.3 2.4 3.3zm4.6 0c1.4 0 2.4-1.5 2.4-3.3s-1-3.3-2.4-3.3-2.4 1.5-2.4 3.3 1 3.3 2.4 3.3zm5.6-2.2c-1.2-.4-2.6.4-3.2 1.9-.6 1.5-.1 3 1.1 3.4 1.2.4 2.6-.4 3.2-1.9.6-1.5.1-3-1.1-3.4z"
          />
        </svg>
        <span className="image-placeholder-text">Image Not Available</span>
      </span>
    </div>
  );
}
