// The one script of /puppies (decision 0122). The page works without it: the filter form submits, the
// pager's links page. With it, every change applies at once:
// - a change of the form (typing is debounced) writes the address and fetches the results for it as HTML
//   from /puppies/results, rendered by the page's own component, which replaces the results in place;
// - the results' links (pages, Grid/List, a chip, Reset) do the same without reloading the page;
// - Back and Forward show the list the address names, and set the form to it;
// - "Load more puppies" adds the next page's cards under these;
// - focus stays on the control in use, and moves to the count after paging.
// What a visitor typed or chose before this script arrived is in the form, and is applied at once.
// Distance (decision 0129): a whole ZIP code applies as it is typed; the results say what is wrong with
// it and the message goes by the field; "Use my location" asks the browser for a position, rounds it to
// one decimal place (about 7 miles) and asks /api/zips/nearest for the ZIP, which fills the field: the
// position itself never leaves the page.
import { PAGE_SIZE, type NearestZipView } from '#contracts/puppies.ts';
import { formatPrice } from '../lib/format.ts';
import {
  DEFAULT_FILTERS,
  clampMax,
  clampMin,
  FILTER_FORM_ID,
  filtersFromSearch,
  filtersToSearch,
  pageHref,
  parsePrice,
  PRICE_MAX,
  type Filters,
} from '../lib/puppy-filters.ts';
import { toast } from '../lib/toast.ts';
import { markHearts, watchHearts } from './favorite-hearts.ts';
import { watchPhotos } from './photo-fallback.ts';

const DEBOUNCE_MS = 350;
const RESULTS_PATH = '/puppies/results';

type ChangeKind = 'typing' | 'choice';

const form = document.getElementById(FILTER_FORM_ID) as HTMLFormElement | null;
const region = document.querySelector<HTMLElement>('[data-results]');
const status = document.querySelector<HTMLElement>('[data-results-status]');

if (form && region) enhance(form, region);

