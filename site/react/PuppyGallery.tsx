// The photo gallery of a puppy (docs/product.md §2 "Puppy detail"): the main image plus up to 5 more, previous and
// next buttons, thumbnails, and the arrow keys (Home/End too) while focus is inside the gallery.
import { useState, type KeyboardEvent } from 'react';
import { rovingIndex } from '../lib/roving-index.ts';
import { PuppyImage } from './PuppyImage.tsx';

interface Props {
  images: string[];
  name: string;
}

export function PuppyGallery({ images, name }: Props) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const show = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    const target = rovingIndex(event.key, index, count);
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={`Photos of ${name}`} onKeyDown={onKeyDown}>
      <div className="gallery-main photo-frame">
        <PuppyImage
          key={images[index]}
          src={images[index] ?? ''}
          alt={`${name}, photo ${index + 1} of ${count}`}
          sizes="(max-width: 900px) 100vw, 700px"
          eager={index === 0}
          width={1200}
          height={900}
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="gallery-nav prev"
              aria-label="Previous photo"
              onClick={() => show(index - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="gallery-nav next" aria-label="Next photo" onClick={() => show(index + 1)}>
              <span aria-hidden="true">›</span>
            </button>
            <p className="gallery-position" aria-live="polite">
              Photo {index + 1} of {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery-thumbs photo-frame" aria-label="Choose a photo">
          {images.map((url, i) => (
            <li key={`${url}-${i}`}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index}
                onClick={() => show(i)}
              >
                <PuppyImage src={url} alt="" sizes="5rem" width={320} height={240} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
