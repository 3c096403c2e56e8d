// /post-puppy (docs/product.md §2 "Post puppy", docs/product.md §6, docs/decisions/0022): login only; seller accounts post, a buyer account is
// pointed to /sellers. After posting: /listing-payment/{id} while the listing needs its fee, else My Listings.
import type { BreedView } from '#contracts/puppies.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PuppyForm } from '../react/PuppyForm.tsx';
import { useApi } from '../lib/swr.ts';
import '../styles/empty-state.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

// the page's frame and h1 while the login is checked, and in its HTML (ProtectedRoute)
const CHECKING = (
  <article className="form-page">
    <h1>Post a Puppy</h1>
    <PageSpinner what="the listing form" />
  </article>
);

export default function PostPuppy() {
  return (
    <ProtectedRoute pending={CHECKING}>
      {(user) => (user.accountType === 'seller' || user.role === 'admin' ? <PostForm /> : <SellersOnly />)}
    </ProtectedRoute>
  );
}

function PostForm() {
  const { data: breeds, error } = useApi<BreedView[]>('/api/breeds');
  return (
    <article className="form-page">
      <h1>Post a Puppy</h1>
      <p>
        Tell families about your puppy. A new listing is a draft until its listing fee is paid or your seller plan
        covers it.
      </p>
      {error ? (
        <p role="alert">The breed list could not be loaded. Please reload the page.</p>
      ) : breeds ? (
        <PuppyForm mode="create" breeds={breeds} />
      ) : (
        <PageSpinner />
      )}
    </article>
  );
}

function SellersOnly() {
  return (
    <article className="empty-state">
      <h1>Post a Puppy</h1>
      <p>
        Only seller accounts can list puppies. Become a seller at <a href="/sellers">/sellers</a>.
      </p>
      <a href="/sellers" className="btn">
        Become a Seller
      </a>
    </article>
  );
}