function enhance(form: HTMLFormElement, region: HTMLElement): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastKind: ChangeKind | null = null;
  let request: AbortController | null = null;
  const field = (selector: string) => form.querySelector<HTMLInputElement>(selector)!;
  const minField = field('[data-price="min"]');
  const maxField = field('[data-price="max"]');
  const minSlider = field('[data-slider="min"]');
  const maxSlider = field('[data-slider="max"]');
  const priceLabel = form.querySelector<HTMLElement>('[data-price-label]')!;
  const nearField = field('[data-near]');
  const nearMessage = form.querySelector<HTMLElement>('[data-near-message]')!;

  /** the ZIP field's message, from the results (or "Use my location"); '' clears it */
  const showNearMessage = (message: string) => {
    nearMessage.textContent = message;
    if (message) nearField.setAttribute('aria-invalid', 'true');
    else nearField.removeAttribute('aria-invalid');
  };

  /** the filters the form holds now; the sort select belongs to it through its `form` attribute */
  const formFilters = (): Filters => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
    return filtersFromSearch(`?${params}`);
  };

  const showPrices = (min: number, max: number) => {
    const maxText = max >= PRICE_MAX ? `${formatPrice(PRICE_MAX)}+` : formatPrice(max);
    priceLabel.textContent = `${formatPrice(min)} – ${maxText}`;
    minSlider.value = String(min);
    maxSlider.value = String(max);
    minSlider.setAttribute('aria-valuetext', formatPrice(min));
    maxSlider.setAttribute('aria-valuetext', maxText);
  };

  /** the form as an address names it (Back, Forward, a chip, Reset, Grid/List) */
  const setForm = (filters: Filters) => {
    form.reset();
    const set = (name: string, value: string) => {
      for (const element of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)) {
        if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox'))
          element.checked = element.value === value;
        else if (!(element instanceof HTMLInputElement && element.type === 'hidden')) element.value = value;
      }
    };
    set('search', filters.search);
    const breed = form.querySelector<HTMLSelectElement>('select[name="breed"]')!;
    const byName = [...breed.options].find((o) => o.text.toLowerCase() === filters.breed.toLowerCase());
    breed.value = byName && !/^\d+$/.test(filters.breed) ? byName.value : filters.breed;
    if (breed.value !== filters.breed && !byName) breed.value = '';
    minField.value = String(filters.minPrice);
    maxField.value = String(filters.maxPrice);
    showPrices(filters.minPrice, filters.maxPrice);
    set('gender', filters.gender);
    field('input[type="checkbox"][name="status"]').checked = filters.status === 'available';
    field('input[type="hidden"][name="status"]').value =
      filters.status && filters.status !== 'available' ? filters.status : 'all';
    set('healthTested', filters.healthTested ? '1' : '');
    set('verified', filters.verified ? '1' : '');
    set('near', filters.near);
    set('within', filters.within);
    setHidden('category', filters.category);
    setHidden('location', filters.location);
    setHidden('view', filters.view === 'grid' ? '' : filters.view);
    const sort = document.querySelector<HTMLSelectElement>('#puppy-sort');
    if (sort) sort.value = filters.sort;
    // Reset keeps only how the list is shown
    const reset = form.querySelector<HTMLAnchorElement>('.filters-reset');
    if (reset) reset.href = pageHref({ ...DEFAULT_FILTERS, view: filters.view }, 1);
  };

  /** the link-only filters and the view ride along in hidden fields, present only when set */
  const setHidden = (name: string, value: string) => {
    let input = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
    if (!value) return input?.remove();
    if (!input) {
      input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      form.querySelector('.filters-apply')!.before(input);
    }
    input.value = value;
  };

  /** fetches the results an address names and puts them in place; `page` moves focus to the count */
  const show = async (search: string, { focus = false }: { focus?: boolean } = {}) => {
    request?.abort();
    const controller = new AbortController();
    request = controller;
    const active = document.activeElement;
    const focusKey = active && region.contains(active) ? focusKeyOf(active) : null;
    showLoading(region);
    try {
      const response = await fetch(`${RESULTS_PATH}${search}`, { signal: controller.signal });
      if (!response.ok) throw new Error(`${response.status}`);
      const html = await response.text();
      if (controller.signal.aborted) return;
      region.innerHTML = html;
      afterSwap(region);
      if (focus) region.querySelector<HTMLElement>('#results-count')?.focus();
      else if (focusKey) refocus(region, focusKey);
    } catch {
      if (controller.signal.aborted) return;
      toast({
        title: 'Failed to fetch puppies',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
      showFailure(region, () => void show(search, { focus }));
    }
  };

  const afterSwap = (root: HTMLElement) => {
    region.removeAttribute('aria-busy');
    const results = root.querySelector<HTMLElement>('.puppy-results');
    const count = results?.dataset.count ?? '';
    if (status) status.textContent = count;
    showNearMessage(results?.dataset.nearError ?? '');
    markHearts(root);
  };

  const go = (url: string, kind: ChangeKind | 'link', focus = false) => {
    // a change that names the list already shown (a price clamped back to itself) fetches nothing
    if (url === `${location.pathname}${location.search}`) return;
    // Consecutive typing is one history entry; every other change is a step the back button undoes.
    if (kind === 'typing' && lastKind === 'typing') history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    lastKind = kind === 'link' ? 'choice' : kind;
    void show(new URL(url, location.href).search, { focus });
  };

  /** a change of the form: back to the first page of what it now holds */
  const apply = (kind: ChangeKind) => {
    clearTimeout(timer);
    const url = `/puppies${filtersToSearch(formFilters())}`;
    if (kind === 'typing') timer = setTimeout(() => go(url, kind), DEBOUNCE_MS);
    else go(url, kind);
  };

  // Typed prices apply on Enter or on leaving the field, clamped (docs/product.md §5), so "1500" is not
  // clamped at its first digit; words are ignored.
  const commitPrice = (which: 'min' | 'max') => {
    const min = parsePrice(minField.value);
    const max = parsePrice(maxField.value);
    if (which === 'min')
      minField.value = String(min === undefined ? minSlider.value : clampMin(min, Number(maxField.value)));
    else maxField.value = String(max === undefined ? maxSlider.value : clampMax(max, Number(minField.value)));
    showPrices(Number(minField.value), Number(maxField.value));
    apply('choice');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (document.activeElement === minField) commitPrice('min');
    else if (document.activeElement === maxField) commitPrice('max');
    else apply('choice');
  });
  form.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.type === 'search') apply('typing');
    // a whole ZIP applies at once; a part of one waits for Enter or leaving the field
    else if (target === nearField) {
      if (/^\d{5}$/.test(target.value.trim())) apply('typing');
    } else if (target === minSlider) {
      minSlider.value = String(clampMin(Number(minSlider.value), Number(maxField.value)));
      minField.value = minSlider.value;
      showPrices(Number(minField.value), Number(maxField.value));
      apply('typing');
    } else if (target === maxSlider) {
      maxSlider.value = String(clampMax(Number(maxSlider.value), Number(minField.value)));
      maxField.value = maxSlider.value;
      showPrices(Number(minField.value), Number(maxField.value));
      apply('typing');
    }
  });
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    if (target === minField) commitPrice('min');
    else if (target === maxField) commitPrice('max');
    else if (
      target instanceof HTMLSelectElement ||
      (target instanceof HTMLInputElement && target.type !== 'search' && target.type !== 'range')
    )
      apply('choice');
  });
  // the sort select sits with the results, in the form by its `form` attribute
  region.addEventListener('change', (event) => {
    if ((event.target as HTMLElement).id === 'puppy-sort') apply('choice');
  });

  // The results' links and Reset: the same address, without a reload.
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-list-link]');
    if (!link || !(region.contains(link) || form.contains(link))) return;
    event.preventDefault();
    const url = new URL(link.href);
    clearTimeout(timer);
    setForm(filtersFromSearch(url.search));
    go(`${url.pathname}${url.search}`, 'link', link.hasAttribute('data-page-link') || form.contains(link));
  });

  // "Load more puppies": the next page's cards under these, the address naming the last page shown.
  region.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-load-more]');
    if (!button || button.disabled) return;
    const href = button.dataset.loadMore!;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = 'Loading…';
    try {
      const response = await fetch(`${RESULTS_PATH}${new URL(href, location.href).search}`);
      if (!response.ok) throw new Error(`${response.status}`);
      const next = document.createElement('template');
      next.innerHTML = await response.text();
      appendPage(region, next.content);
      history.replaceState(null, '', href);
    } catch {
      toast({
        title: 'Failed to fetch puppies',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
      button.disabled = false;
      button.removeAttribute('aria-busy');
      button.textContent = 'Load more puppies';
    }
  });

  // "Use my location": only where the browser can tell a position
  const locate = form.querySelector<HTMLButtonElement>('[data-use-location]');
  if (locate && 'geolocation' in navigator) {
    locate.hidden = false;
    locate.addEventListener('click', () => {
      locate.disabled = true;
      locate.setAttribute('aria-busy', 'true');
      const done = (message: string) => {
        locate.disabled = false;
        locate.removeAttribute('aria-busy');
        if (message) showNearMessage(message);
      };
      navigator.geolocation.getCurrentPosition(
        async (position) => {
          // one decimal place: the page never sends the position more closely than about 7 miles
          const lat = position.coords.latitude.toFixed(1);
          const lon = position.coords.longitude.toFixed(1);
          try {
            const response = await fetch(`/api/zips/nearest?lat=${lat}&lon=${lon}`);
            const body = (await response.json()) as NearestZipView & { error?: { message: string } };
            if (!response.ok) return done(body.error?.message ?? 'We could not find your ZIP code. Please type it.');
            nearField.value = body.zip;
            done('');
            apply('choice');
          } catch {
            done('We could not find your ZIP code. Please type it.');
          }
        },
        () => done('We could not get your location. Please type your ZIP code.'),
        { maximumAge: 600_000, timeout: 15_000 },
      );
    });
  }

  // The mobile toggle folds the form away until it is opened (puppy-list.css).
  const toggle = document.querySelector<HTMLButtonElement>('[data-filters-toggle]');
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide filters' : 'Show filters';
    form.classList.toggle('is-open', open);
  });

  window.addEventListener('popstate', () => {
    clearTimeout(timer);
    lastKind = null;
    setForm(filtersFromSearch(location.search));
    void show(location.search);
  });

  watchHearts(region);
  watchPhotos(region);
  form.dataset.enhanced = '';

  // What was typed or chosen before this script arrived is applied now; otherwise, if the address moved
  // on before then (Back to an entry of this page, which the browser shows without loading it), the
  // list shows what the address says now.
  if ([...form.elements].some(changedByVisitor) || changedByVisitor(document.querySelector('#puppy-sort')))
    apply('choice');
  else if (filtersToSearch(filtersFromSearch(location.search)) !== filtersToSearch(formFilters())) {
    setForm(filtersFromSearch(location.search));
    void show(location.search);
  }
}

