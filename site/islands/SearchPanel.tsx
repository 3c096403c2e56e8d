// The home search panel (docs/product.md §2 "Home"): tab Find My Puppy (breed, price band, location → /puppies with
// breed, minPrice, maxPrice, location) and tab Become a Seller (a form that submits nothing, and a Get
// Started link to /sellers). Keyboard: the tabs follow the ARIA tabs pattern (arrows, Home, End).
// Find My Puppy is a real GET form to /puppies (the server turns `price` into minPrice/maxPrice), so it
// works before and without this script; its selects are uncontrolled, so a choice made before
// hydration stays, and the submit reads what the fields hold. The breeds are the product's list
// (#contracts/breeds.ts), so they are in the pre-rendered HTML too; a breed is sent by name, which
// /puppies and the API take as well as an id (decision 0098). A chosen breed offers its page
// (/breeds/{slug}, decision 0130) under the form; without the script, the results name it instead.
// A seller is never invited to become one (decision 0137): the Become a Seller tab is hidden by CSS while
// the page is its HTML (html.is-seller, from the session hint) and left out once the island runs, so the
// tabs' arrow keys never land on it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BREED_NAMES, breedSlug } from '#contracts/breeds.ts';
import { PRICE_BANDS, REGIONS } from '#contracts/puppies.ts';
import { Field } from '../react/Field.tsx';
import { Tabs } from '../react/Tabs.tsx';
import './SearchPanel.css';

interface Props {
  heading: string;
  findPuppyText: string;
  becomeSellerText: string;
}

type Tab = 'find' | 'seller';
const TABS: { id: Tab; label: string }[] = [
  { id: 'find', label: 'Find My Puppy' },
  { id: 'seller', label: 'Become a Seller' },
];

/** The locations of docs/product.md §9: the contract's regions, each with its name capitalised. */
export const LOCATIONS = REGIONS.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

/** The /puppies address for the chosen filters; unchosen ones are left out. */
export function searchUrl(choice: { breed: string; price: string; location: string }): string {
  const params = new URLSearchParams();
  if (choice.breed) params.set('breed', choice.breed);
  const band = PRICE_BANDS.find((b) => b.value === choice.price);
  if (band) {
    params.set('minPrice', String(band.min));
    if (band.max !== undefined) params.set('maxPrice', String(band.max));
  }
  if (choice.location) params.set('location', choice.location);
  const query = params.toString();
  return query ? `/puppies?${query}` : '/puppies';
}

/** whether the page is a seller's: the head script's guess, corrected by the header's script (decision 0137) */
function useIsSeller(): boolean {
  // false on the server and at hydration, so the island's first render matches the HTML
  const [seller, setSeller] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setSeller(root.classList.contains('is-seller'));
    read();
    const watch = new MutationObserver(read);
    watch.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => watch.disconnect();
  }, []);
  return seller;
}

export default function SearchPanel({ heading, findPuppyText, becomeSellerText }: Props) {
  const [tab, setTab] = useState<Tab>('find');
  const seller = useIsSeller();
  const breedSelect = useRef<HTMLSelectElement>(null);
  const [breed, setBreed] = useState('');
  // a breed chosen before the island woke is in the select already
  useEffect(() => setBreed(breedSelect.current?.value ?? ''), []);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    window.location.assign(searchUrl({ breed: field('breed'), price: field('price'), location: field('location') }));
  };

  return (
    <div className="search-panel">
      <div className="search-panel-head">
        <h2 id="search-panel-heading">{heading}</h2>
        <Tabs
          tabs={seller ? TABS.filter((t) => t.id !== 'seller') : TABS}
          selected={tab}
          onSelect={setTab}
          tabId={(id) => `search-tab-${id}`}
          controls={(id) => `search-panel-${id}`}
          labelledBy="search-panel-heading"
          className="search-tabs"
        />
      </div>

      <div role="tabpanel" id="search-panel-find" aria-labelledby="search-tab-find" hidden={tab !== 'find'}>
        <p className="search-panel-text">{findPuppyText}</p>
        <form className="search-find" onSubmit={onSearch} action="/puppies" method="get" aria-label="Find My Puppy">
          <Field label="Breed" noMessage>
            {(control) => (
              <select
                {...control}
                ref={breedSelect}
                name="breed"
                defaultValue=""
                onChange={(event) => setBreed(event.currentTarget.value)}
              >
                <option value="">Any breed</option>
                {BREED_NAMES.map((breed) => (
                  <option key={breed} value={breed}>
                    {breed}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Price range" noMessage>
            {(control) => (
              <select {...control} name="price" defaultValue="">
                <option value="">Any price</option>
                {PRICE_BANDS.map((band) => (
                  <option key={band.value} value={band.value}>
                    {band.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Location" noMessage>
            {(control) => (
              <select {...control} name="location" defaultValue="">
                <option value="">Anywhere</option>
                {LOCATIONS.map((location) => (
                  <option key={location.value} value={location.value}>
                    {location.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit">Search Puppies</button>
        </form>
        {breed && (
          <p className="search-breed-link">
            <a href={`/breeds/${breedSlug(breed)}`}>About the {breed}: temperament, care and health tests</a>
          </p>
        )}
      </div>

      <div
        role="tabpanel"
        id="search-panel-seller"
        aria-labelledby="search-tab-seller"
        hidden={seller || tab !== 'seller'}
      >
        <p className="search-panel-text">{becomeSellerText}</p>
        {/* docs/product.md §2: this form submits nothing; Get Started leads to the full application on /sellers. */}
        <form className="search-seller" onSubmit={(event) => event.preventDefault()} aria-label="Become a Seller">
          <Field label="Business name" className="span-2" noMessage>
            {(control) => <input {...control} name="businessName" autoComplete="organization" />}
          </Field>
          <Field label="First name" noMessage>
            {(control) => <input {...control} name="firstName" autoComplete="given-name" />}
          </Field>
          <Field label="Last name" noMessage>
            {(control) => <input {...control} name="lastName" autoComplete="family-name" />}
          </Field>
          <Field label="Email" noMessage>
            {(control) => <input {...control} name="email" type="email" autoComplete="email" />}
          </Field>
          <Field label="Phone" noMessage>
            {(control) => <input {...control} name="phone" type="tel" autoComplete="tel" />}
          </Field>
          <p className="span-2 search-seller-actions">
            <a href="/sellers" className="btn">
              Get Started
            </a>
          </p>
        </form>
      </div>
    </div>
  );
}
