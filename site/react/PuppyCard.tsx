// A puppy in a list (docs/product.md §2 "Puppy list"): the grid card, the list row, their loading skeleton, the
// status badge and the favourite heart. Shared by /puppies, where Astro renders them to HTML with no React
// behind them (decision 0122), and the islands that list puppies (the Favorites tab of My Listings, a
// breeder's listings).
import type { PuppyStatus, PuppyView } from '#contracts/puppies.ts';
import { capitalise, formatAge, formatPrice, formatWeight } from '../lib/format.ts';
import { PuppyImage } from './PuppyImage.tsx';
import { BreederLine } from './BreederBadges.tsx';
import type { BreederSummary } from '#contracts/breeders.ts';
import '../styles/card.css';
import '../styles/shimmer.css';
import './PuppyCard.css';

export const DESCRIPTION_PREVIEW = 120;

export function statusLabel(status: PuppyStatus | string): string {
  return status === 'available' ? 'Available Now' : capitalise(status);
}

export function StatusBadge({ status, className = '' }: { status: PuppyStatus | string; className?: string }) {
  const known = status === 'available' || status === 'reserved' || status === 'adopted';
  return (
    <span className={`status-badge status-${known ? status : 'other'} ${className}`.trim()}>{statusLabel(status)}</span>
  );
}

export function FavoriteButton({
  puppy,
  favorited,
  onToggle,
}: {
  puppy: PuppyView;
  favorited: boolean;
  /** none in server HTML: site/scripts/favorite-hearts.ts finds the heart by its data-favorite */
  onToggle: ((puppy: PuppyView) => void) | undefined;
}) {
  return (
    <button
      type="button"
      className={`favorite-button${favorited ? ' is-favorite' : ''}`}
      aria-pressed={favorited}
      aria-label={`Save ${puppy.name} to favorites`}
      title={favorited ? 'Saved to your favorites' : 'Save to favorites'}
      data-favorite={onToggle ? undefined : puppy.id}
      data-name={onToggle ? undefined : puppy.name}
      onClick={onToggle && (() => onToggle(puppy))}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4.7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}

const imageAlt = (puppy: PuppyView) =>
  [`${puppy.name}, a`, puppy.gender.toLowerCase(), puppy.breed?.name, 'puppy'].filter(Boolean).join(' ');

interface CardProps {
  puppy: PuppyView;
  favorited: boolean;
  /** left out where the card is server HTML (decision 0122) */
  onToggleFavorite?: ((puppy: PuppyView) => void) | undefined;
  /** the first visible images load eagerly (LCP), the rest lazily */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** the seller's breeder page and earned badges (decision 0118), when they have a page */
  breeder?: BreederSummary | null;
}

/** a paid placement (docs/product.md §22, decision 0134): said in words, not only by place */
export function FeaturedLabel({ puppy }: { puppy: PuppyView }) {
  if (!puppy.featured) return null;
  return <p className="featured-label">Featured</p>;
}

export function PuppyCard({ puppy, favorited, onToggleFavorite, eager = false, headingLevel = 3, breeder }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card puppy-card">
      <div className="card-media photo-frame puppy-card-media">
        <PuppyImage
          src={puppy.imageUrl}
          alt={imageAlt(puppy)}
          sizes="(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 300px"
          eager={eager}
          width={640}
          height={480}
        />
        <StatusBadge status={puppy.status} className="on-image" />
        <FavoriteButton puppy={puppy} favorited={favorited} onToggle={onToggleFavorite} />
      </div>
      <div className="card-body">
        <FeaturedLabel puppy={puppy} />
        <Heading className="puppy-card-name">{puppy.name}</Heading>
        <BreedLine puppy={puppy} />
        <p className="puppy-card-price">{formatPrice(puppy.price)}</p>
        <SellerRatingLine puppy={puppy} />
        <PuppyFacts puppy={puppy} />
        <div className="puppy-card-footer">
          <a href={`/puppies/${puppy.id}`} className="btn" aria-label={`Details about ${puppy.name}`}>
            Details
          </a>
        </div>
        <BreederLine breeder={breeder} />
      </div>
    </article>
  );
}

/** the seller's rating from verified buyers (decision 0119); nothing before the first review */
export function SellerRatingLine({ puppy }: { puppy: PuppyView }) {
  const rating = puppy.sellerRating;
  if (!rating) return null;
  const reviews = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  return (
    <p className="puppy-card-rating">
      <span aria-hidden="true" className="puppy-card-star">
        ★
      </span>{' '}
      <span className="visually-hidden">Breeder rated </span>
      {rating.average.toFixed(1)}
      <span className="visually-hidden"> out of 5 from</span> ({reviews})
    </p>
  );
}

function BreedLine({ puppy }: { puppy: PuppyView }) {
  return (
    <p className="puppy-card-breed">
      {puppy.breed?.name ?? 'Mixed breed'} · {puppy.gender}
    </p>
  );
}

/**
 * age, weight, location with the ZIP code (the finest place shown, decision 0129) and, in a search near
 * a ZIP, the distance: each named for screen readers
 */
function PuppyFacts({ puppy }: { puppy: PuppyView }) {
  const zip = puppy.zip && !puppy.location.includes(puppy.zip) ? ` ${puppy.zip}` : '';
  return (
    <ul className="puppy-facts">
      <li>
        <span className="visually-hidden">Age: </span>
        {formatAge(puppy.age)}
      </li>
      <li>
        <span className="visually-hidden">Weight: </span>
        {formatWeight(puppy.weight)}
      </li>
      <li>
        <span className="visually-hidden">Location: </span>
        {`${puppy.location}${zip}`}
      </li>
      {puppy.distanceMiles !== undefined && (
        <li className="puppy-card-distance">
          <span aria-hidden="true">{`~${puppy.distanceMiles} mi away`}</span>
          <span className="visually-hidden">{`About ${puppy.distanceMiles} miles away`}</span>
        </li>
      )}
    </ul>
  );
}

export function descriptionPreview(text: string): string {
  return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : text;
}

export function PuppyListItem({ puppy, favorited, onToggleFavorite, eager = false, breeder }: CardProps) {
  return (
    <article className="puppy-list-item">
      <div className="puppy-list-media">
        <PuppyImage
          src={puppy.imageUrl}
          alt={imageAlt(puppy)}
          sizes="(max-width: 640px) 100vw, 240px"
          eager={eager}
          width={320}
          height={240}
        />
        <StatusBadge status={puppy.status} className="on-image" />
      </div>
      <div className="puppy-list-body">
        <FeaturedLabel puppy={puppy} />
        <div className="puppy-list-head">
          <h3 className="puppy-card-name">{puppy.name}</h3>
          <p className="puppy-card-price">{formatPrice(puppy.price)}</p>
          <FavoriteButton puppy={puppy} favorited={favorited} onToggle={onToggleFavorite} />
        </div>
        <BreedLine puppy={puppy} />
        <SellerRatingLine puppy={puppy} />
        <p className="puppy-list-description">{descriptionPreview(puppy.description)}</p>
        <PuppyFacts puppy={puppy} />
        <BreederLine breeder={breeder} />
        <a href={`/puppies/${puppy.id}`} aria-label={`View Details about ${puppy.name}`}>
          View Details
        </a>
      </div>
    </article>
  );
}

export function SkeletonCard() {
  return (
    <div className="card puppy-card skeleton-card" aria-hidden="true">
      <div className="skeleton skeleton-image" />
      <div className="card-body">
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
      </div>
    </div>
  );
}
