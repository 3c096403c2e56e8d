// The toast region (docs/product.md §8), on every page, with no React (decision 0127): one visible toast,
// closed after 5000 ms (not while the pointer rests on it), swiped right past 50 px to dismiss, F8 moves
// focus to the region, announced politely (assertively for errors). Any script or island of the page
// raises a toast through lib/toast.ts, the one store of the page; a toast raised before a navigation
// (toastAcrossNavigation) shows on the next page.
import { dismissToast, subscribeToasts, takePendingToast, type Toast } from '../lib/toast.ts';

const AUTO_CLOSE_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const region = document.querySelector<HTMLElement>('[data-toast-region]');
if (region) watch(region);

function watch(region: HTMLElement): void {
  const polite = region.querySelector<HTMLElement>('[role="status"]')!;
  const urgent = region.querySelector<HTMLElement>('[role="alert"]')!;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (shown: Toast | null) => {
    clearTimeout(timer);
    polite.replaceChildren();
    urgent.replaceChildren();
    if (!shown) return;
    // Both live regions are always in the page: screen readers announce changes to a region that
    // already exists, not a region that appears with its content.
    (shown.variant === 'destructive' ? urgent : polite).append(card(shown));
    timer = setTimeout(() => dismissToast(shown.id), AUTO_CLOSE_MS);
  };

  const card = (shown: Toast): HTMLElement => {
    const box = document.createElement('div');
    box.className = `toast toast-${shown.variant}`;
    box.dataset.testid = 'toast';
    const words = document.createElement('div');
    const title = document.createElement('strong');
    title.className = 'toast-title';
    title.textContent = shown.title;
    words.append(title);
    if (shown.description) {
      const description = document.createElement('p');
      description.className = 'toast-description';
      description.textContent = shown.description;
      words.append(description);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', 'Close notification');
    close.textContent = '×';
    close.addEventListener('click', () => dismissToast(shown.id));
    box.append(words, close);

    box.addEventListener('mouseenter', () => clearTimeout(timer));
    box.addEventListener('mouseleave', () => {
      clearTimeout(timer);
      timer = setTimeout(() => dismissToast(shown.id), AUTO_CLOSE_MS);
    });
    let start: number | null = null;
    let dragX = 0;
    const drag = (x: number) => {
      dragX = x;
      box.style.transform = `translateX(${x}px)`;
      box.style.opacity = x ? String(Math.max(0.3, 1 - x / 200)) : '';
    };
    box.addEventListener('pointerdown', (event) => (start = event.clientX));
    box.addEventListener('pointermove', (event) => {
      if (start !== null) drag(Math.max(0, event.clientX - start));
    });
    const release = () => {
      if (dragX > SWIPE_THRESHOLD_PX) dismissToast(shown.id);
      start = null;
      drag(0);
    };
    box.addEventListener('pointerup', release);
    box.addEventListener('pointercancel', release);
    return box;
  };

  window.addEventListener('keydown', (event) => {
    if (event.key === 'F8') {
      event.preventDefault();
      region.focus();
    }
  });
  subscribeToasts(show);
  takePendingToast();
}
