// /puppies (docs/product.md §2 "Puppy list"): the filter sidebar, Grid and List tabs, the count, search results
// line, skeletons, empty and error states, and "Load more" pages of 24 from the API. The server renders
// the first page for the address's filters (docs/decisions/0065); hydrated, the island keeps it and
// fetches only what a change in the browser asks for. The address bar holds the filters: written as they
// change and read on back/forward, so links, reload and the back button work. Search runs on the server
// (docs/decisions/0020).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PAGE_SIZE, type PuppyPage, type PuppyView } from '#contracts/puppies.ts';
import { api, ApiError } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { useFavorites } from '../lib/favorites.ts';
import {
  FILTER_FORM_ID,
  FilterSidebar,
  filtersInForm,
  type BreedOption,
  type ChangeKind,
} from '../react/FilterSidebar.tsx';
import { setJsonLd } from '../lib/head-tags.ts';
import { puppyItemList } from '../lib/structured-data.ts';
import { PuppyCard, PuppyListItem, SkeletonCard } from '../react/PuppyCard.tsx';
import {
  apiPath,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  searchResultsLine,
  totalText,
  type Filters,
  type ViewMode,
} from '../lib/puppy-filters.ts';
import { Field } from '../react/Field.tsx';
import { Tabs } from '../react/Tabs.tsx';
import './PuppyList.css';
import '../styles/empty-state.css';

const DEBOUNCE_MS = 350;
const SKELETONS = 6;

interface Results {
  items: PuppyView[];
  total: number;
  /** more matches than `total` (the API counts up to 1,000): shown as "1,000+" */
  totalCapped?: boolean;
  /** the sellers' breeder pages and badges, by seller id (decision 0118) */
  breeders: PuppyPage['breeders'];
}

type LoadState = 'loading' | 'ready' | 'error';

interface Props {
  /** what the server rendered: the address's filters, their first page and the breeds */
  initial: Results & { filters: Filters; breeds: BreedOption[] };
}

