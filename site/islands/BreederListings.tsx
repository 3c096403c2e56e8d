// A breeder page's live listings (decision 0118): the site's one card (PuppyCard), with the favourite
// heart, which is why this is an island; the cards are in the HTML before it hydrates.
import type { BreederSummary } from '#contracts/breeders.ts';
import type { PuppyView } from '#contracts/puppies.ts';
import { useFavorites } from '../lib/favorites.ts';
import { PuppyCard } from '../react/PuppyCard.tsx';

export default function BreederListings({ puppies, breeder }: { puppies: PuppyView[]; breeder: BreederSummary }) {
  const favorites = useFavorites();
  if (puppies.length === 0) return <p>No puppies listed right now. New litters appear here first.</p>;
  return (
    <div className="card-grid">
      {puppies.map((puppy, index) => (
        <PuppyCard
          key={puppy.id}
          puppy={puppy}
          favorited={favorites.ids.has(puppy.id)}
          onToggleFavorite={favorites.toggle}
          eager={index === 0}
          breeder={breeder}
        />
      ))}
    </div>
  );
}