/** a field whose value is no longer the one the server rendered */
function changedByVisitor(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) {
    if (element.type === 'hidden') return false;
    return element.type === 'checkbox' || element.type === 'radio'
      ? element.checked !== element.defaultChecked
      : element.value !== element.defaultValue;
  }
  if (element instanceof HTMLSelectElement)
    return [...element.options].some((option) => option.selected !== option.defaultSelected);
  return false;
}

/** what names a control across a swap: its id, or the key a link carries */
function focusKeyOf(element: Element): string | null {
  if (element.id) return `#${element.id}`;
  const key = element.getAttribute('data-focus-key');
  return key ? `[data-focus-key="${key}"]` : null;
}

function refocus(root: HTMLElement, key: string): void {
  const target = root.querySelector<HTMLElement>(key) ?? root.querySelector<HTMLElement>('#results-count');
  target?.focus();
}

/** six skeleton cards in place of the cards, and the count says it is loading (docs/product.md §2) */
function showLoading(region: HTMLElement): void {
  region.setAttribute('aria-busy', 'true');
  const count = region.querySelector('#results-count');
  if (count) count.textContent = 'Loading puppies…';
  region.querySelector('.search-line')?.remove();
  region.querySelector('[data-pager]')?.remove();
  const panel = region.querySelector('[data-results-panel]');
  const skeletons = document.querySelector<HTMLTemplateElement>('#puppy-skeletons');
  if (!panel || !skeletons) return;
  const view = new URLSearchParams(location.search).get('view') === 'list' ? 'list-stack' : 'card-grid';
  const box = document.createElement('div');
  box.className = view;
  box.append(skeletons.content.cloneNode(true));
  panel.replaceChildren(box);
}