export default function PuppyList({ initial }: Props) {
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [applied, setApplied] = useState<Filters>(initial.filters);
  const [results, setResults] = useState<Results>({
    items: initial.items,
    total: initial.total,
    totalCapped: initial.totalCapped ?? false,
    breeders: initial.breeders,
  });
  const [state, setState] = useState<LoadState>('ready');
  const [loadingMore, setLoadingMore] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const breeds = initial.breeds;
  const favorites = useFavorites();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastKind = useRef<ChangeKind | null>(null);
  const request = useRef<AbortController | null>(null);
  const [retry, setRetry] = useState(0);
  // The server's page needs no fetch; every later query does.
  const rendered = useRef<string | null>(apiPath(initial.filters, 0));

  // The list the address names, after Back or Forward (only setters and refs: the same on every render).
  const showAddress = () => {
    clearTimeout(debounce.current);
    lastKind.current = null;
    const fromUrl = filtersFromSearch(window.location.search);
    setFilters(fromUrl);
    setApplied(fromUrl);
  };

  const fetchPage = useCallback(async (query: Filters, offset: number): Promise<PuppyPage | null> => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      return await api<PuppyPage>('GET', apiPath(query, offset), undefined, { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return null;
      toast({
        title: 'Failed to fetch puppies',
        description: error instanceof ApiError ? error.message : 'Please check your connection and try again.',
        variant: 'destructive',
      });
      throw error;
    }
  }, []);

  // A new set of filters starts again at the first page (switching Grid/List fetches nothing).
  const queryKey = apiPath(applied, 0);
  useEffect(() => {
    if (queryKey === rendered.current) {
      rendered.current = null;
      return;
    }
    rendered.current = null;
    let live = true;
    setState('loading');
    fetchPage(applied, 0).then(
      (page) => {
        if (!live || !page) return;
        setResults({ items: page.items, total: page.total, totalCapped: page.totalCapped, breeders: page.breeders });
        setState('ready');
      },
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
    // keyed by the query string: `applied` is read when the key changes
  }, [queryKey, fetchPage, retry]);

  // Structured data lists up to 10 of the puppies shown (docs/product.md §2); the server wrote the first one.
  useEffect(() => {
    setJsonLd('puppy-list-jsonld', puppyItemList(results.items, window.location.origin));
  }, [results.items]);

  const commit = (next: Filters, kind: ChangeKind) => {
    const url = `${window.location.pathname}${filtersToSearch(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) {
      // Consecutive typing is one history entry; every other change is a step the back button undoes.
      if (kind === 'typing' && lastKind.current === 'typing') window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    }
    lastKind.current = kind;
    setApplied(next);
  };

  const change = (patch: Partial<Filters>, kind: ChangeKind) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    clearTimeout(debounce.current);
    if (kind === 'typing') debounce.current = setTimeout(() => commit(next, kind), DEBOUNCE_MS);
    else commit(next, kind);
  };
  useEffect(() => () => clearTimeout(debounce.current), []);

  const reset = () => change({ ...DEFAULT_FILTERS, view: filters.view }, 'choice');

  // What a visitor typed or chose in the server's form before this script woke up is kept and applied.
  // A layout effect: it reads the fields before any re-render could write the state's values into them.
  // Otherwise, if the address moved on before then (Back or Forward to an entry of this page, which
  // the browser does without loading it again), the list shows what the address says now.
  // Back and Forward are heard from this same moment: a listener added in a later (passive) effect
  // missed a Back that landed in between, and the list kept the filters of the entry it left.
  useLayoutEffect(() => {
    window.addEventListener('popstate', showAddress);
    const typed = filtersInForm(document.getElementById(FILTER_FORM_ID), initial.filters.view);
    if (typed) change(typed, 'choice');
    else if (filtersToSearch(filtersFromSearch(window.location.search)) !== filtersToSearch(initial.filters))
      showAddress();
    return () => window.removeEventListener('popstate', showAddress);
    // once, on hydration: later changes go through `change` as they happen
  }, []);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const page = await fetchPage(applied, results.items.length);
      if (page)
        setResults((current) => ({
          items: [...current.items, ...page.items.filter((p) => !current.items.some((c) => c.id === p.id))],
          total: page.total,
          totalCapped: page.totalCapped,
          breeders: { ...current.breeders, ...page.breeders },
        }));
    } catch {
      // the toast has told the visitor; the button stays for another try
    } finally {
      setLoadingMore(false);
    }
  };

  const shownSearch = applied.search;
  const view = filters.view;
  const loading = state === 'loading';
  const capped = results.totalCapped === true;
  const countText = `${totalText(results.total, capped)} ${results.total === 1 && !capped ? 'puppy' : 'puppies'} ${filters.status === 'available' ? 'available' : 'found'}`;
  // past the counted total there are more pages: a full last page says so
  const hasMore = results.items.length < results.total || (capped && results.items.length % PAGE_SIZE === 0);

  return (
    <div className="puppy-browser">
      <div className="filters-column">
        <button
          type="button"
          className="filters-toggle secondary outline"
          aria-expanded={filtersOpen}
          aria-controls="puppy-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Hide filters' : 'Show filters'}
        </button>
        <div id="puppy-filters">
          <FilterSidebar filters={filters} breeds={breeds} onChange={change} onReset={reset} open={filtersOpen} />
        </div>
      </div>

      <section className="results-column" aria-labelledby="results-count">
        <div className="results-head">
          <div>
            <h2 id="results-count" className="results-count" aria-live="polite" aria-busy={loading}>
              {loading ? 'Loading puppies…' : countText}
            </h2>
            {shownSearch && !loading && (
              <p className="search-line">{searchResultsLine(shownSearch, results.total, capped)}</p>
            )}
            <ActiveChips filters={filters} onChange={change} />
          </div>
          <div className="results-tools">
            <Field label="Sort by" id="puppy-sort" className="sort-select" noMessage>
              {(control) => (
                <select
                  {...control}
                  name="sort"
                  form={FILTER_FORM_ID}
                  value={filters.sort}
                  onChange={(event) => change({ sort: event.target.value as Filters['sort'] }, 'choice')}
                >
                  <option value="newest">Newest</option>
                  <option value="price-asc">Price: low to high</option>
                  <option value="price-desc">Price: high to low</option>
                  <option value="age-asc">Youngest first</option>
                  <option value="rating">Best-rated breeders</option>
                </select>
              )}
            </Field>
            <ViewTabs view={view} onChange={(next) => change({ view: next }, 'choice')} />
          </div>
        </div>

        <div role="tabpanel" id="results-panel" aria-labelledby={`view-tab-${view}`}>
          {loading ? (
            <div className={view === 'grid' ? 'card-grid' : 'list-stack'}>
              {Array.from({ length: SKELETONS }, (_, i) => (
                <SkeletonCard key={i} />
              ))}
            </div>
          ) : state === 'error' ? (
            <div className="empty-state" role="alert">
              <h3>Failed to fetch puppies</h3>
              <p>Something went wrong while loading the puppies.</p>
              <button type="button" onClick={() => setRetry((n) => n + 1)}>
                Try again
              </button>
            </div>
          ) : results.items.length === 0 ? (
            <div className="empty-state">
              <h3>No puppies found</h3>
              <p>Try adjusting your filters to find more puppies.</p>
              <button type="button" className="secondary" onClick={reset}>
                Reset filters
              </button>
            </div>
          ) : (
            <>
              {/* Only the first photo is fetched early and at high priority: on a phone it is the card in
                  view (the largest paint), and a second such photo would share its bandwidth. */}
              <div className={view === 'grid' ? 'card-grid' : 'list-stack'}>
                {results.items.map((puppy, index) =>
                  view === 'grid' ? (
                    <PuppyCard
                      key={puppy.id}
                      puppy={puppy}
                      favorited={favorites.ids.has(puppy.id)}
                      onToggleFavorite={favorites.toggle}
                      eager={index === 0}
                      breeder={results.breeders[puppy.userId]}
                    />
                  ) : (
                    <PuppyListItem
                      key={puppy.id}
                      puppy={puppy}
                      favorited={favorites.ids.has(puppy.id)}
                      onToggleFavorite={favorites.toggle}
                      eager={index === 0}
                      breeder={results.breeders[puppy.userId]}
                    />
                  ),
                )}
              </div>
              <div className="load-more">
                <p>
                  Showing {results.items.length} of {totalText(results.total, capped)}
                </p>
                {hasMore && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={loadMore}
                    aria-busy={loadingMore}
                    disabled={loadingMore}
                  >
                    {loadingMore ? 'Loading…' : 'Load more puppies'}
                  </button>
                )}
              </div>
            </>
          )}
        </div>
      </section>
    </div>
  );
}

const VIEWS = [
  { id: 'grid', label: 'Grid' },
  { id: 'list', label: 'List' },
] as const satisfies ReadonlyArray<{ id: ViewMode; label: string }>;

function ViewTabs({ view, onChange }: { view: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <Tabs
      tabs={VIEWS}
      selected={view}
      onSelect={onChange}
      tabId={(name) => `view-tab-${name}`}
      controls={() => 'results-panel'}
      label="Show puppies as"
      className="view-tabs"
      idleClassName="outline secondary"
    />
  );
}

/** category and location come from links (home page); they show as chips that can be removed */
function ActiveChips({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>, kind: ChangeKind) => void;
}) {
  const chips = [
    filters.category && { key: 'category', label: `Category: ${filters.category}`, patch: { category: '' } },
    filters.location && { key: 'location', label: `Location: ${filters.location}`, patch: { location: '' } },
  ].filter(Boolean) as Array<{ key: string; label: string; patch: Partial<Filters> }>;
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          {chip.label}
          <button
            type="button"
            className="chip-remove"
            aria-label={`Remove ${chip.label}`}
            onClick={() => onChange(chip.patch, 'choice')}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
