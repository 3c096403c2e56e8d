// Featured puppies on the home page (docs/product.md §2). The home page is pre-rendered; its featured row is a
// server island (components/home/FeaturedListings.astro) that renders this with the puppies the server
// holds now. Without them (no server at hand) it asks GET /api/puppies/featured, showing skeleton cards
// of the real cards' size meanwhile, so nothing below moves when they arrive.
import type { PuppyView } from '#contracts/puppies.ts';
import { PuppyImage } from '../react/PuppyImage.tsx';
import { formatAge, formatPrice } from '../lib/format.ts';
import { useApi } from '../lib/swr.ts';
import { useBreederLines } from '../lib/breeder-lines.ts';
import type { BreederSummariesResponse } from '#contracts/breeders.ts';
import '../styles/card.css';
import '../styles/shimmer.css';
import './FeaturedPuppies.css';

/** One row on desktop, two on tablets. */
export const FEATURED_SHOWN = 4;

export default function FeaturedPuppies({
  puppies: given,
  breeders: givenLines,
}: {
  puppies?: PuppyView[];
  /** each card's breeder line by seller id, when the server rendered them (FeaturedListings.astro) */
  breeders?: BreederSummariesResponse;
}) {
  const { data: fetched, error, isLoading } = useApi<PuppyView[]>(given ? null : '/api/puppies/featured');
  const data = given ?? fetched;
  const fetchedLines = useBreederLines(givenLines ? undefined : data?.slice(0, FEATURED_SHOWN));
  const breeders = givenLines ?? fetchedLines;

  if (!given && (isLoading || (!data && !error))) return <FeaturedSkeleton />;

  const puppies = (data ?? []).slice(0, FEATURED_SHOWN);
  if (error || puppies.length === 0) {
    return (
      <div className="featured-empty">
        <p>
          {error
            ? 'Featured puppies could not be loaded right now.'
            : 'No featured puppies right now: new litters arrive every week.'}
        </p>
        <a href="/puppies" className="btn">
          Browse all puppies
        </a>
      </div>
    );
  }

  return (
    <ul className="featured-grid">
      {puppies.map((puppy) => (
        <li key={puppy.id} className="card card-linked featured-card">
          <div className="card-media photo-frame featured-media">
            <PuppyImage
              src={puppy.imageUrl}
              alt={`${puppy.name}, a ${puppy.breed?.name ?? ''} puppy`}
              sizes="(min-width: 1024px) 280px, (min-width: 576px) 45vw, calc(100vw - 2rem)"
              width={1200}
              height={900}
            />
            {/* only a listing a plan features says so (decision 0134); newer listings fill the row */}
            {puppy.featured && <span className="featured-badge">Featured</span>}
          </div>
          <div className="card-body featured-body">
            <div className="featured-title">
              <h3>
                <a href={`/puppies/${puppy.id}`}>{puppy.name}</a>
              </h3>
              <strong className="featured-price">{formatPrice(puppy.price)}</strong>
            </div>
            <p className="featured-meta">
              {puppy.breed?.name ?? 'Mixed breed'} · {puppy.gender}
            </p>
            <p className="featured-where">
              <span className="featured-age">{formatAge(puppy.age)} · </span>
              {puppy.location}
            </p>
            {/* the kennel only: the badges would make this short card tall (they are on /puppies) */}
            {breeders[puppy.userId] && (
              <p className="breeder-line featured-breeder">
                Sold by <a href={`/breeders/${breeders[puppy.userId]!.slug}`}>{breeders[puppy.userId]!.kennelName}</a>
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** a row of cards' shapes while the puppies are on their way */
export function FeaturedSkeleton() {
  return (
    <div className="featured-loading">
      <p className="visually-hidden" role="status">
        Loading featured puppies…
      </p>
      <div className="featured-grid" aria-hidden="true">
        {Array.from({ length: FEATURED_SHOWN }, (_, i) => (
          <div key={i} className="card featured-card featured-skeleton">
            <div className="card-media photo-frame featured-media" />
            <div className="card-body featured-body">
              <span className="sk sk-title" />
              <span className="sk sk-line" />
              <span className="sk sk-line short" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
