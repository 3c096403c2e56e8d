// The puppy page's gallery (site/react/PuppyGallery.tsx, decision 0128): Previous, Next, the thumbnails,
// and the arrow keys (Home and End too) while focus is inside it. Every photo is already in the page; this
// shows one and hides the others, and the browser loads a lazy photo when it is shown.
import { rovingIndex } from '../lib/roving-index.ts';

export function watchGallery(gallery: HTMLElement): void {
  const slides = [...gallery.querySelectorAll<HTMLElement>('[data-slide]')];
  const thumbs = [...gallery.querySelectorAll<HTMLElement>('[data-show]')];
  const position = gallery.querySelector<HTMLElement>('.gallery-position');
  const count = slides.length;
  if (count < 2) return;
  let index = 0;

  const show = (next: number) => {
    index = ((next % count) + count) % count;
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    thumbs.forEach((thumb, i) => thumb.setAttribute('aria-current', String(i === index)));
    if (position) position.textContent = `Photo ${index + 1} of ${count}`;
  };

  gallery.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-step], [data-show]');
    if (!button) return;
    show(button.dataset.show !== undefined ? Number(button.dataset.show) : index + Number(button.dataset.step));
  });
  gallery.addEventListener('keydown', (event) => {
    const target = rovingIndex(event.key, index, count);
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  });
}
