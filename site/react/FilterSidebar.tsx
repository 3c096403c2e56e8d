// The filter sidebar of /puppies (docs/product.md §5): search, breed, price range 0–5000 in steps of 100 with the
// min/max rules, gender All/Male/Female, 'Available Only' and 'Health-tested parents' (decision 0121). Typed numbers apply on Enter or on leaving
// the field, so "1500" is not clamped at its first digit; non-numeric input is ignored.
// It is a real GET form to /puppies whose field names are the page's query parameters: without scripts
// "Apply filters" submits it and the server renders the result; with them every change applies at once.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { GENDERS, type BreedView } from '#contracts/puppies.ts';
import { formatPrice } from '../lib/format.ts';
import { Field } from './Field.tsx';
import {
  clampMax,
  clampMin,
  filtersFromSearch,
  parsePrice,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  type Filters,
  type ViewMode,
} from '../lib/puppy-filters.ts';

export const FILTER_FORM_ID = 'puppy-filter-form';

/** a breed as the select needs it */
export type BreedOption = Pick<BreedView, 'id' | 'name'>;

/** a field whose value is no longer the one the server rendered */
function changedByVisitor(element: Element): boolean {
  if (element instanceof HTMLInputElement) {
    return element.type === 'checkbox' || element.type === 'radio'
      ? element.checked !== element.defaultChecked
      : element.value !== element.defaultValue;
  }
  if (element instanceof HTMLSelectElement)
    return [...element.options].some((option) => option.selected !== option.defaultSelected);
  return false;
}

/** the filters of a form a visitor changed before hydration; null when the form is as the server sent it */
export function filtersInForm(form: HTMLElement | null, view: ViewMode): Filters | null {
  if (!(form instanceof HTMLFormElement) || ![...form.elements].some(changedByVisitor)) return null;
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return { ...filtersFromSearch(`?${params}`), view };
}

/** 'typing' changes are debounced before they reach the API and the address bar */
export type ChangeKind = 'typing' | 'choice';

interface Props {
  filters: Filters;
  breeds: BreedOption[] | undefined;
  onChange: (patch: Partial<Filters>, kind: ChangeKind) => void;
  onReset: () => void;
  /** the panel is folded away on small screens until opened */
  open: boolean;
}

