// /puppies/{id}: one puppy, loaded by the id in the address bar (walking skeleton; the listings issue
// completes gallery, tabs, inquiry and sharing).
import { useEffect, useState } from 'react';
import type { PuppyView } from '#contracts/puppies.ts';
import { PuppyImage } from '../components/PuppyImage.tsx';
import { capitalise, formatAge, formatPrice, formatWeight } from '../lib/format.ts';
import { useApi } from '../lib/swr.ts';

export default function PuppyDetail() {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    setId(decodeURIComponent(window.location.pathname.split('/')[2] ?? ''));
  }, []);
  const { data: puppy, error, isLoading } = useApi<PuppyView>(id ? `/api/puppies/${encodeURIComponent(id)}` : null);

  useEffect(() => {
    if (puppy) document.title = `${puppy.name}, ${puppy.breed?.name ?? 'puppy'} | PuppyNest`;
  }, [puppy]);

  if (error) {
    return (
      <article>
        <h1>Puppy Not Found</h1>
        <p>This puppy may have been adopted or removed.</p>
        <a href="/puppies" className="btn">Browse available puppies</a>
      </article>
    );
  }
  if (isLoading || !puppy) return <p aria-busy="true">Loading puppy…</p>;
  return (
    <article>
      <PuppyImage src={puppy.imageUrl} alt={`${puppy.name}, a ${puppy.breed?.name ?? ''} puppy`} sizes="(max-width: 800px) 100vw, 800px" eager />
      <h1>{puppy.name}</h1>
      <p>
        <mark>{puppy.status === 'available' ? 'Available Now' : capitalise(puppy.status)}</mark>
      </p>
      <dl>
        <dt>Breed</dt>
        <dd>{puppy.breed?.name}</dd>
        <dt>Gender</dt>
        <dd>{puppy.gender}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(puppy.price)}</dd>
        <dt>Age</dt>
        <dd>{formatAge(puppy.age)}</dd>
        <dt>Weight</dt>
        <dd>{formatWeight(puppy.weight)}</dd>
        <dt>Location</dt>
        <dd>{puppy.location}</dd>
      </dl>
      <p>{puppy.description}</p>
    </article>
  );
}