function showFailure(region: HTMLElement, retry: () => void): void {
  region.removeAttribute('aria-busy');
  const panel = region.querySelector('[data-results-panel]');
  const count = region.querySelector('#results-count');
  if (count) count.textContent = 'Failed to fetch puppies';
  if (!panel) return;
  const box = document.createElement('div');
  box.className = 'empty-state';
  box.setAttribute('role', 'alert');
  const heading = document.createElement('h3');
  heading.textContent = 'Failed to fetch puppies';
  const text = document.createElement('p');
  text.textContent = 'Something went wrong while loading the puppies.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Try again';
  button.addEventListener('click', retry);
  box.append(heading, text, button);
  panel.replaceChildren(box);
}

/** the next page's cards after these; its pager replaces this one; focus goes to the first new card */
function appendPage(region: HTMLElement, next: DocumentFragment): void {
  const cards = region.querySelector('[data-cards]');
  const newCards = next.querySelector('[data-cards]');
  if (!cards || !newCards) return;
  const known = new Set([...cards.querySelectorAll('a[href^="/puppies/"]')].map((a) => a.getAttribute('href')));
  const added = [...newCards.children].filter(
    (card) => !known.has(card.querySelector('a[href^="/puppies/"]')?.getAttribute('href') ?? null),
  );
  // only the page's first photo loads early
  for (const image of newCards.querySelectorAll('img')) {
    image.loading = 'lazy';
    image.removeAttribute('fetchpriority');
  }
  cards.append(...added);
  const pager = region.querySelector('[data-pager]');
  const nextPager = next.querySelector('[data-pager]');
  if (pager && nextPager) {
    // the cards shown now run from the first one of the page the visitor opened
    const firstPage = Number(region.querySelector<HTMLElement>('.puppy-results')?.dataset.page ?? 1);
    const from = (firstPage - 1) * PAGE_SIZE + 1;
    const showing = nextPager.querySelector('[data-showing]');
    const total = showing?.textContent?.replace(/^.* of /, '') ?? '';
    if (showing) showing.textContent = `Showing ${from}–${from + cards.children.length - 1} of ${total}`;
    pager.replaceWith(nextPager);
  }
  markHearts(region);
  added[0]?.querySelector<HTMLAnchorElement>('a[href^="/puppies/"]')?.focus();
}
