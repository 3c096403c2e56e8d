// /saved (decision 0132): the cards' hearts remove a saved puppy and save it again, and a photo that
// fails shows the placeholder, as on the list (decision 0122).
import { watchHearts } from './favorite-hearts.ts';
import { watchPhotos } from './photo-fallback.ts';

const root = document.querySelector<HTMLElement>('[data-saved]');
if (root) {
  watchPhotos(root);
  watchHearts(root);
}
