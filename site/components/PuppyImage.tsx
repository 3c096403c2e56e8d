// A puppy photo sized for its box: srcset from the upload variants, lazy unless it is the first
// visible image (spec §2 image-failure rule: placeholder; /public-objects/ paths retry once after 1 s).
import { useEffect, useRef, useState } from 'react';
import { imageSrcSet } from '#contracts/media.ts';

interface Props {
  src: string;
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
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    setFailed(false);
    setAttempt(0);
  }, [src]);
  const onError = () => {
    if (src.startsWith('/public-objects/') && attempt === 0) {
      timer.current = setTimeout(() => setAttempt(1), 1000);
    } else {
      setFailed(true);
    }
  };
  // Rendered on the server, the photo may have failed before this script could listen: ask it.
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) onError();
    // once per mount: later failures arrive as error events
  }, []);

  if (!src || failed) {
    return (
      <div className="image-placeholder" role="img" aria-label={`${alt}: Image Not Available`} style={{ aspectRatio: `${width} / ${height}` }}>
        Image Not Available
      </div>
    );
  }
  const retrySrc = attempt ? `${src}${src.includes('?') ? '&' : '?'}retry=1` : src;
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
