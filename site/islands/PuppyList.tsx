// /puppies: the catalogue from the API (walking skeleton; the listings issue completes this screen).
import type { PuppyView } from '#contracts/puppies.ts';
import { PuppyImage } from '../components/PuppyImage.tsx';
import { formatAge, formatPrice, formatWeight } from '../lib/format.ts';
import { useApi } from '../lib/swr.ts';

export default function PuppyList() {
  const { data, error, isLoading } = useApi<PuppyView[]>('/api/puppies?status=available');
  if (error) return <p role="alert">Failed to fetch puppies</p>;
  if (isLoading || !data) return <p aria-busy="true">Loading puppies…</p>;
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">{data.length} puppies available</h2>
      <div className="card-grid">
        {data.map((puppy, index) => (
          <article key={puppy.id} className="puppy-card">
            <PuppyImage src={puppy.imageUrl} alt={`${puppy.name}, a ${puppy.breed?.name ?? ''} puppy`} sizes="(max-width: 600px) 100vw, 300px" eager={index < 2} />
            <div className="body">
              <h3>{puppy.name}</h3>
              <p>
                {puppy.breed?.name} · {puppy.gender}
                <br />
                <strong>{formatPrice(puppy.price)}</strong> · {formatAge(puppy.age)} · {formatWeight(puppy.weight)}
                <br />
                {puppy.location}
              </p>
              <a href={`/puppies/${puppy.id}`} className="btn" aria-label={`Details about ${puppy.name}`}>
                Details
              </a>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