export function FilterSidebar({ filters, breeds, onChange, onReset, open }: Props) {
  const id = useId();
  const [minDraft, setMinDraft] = useState(String(filters.minPrice));
  const [maxDraft, setMaxDraft] = useState(String(filters.maxPrice));
  useEffect(() => setMinDraft(String(filters.minPrice)), [filters.minPrice]);
  useEffect(() => setMaxDraft(String(filters.maxPrice)), [filters.maxPrice]);

  const commitMin = () => {
    const value = parsePrice(minDraft);
    if (value === undefined) return setMinDraft(String(filters.minPrice));
    const next = clampMin(value, filters.maxPrice);
    setMinDraft(String(next));
    if (next !== filters.minPrice) onChange({ minPrice: next }, 'choice');
  };
  const commitMax = () => {
    const value = parsePrice(maxDraft);
    if (value === undefined) return setMaxDraft(String(filters.maxPrice));
    const next = clampMax(value, filters.minPrice);
    setMaxDraft(String(next));
    if (next !== filters.maxPrice) onChange({ maxPrice: next }, 'choice');
  };

  // A breed linked by name ("?breed=Beagle") shows as that breed in the select.
  const breedValue = /^\d+$/.test(filters.breed)
    ? filters.breed
    : String(breeds?.find((b) => b.name.toLowerCase() === filters.breed.toLowerCase())?.id ?? '');
  const maxLabel = filters.maxPrice >= PRICE_MAX ? `${formatPrice(PRICE_MAX)}+` : formatPrice(filters.maxPrice);

  return (
    <form
      id={FILTER_FORM_ID}
      action="/puppies"
      method="get"
      className={`filter-panel${open ? ' is-open' : ''}`}
      aria-label="Filter puppies"
      onSubmit={(event) => {
        event.preventDefault();
        commitMin();
        commitMax();
      }}
    >
      <Field label="Search" id={`${id}-search`} noMessage>
        {(control) => (
          <input
            {...control}
            type="search"
            name="search"
            placeholder="Name, breed, gender or location"
            value={filters.search}
            maxLength={200}
            onChange={(event) => onChange({ search: event.target.value }, 'typing')}
          />
        )}
      </Field>

      <Field label="Breed" id={`${id}-breed`} noMessage>
        {(control) => (
          <select
            {...control}
            name="breed"
            value={breedValue}
            onChange={(event) => onChange({ breed: event.target.value }, 'choice')}
          >
            <option value="">All breeds</option>
            {breeds?.map((breed) => (
              <option key={breed.id} value={breed.id}>
                {breed.name}
              </option>
            ))}
            {filters.breed && !breedValue && <option value={filters.breed}>{filters.breed}</option>}
          </select>
        )}
      </Field>

      <fieldset className="price-range">
        <legend>Price range</legend>
        <p className="price-range-value" aria-live="polite">
          {formatPrice(filters.minPrice)} – {maxLabel}
        </p>
        <div className="price-inputs">
          <PriceField
            label="Min price ($)"
            id={`${id}-min`}
            name="minPrice"
            draft={minDraft}
            onDraft={setMinDraft}
            onCommit={commitMin}
          />
          <PriceField
            label="Max price ($)"
            id={`${id}-max`}
            name="maxPrice"
            draft={maxDraft}
            onDraft={setMaxDraft}
            onCommit={commitMax}
          />
        </div>
        <label className="range-label">
          <span className="visually-hidden">Minimum price</span>
          <input
            type="range"
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={PRICE_STEP}
            value={filters.minPrice}
            aria-valuetext={formatPrice(filters.minPrice)}
            onChange={(event) =>
              onChange({ minPrice: clampMin(Number(event.target.value), filters.maxPrice) }, 'typing')
            }
          />
        </label>
        <label className="range-label">
          <span className="visually-hidden">Maximum price</span>
          <input
            type="range"
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={PRICE_STEP}
            value={filters.maxPrice}
            aria-valuetext={maxLabel}
            onChange={(event) =>
              onChange({ maxPrice: clampMax(Number(event.target.value), filters.minPrice) }, 'typing')
            }
          />
        </label>
      </fieldset>

      <Field kind="group" label="Gender" noMessage>
        {() =>
          (['', ...GENDERS] as const).map((gender) => (
            <label key={gender || 'all'}>
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={filters.gender === gender}
                onChange={() => onChange({ gender }, 'choice')}
              />
              {gender || 'All'}
            </label>
          ))
        }
      </Field>

      <Field kind="check" label="Available Only" id={`${id}-available`} noMessage>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="status"
            value="available"
            checked={filters.status === 'available'}
            onChange={(event) => onChange({ status: event.target.checked ? 'available' : '' }, 'choice')}
          />
        )}
      </Field>
      <Field kind="check" label="Health-tested parents" id={`${id}-health-tested`} noMessage>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="healthTested"
            value="1"
            checked={filters.healthTested}
            onChange={(event) => onChange({ healthTested: event.target.checked }, 'choice')}
          />
        )}
      </Field>
      <Field kind="check" label="Verified breeders" id={`${id}-verified`} noMessage>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="verified"
            value="1"
            checked={filters.verified}
            onChange={(event) => onChange({ verified: event.target.checked }, 'choice')}
          />
        )}
      </Field>
      {/* The page reads the first "status": "available" when the box is ticked, otherwise this one. */}
      <input
        type="hidden"
        name="status"
        value={filters.status && filters.status !== 'available' ? filters.status : 'all'}
      />
      {/* Filters that arrive by link (home page cards and search) are kept by a submit. */}
      {filters.category && <input type="hidden" name="category" value={filters.category} />}
      {filters.location && <input type="hidden" name="location" value={filters.location} />}

      <button type="submit" className="filters-apply">
        Apply filters
      </button>
      <button type="button" className="secondary outline" onClick={onReset}>
        Reset filters
      </button>
    </form>
  );
}

/** a price typed in whole dollars: kept as typed until it is committed (on leaving the field or Enter) */
function PriceField({
  label,
  id,
  name,
  draft,
  onDraft,
  onCommit,
}: {
  label: string;
  id: string;
  name: 'minPrice' | 'maxPrice';
  draft: string;
  onDraft: (value: string) => void;
  onCommit: () => void;
}) {
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit();
    }
  };
  return (
    <Field label={label} id={id} noMessage>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          name={name}
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
          onBlur={onCommit}
          onKeyDown={onEnter}
        />
      )}
    </Field>
  );
}
