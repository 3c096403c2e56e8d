// /edit-puppy/{id} (docs/product.md §2 "Edit puppy", docs/product.md §6, docs/decisions/0022): the owner's listing in the shared form;
// 'Puppy not found' for an unknown id or one that is not the visitor's to edit.
import { useEffect, useState } from 'react';
import type { UserView } from '#contracts/auth.ts';
import type { BreedView, PuppyDetailView } from '#contracts/puppies.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PuppyForm } from '../react/PuppyForm.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useApi } from '../lib/swr.ts';
import '../styles/empty-state.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

// the page's frame and h1 until the listing is known, and in its HTML (ProtectedRoute)
const LOADING = (
  <article className="form-page">
    <h1>Edit Puppy</h1>
    <PageSpinner what="the listing form" />
  </article>
);

export default function EditPuppy() {
  return <ProtectedRoute pending={LOADING}>{(user) => <EditScreen user={user} />}</ProtectedRoute>;
}

function EditScreen({ user }: { user: UserView }) {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    setId(decodeURIComponent(window.location.pathname.split('/')[2] ?? ''));
  }, []);
  const validId = id !== null && /^\d{1,9}$/.test(id);
  const { data: puppy, error } = useApi<PuppyDetailView>(validId ? `/api/puppies/${id}` : null);
  const { data: breeds, error: breedsError } = useApi<BreedView[]>('/api/breeds');

  if (id === null) return LOADING;
  if (!validId || (error instanceof ApiError && error.status === 404)) {
    return (
      <article className="empty-state">
        <h1>Puppy not found</h1>
        <p>There is no listing with this address. It may have been deleted.</p>
        <a href="/my-listings" className="btn">
          Back to My Listings
        </a>
      </article>
    );
  }
  if (error || breedsError) {
    return (
      <article className="empty-state" role="alert">
        <h1>Edit Puppy</h1>
        <p>The listing could not be loaded. Please reload the page.</p>
      </article>
    );
  }
  if (!puppy || !breeds) return LOADING;
  if (puppy.userId !== user.id) {
    return (
      <article className="empty-state">
        <h1>Edit Puppy</h1>
        <p>You can only edit your own listings.</p>
        <a href={`/puppies/${puppy.id}`} className="btn">
          View {puppy.name}
        </a>
      </article>
    );
  }
  return (
    <article className="form-page">
      <h1>Edit {puppy.name}</h1>
      <p>
        <a href={`/puppies/${puppy.id}`}>View the listing</a>
      </p>
      <PuppyForm mode="edit" breeds={breeds} puppy={puppy} />
    </article>
  );
}
