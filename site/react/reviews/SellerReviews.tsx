// My Listings' "Reviews" section (docs/product.md §17, decision 0119): the seller's rating and every
// review of their sales, newest first, from GET /api/seller-reviews. A review without a reply has the
// reply form (once); a hidden review says why our team hid it, as the buyer's My Orders does.
import type { SellerOwnReviewsView, SellerOwnReviewView } from '#contracts/reviews.ts';
import { useApi } from '../../lib/swr.ts';
import { ReplyForm } from './ReplyForm.tsx';
import '../../styles/panel.css';
import './SellerReviews.css';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export function SellerReviews() {
  const { data, error, mutate } = useApi<SellerOwnReviewsView>('/api/seller-reviews');
  const replaced = (changed: SellerOwnReviewView) =>
    void mutate(
      (current) => current && { ...current, reviews: current.reviews.map((r) => (r.id === changed.id ? changed : r)) },
      {
        revalidate: false,
      },
    );
  return (
    <section className="seller-reviews" aria-labelledby="seller-reviews-heading">
      <h2 id="seller-reviews-heading">Reviews</h2>
      {error ? (
        <p role="alert">Your reviews could not be loaded. Please reload the page.</p>
      ) : !data ? (
        <p aria-busy="true">Loading your reviews…</p>
      ) : data.reviews.length === 0 ? (
        <p className="hint">
          No reviews yet. A family who bought a puppy from you can review you once it has been handed over.
        </p>
      ) : (
        <>
          {data.rating && (
            <p className="seller-reviews-rating">
              <Stars rating={Math.round(data.rating.average)} decorative />{' '}
              <strong>{data.rating.average.toFixed(1)} out of 5</strong> · {data.rating.count}{' '}
              {data.rating.count === 1 ? 'review' : 'reviews'} from verified buyers
            </p>
          )}
          <ul className="seller-review-list">
            {data.reviews.map((review) => (
              <li key={review.id}>
                <SellerReview review={review} onReplied={replaced} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** whole stars; `decorative` where the text beside them says the rating (the average, to one decimal) */
function Stars({ rating, decorative = false }: { rating: number; decorative?: boolean }) {
  const stars = '★'.repeat(rating) + '☆'.repeat(5 - rating);
  return decorative ? (
    <span aria-hidden="true" className="seller-review-stars">
      {stars}
    </span>
  ) : (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="seller-review-stars">
      {stars}
    </span>
  );
}

function SellerReview({
  review,
  onReplied,
}: {
  review: SellerOwnReviewView;
  onReplied: (review: SellerOwnReviewView) => void;
}) {
  return (
    <article className="panel seller-review" aria-label={`Review by ${review.buyerName}`}>
      <p className="seller-review-head">
        <Stars rating={review.rating} /> <strong>{review.buyerName}</strong>{' '}
        <span className="hint">
          {dateFormat.format(new Date(review.createdAt))}
          {review.editedAt && ' · Edited'} · <span className="seller-review-order">Order {review.orderReference}</span>
        </span>
      </p>
      <p className="hint seller-review-verified">{review.verifiedLine}</p>
      <p className="seller-review-body">{review.body}</p>
      {review.hidden && (
        <p role="status" className="seller-review-hidden">
          Hidden from your pages: {review.hidden.reason}
        </p>
      )}
      {review.reply ? (
        <div className="seller-review-reply">
          <p>
            <strong>Your reply</strong> · {dateFormat.format(new Date(review.reply.at))}
          </p>
          <p>{review.reply.body}</p>
        </div>
      ) : (
        review.canReply && (
          <ReplyForm
            reviewId={review.id}
            buyerName={review.buyerName}
            onReplied={(replied) => onReplied({ ...review, ...replied, canReply: false })}
          />
        )
      )}
    </article>
  );
}
