// The seller's one public reply to a review of their sale (docs/product.md §17 "Reply", decision 0119):
// a labelled textarea checked with the API's own ReviewReplySchema, then POST /api/reviews/{id}/reply.
// What the API refuses (the scam guard's advice, "already replied") is shown under the field and what
// was typed is kept, so the seller can rewrite it. My Listings' Reviews section and the breeder page
// (to the seller only) both use it; there it is server HTML that site/scripts/review-tools.ts sends
// (decision 0128).
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { REPLY_MAX_CHARS, ReviewReplySchema, type OwnReviewView } from '#contracts/reviews.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../Field.tsx';
import './ReplyForm.css';

interface Props {
  reviewId: number;
  /** the review's writer, as the form's name says it ("Reply to Sam's review") */
  buyerName: string;
  onReplied: (review: OwnReviewView) => void;
}

export function ReplyForm({ reviewId, buyerName, onReplied }: Props) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  // a fixed id, not useId: the review pages render one form per review as separate server renders
  const headingId = `reply-${reviewId}-title`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = v.safeParse(ReviewReplySchema, { body });
    if (!checked.success) {
      setError(checked.issues[0].message);
      return;
    }
    setSending(true);
    try {
      const replied = await postJson<OwnReviewView>(`/api/reviews/${reviewId}/reply`, checked.output);
      toast({ title: 'Reply Posted', description: 'It shows under the review for everyone.', variant: 'success' });
      onReplied(replied);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fields['body'] ?? failure.message)
          : 'Your reply could not be sent. Please try again.',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="reply-form" onSubmit={submit} noValidate aria-labelledby={headingId} data-reply-form={reviewId}>
      <p id={headingId} className="reply-form-title">
        Reply to {buyerName}&rsquo;s review
      </p>
      <Field
        label="Your public reply"
        id={`reply-${reviewId}`}
        hint={`Shown under the review for everyone. You can reply once, up to ${REPLY_MAX_CHARS.toLocaleString('en-US')} characters.`}
        error={error}
        alert
      >
        {(control) => (
          <textarea
            {...control}
            name="body"
            rows={3}
            value={body}
            onChange={(e) => (setBody(e.target.value), setError(undefined))}
          />
        )}
      </Field>
      <button type="submit" aria-busy={sending || undefined} disabled={sending}>
        Post reply
      </button>
    </form>
  );
}
