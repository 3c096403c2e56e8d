// Photos on server-rendered cards (decision 0122) keep PuppyImage's rule (docs/product.md §2): a failed
// /public-objects/ photo is tried once more after a second, and any other failure shows the "Image Not
// Available" placeholder in the photo's frame, never the browser's broken-image icon. The placeholder is
// the page's <template id="image-placeholder">, which the server rendered from PuppyImage's own.
const RETRY_MS = 1000;

function placeholderFor(image: HTMLImageElement): void {
  const template = document.querySelector<HTMLTemplateElement>('#image-placeholder');
  const placeholder = template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
  if (!placeholder) return;
  placeholder.style.aspectRatio = `${image.width || 640} / ${image.height || 480}`;
  if (image.alt) {
    placeholder.setAttribute('role', 'img');
    placeholder.setAttribute('aria-label', `${image.alt}: Image Not Available`);
    placeholder.removeAttribute('aria-hidden');
  }
  image.replaceWith(placeholder);
}

function failed(image: HTMLImageElement): void {
  const src = image.getAttribute('src') ?? '';
  if (src.startsWith('/public-objects/') && !image.dataset.retried) {
    image.dataset.retried = '';
    setTimeout(() => {
      image.removeAttribute('srcset');
      image.src = `${src}${src.includes('?') ? '&' : '?'}retry=1`;
    }, RETRY_MS);
    return;
  }
  placeholderFor(image);
}

/** photos under `root`: those that failed before this script ran, and any that fail from now on */
export function watchPhotos(root: HTMLElement): void {
  // error events do not bubble: heard on the way down
  root.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) failed(event.target);
    },
    true,
  );
  for (const image of root.querySelectorAll('img')) if (image.complete && image.naturalWidth === 0) failed(image);
}
