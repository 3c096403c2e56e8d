// The buyer's review of the seller on My Orders (docs/product.md "Reviews", decision 0119): "Write a review"
// while the order can be reviewed, then the review as written, with "Edit review" for 30 days, the
// seller's reply, and why it is hidden when our team hid it. The form checks with the API's own
// ReviewSchema; the API's answer takes the order's place in the list. Before the island runs (and without
// scripts) "Write a review" and "Edit review" open plain forms instead (OrderForms.tsx, decision 0125).
import { useState } from 'react';
import type { OrderFormOutcome } from '#contracts/order-forms.ts';
import type { OrderView } from '#contracts/orders.ts';
import { REVIEW_MAX_CHARS, ReviewSchema, type OwnReviewView, type ReviewInput } from '#contracts/reviews.ts';
import { ApiError, patchJson, postJson } from '../../lib/api-client.ts';
import { useSchemaForm } from '../../lib/forms.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../Field.tsx';
import { ReviewFormDetails } from './OrderForms.tsx';
import '../../styles/form-actions.css';
import './ReviewActions.css';

interface Props {
  order: OrderView;
  onChanged: (order: OrderView) => void;
  /** the app's clock as the page read it: whether the edit window is still open */
  now: Date;
  /** the page of My Orders, and what the last form post on this order did: for the plain forms */
  page?: number;
  outcome?: OrderFormOutcome | null;
}

export function ReviewActions({ order, onChanged, now, page = 1, outcome = null }: Props) {
  const [writing, setWriting] = useState(false);
  const hydrated = useHydrated();
  const review = order.review;
  const saved = (written: OwnReviewView) => {
    setWriting(false);
    onChanged({ ...order, review: written, canReview: false });
  };
  if (writing) return <ReviewForm order={order} review={review} onSaved={saved} onCancel={() => setWriting(false)} />;
  if (!review) {
    if (!order.canReview) return null;
    if (!hydrated)
      return (
        <div className="review-actions">
          <ReviewFormDetails order={order} review={null} page={page} outcome={outcome} />
        </div>
      );
    return (
      <div className="review-actions">
        <button type="button" onClick={() => setWriting(true)}>
          Write a review
        </button>
      </div>
    );
  }
  const editable = !review.hidden && Date.parse(review.editableUntil) > now.getTime();
  return (
    <div className="review-actions own-review">
      <h3>Your review</h3>
      <p>
        <span aria-label={`${review.rating} out of 5 stars`}>
          {'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}
        </span>
        {review.editedAt && <span className="hint"> · Edited</span>}
      </p>
      <p className="hint">{review.verifiedLine}</p>
      <p className="own-review-body">{review.body}</p>
      {review.hidden && (
        <p role="status" className="own-review-hidden">
          {review.hidden.reason}
        </p>
      )}
      {review.reply && (
        <p className="own-review-reply">
          <strong>The seller replied:</strong> {review.reply.body}
        </p>
      )}
      {editable && !hydrated && <ReviewFormDetails order={order} review={review} page={page} outcome={outcome} />}
      {editable && hydrated && (
        <button type="button" className="secondary outline" onClick={() => setWriting(true)}>
          Edit review
        </button>
      )}
    </div>
  );
}

function ReviewForm({
  order,
  review,
  onSaved,
  onCancel,
}: {
  order: OrderView;
  review: OwnReviewView | null;
  onSaved: (review: OwnReviewView) => void;
  onCancel: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useSchemaForm(ReviewSchema, {
    rating: review ? String(review.rating) : '',
    body: review?.body ?? '',
  } as never);
  const { errors, isSubmitting } = formState;
  const name = order.puppy?.name ?? 'your puppy';
  const send = async (values: ReviewInput) => {
    try {
      const written = review
        ? await patchJson<OwnReviewView>(`/api/reviews/${review.id}`, values)
        : await postJson<OwnReviewView>(`/api/orders/${order.reference}/review`, values);
      toast({
        title: review ? 'Review Updated' : 'Thank You for Your Review',
        description: 'It shows on the breeder\u2019s listings as a verified purchase.',
        variant: 'success',
      });
      onSaved(written);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields['body']) setError('body', { message: fields['body'] });
      if (fields['rating']) setError('rating', { message: fields['rating'] });
      if (!fields['body'] && !fields['rating'])
        toast({
          title: 'Error',
          description: error instanceof ApiError ? error.message : 'Your review could not be sent. Please try again.',
          variant: 'destructive',
        });
    }
  };
  return (
    <form className="review-form" onSubmit={handleSubmit(send)} noValidate aria-label={`Review the breeder of ${name}`}>
      <Field label="Your rating" kind="group" error={errors.rating?.message}>
        {(control) => (
          <div className="star-choices">
            {[5, 4, 3, 2, 1].map((stars) => (
              <label key={stars}>
                <input
                  type="radio"
                  value={String(stars)}
                  aria-invalid={control['aria-invalid']}
                  {...register('rating')}
                />{' '}
                {stars} {stars === 1 ? 'star' : 'stars'}
              </label>
            ))}
          </div>
        )}
      </Field>
      <Field
        label="Your review"
        hint={`How did it go with the breeder and ${name}? 20 to ${REVIEW_MAX_CHARS.toLocaleString('en-US')} characters.`}
        error={errors.body?.message}
      >
        {(control) => <textarea rows={5} {...control} {...register('body')} />}
      </Field>
      <div className="form-actions">
        <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {review ? 'Save review' : 'Post review'}
        </button>
        <button type="button" className="secondary outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
