// The photo gallery of a puppy (docs/product.md §2 "Puppy detail"): the main image plus up to 5 more, previous and
// next buttons, thumbnails, and the arrow keys (Home/End too) while focus is inside the gallery.
// Server HTML with no React behind it (decision 0128): every photo is in the page, the first shown and the
// others hidden (lazy, so they load when shown); site/scripts/puppy-gallery.ts moves between them.
import { PuppyImage } from './PuppyImage.tsx';

interface Props {
  images: string[];
  name: string;
}

export function PuppyGallery({ images, name }: Props) {
  const count = images.length;
  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      data-gallery={count > 1 ? count : undefined}
    >
      <div className="gallery-main photo-frame">
        {images.map((url, i) => (
          <div key={`${url}-${i}`} className="gallery-slide" hidden={i > 0} data-slide={i}>
            <PuppyImage
              src={url}
              alt={`${name}, photo ${i + 1} of ${count}`}
              sizes="(max-width: 900px) 100vw, 700px"
              eager={i === 0}
              width={1200}
              height={900}
            />
          </div>
        ))}
        {count === 0 && <PuppyImage src="" alt={`${name}, photo`} sizes="100vw" />}
        {count > 1 && (
          <>
            <button type="button" className="gallery-nav prev" aria-label="Previous photo" data-step="-1">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="gallery-nav next" aria-label="Next photo" data-step="1">
              <span aria-hidden="true">›</span>
            </button>
            <p className="gallery-position" aria-live="polite">
              Photo 1 of {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery-thumbs photo-frame" aria-label="Choose a photo">
          {images.map((url, i) => (
            <li key={`${url}-${i}`}>
              <button type="button" aria-label={`Show photo ${i + 1} of ${count}`} aria-current={i === 0} data-show={i}>
                <PuppyImage src={url} alt="" sizes="5rem" width={320} height={240} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
