// My Orders' answers as plain forms (docs/decisions/0125): what the page's HTML holds before its island
// runs, and all it holds when scripts never run. Each is a <details> that opens on its own (no script)
// and holds a real form posting to the same API route as the island's JSON call; the API answers 303
// back to /my-orders with the order and a code, and the page shows that code's text in the order's card,
// a refusal of what was typed under its field with the form open again. Once hydrated, the island shows
// today's buttons, dialogs and toasts instead (ReceiptActions, ReviewActions).
import { useId } from 'react';
import type { OrderFormOutcome } from '#contracts/order-forms.ts';
import type { OrderView } from '#contracts/orders.ts';
import { PROBLEM_MAX } from '#contracts/payouts.ts';
import { REVIEW_MAX_CHARS, type OwnReviewView } from '#contracts/reviews.ts';
import { Field } from '../Field.tsx';
import '../../styles/form-actions.css';
import './OrderForms.css';

interface Props {
  order: OrderView;
  /** the page of My Orders the form is on, so the answer comes back to it */
  page: number;
  /** what the last form post on this order did, when the address says so */
  outcome: OrderFormOutcome | null;
}

/** the refusal of what was typed in `form`, for this order */
const refusalFor = (outcome: OrderFormOutcome | null, form: 'problem' | 'review') =>
  outcome?.kind === 'refused' && outcome.form === form ? outcome.text : undefined;

function PageField({ page }: { page: number }) {
  return page > 1 ? <input type="hidden" name="page" value={String(page)} /> : null;
}

export function ReceiptForms({ order, page, outcome }: Props) {
  const name = order.puppy?.name ?? 'your puppy';
  const problemError = refusalFor(outcome, 'problem');
  return (
    <div className="receipt-actions order-forms">
      <details className="order-form">
        <summary>Confirm receipt</summary>
        <form method="post" action={`/api/orders/${order.reference}/confirm-receipt`}>
          <PageField page={page} />
          <p>Confirm that {name} arrived? The seller is paid at once and you can no longer report a problem.</p>
          <button type="submit">Confirm receipt</button>
        </form>
      </details>
      <details className="order-form" open={Boolean(problemError)}>
        <summary>Report a problem</summary>
        <form
          method="post"
          action={`/api/orders/${order.reference}/report-problem`}
          aria-label={`Report a problem with order ${order.reference}`}
          className="problem-form"
        >
          <PageField page={page} />
          <Field
            label="What went wrong?"
            hint="Our team reads it and contacts you and the seller. The seller is not paid until we decide."
            error={problemError}
            alert
          >
            {(control) => <textarea {...control} name="problem" rows={3} maxLength={PROBLEM_MAX} />}
          </Field>
          <button type="submit" className="contrast">
            Send report
          </button>
        </form>
      </details>
    </div>
  );
}

/** "Write a review" for an order that can be reviewed, or "Edit review" for the buyer's own */
export function ReviewFormDetails({ order, page, outcome, review }: Props & { review: OwnReviewView | null }) {
  const error = refusalFor(outcome, 'review');
  const name = order.puppy?.name ?? 'your puppy';
  return (
    <details className="order-form review-form-details" open={Boolean(error)}>
      <summary>{review ? 'Edit review' : 'Write a review'}</summary>
      <form
        method="post"
        action={review ? `/api/reviews/${review.id}` : `/api/orders/${order.reference}/review`}
        className="review-form"
        aria-label={`Review the breeder of ${name}`}
      >
        <PageField page={page} />
        {review && <input type="hidden" name="reference" value={order.reference} />}
        <StarChoices rating={review?.rating ?? null} />
        <Field
          label="Your review"
          hint={`How did it go with the breeder and ${name}? 20 to ${REVIEW_MAX_CHARS.toLocaleString('en-US')} characters.`}
          error={error}
          alert
        >
          {(control) => (
            <textarea
              {...control}
              name="body"
              rows={5}
              maxLength={REVIEW_MAX_CHARS}
              defaultValue={review?.body ?? ''}
            />
          )}
        </Field>
        <button type="submit">{review ? 'Save review' : 'Post review'}</button>
      </form>
    </details>
  );
}

function StarChoices({ rating }: { rating: number | null }) {
  const legend = useId();
  return (
    <fieldset aria-labelledby={legend}>
      <legend id={legend}>Your rating</legend>
      <div className="star-choices">
        {[5, 4, 3, 2, 1].map((stars) => (
          <label key={stars}>
            <input type="radio" name="rating" value={String(stars)} defaultChecked={rating === stars} /> {stars}{' '}
            {stars === 1 ? 'star' : 'stars'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
