// What a logged-in reader may do with one review on the listing and breeder pages (docs/product.md §17,
// decision 0119): report it into the moderation queue (anyone but its writer), and, for the seller of
// the order while there is no reply, reply once in place. The pages are rendered for nobody (a CDN may
// share them), so these personal controls come with the island; logged out, it renders nothing.
import { useState } from 'react';
import type { OwnReviewView } from '#contracts/reviews.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { ReportForm } from '../react/ReportForm.tsx';
import { ReplyForm } from '../react/reviews/ReplyForm.tsx';

interface Props {
  reviewId: number;
  buyerName: string;
  sellerId: number;
  sellerName: string;
  replied: boolean;
  /** the page the report form comes back to when posted before the script runs */
  returnTo: string;
}

export default function ReviewTools({ reviewId, buyerName, sellerId, sellerName, replied, returnTo }: Props) {
  const { user } = useCurrentUser();
  const [reply, setReply] = useState<OwnReviewView['reply']>(null);
  if (!user) return null;
  const isSeller = user.id === sellerId;
  return (
    <div className="review-tools">
      {reply ? (
        <div className="review-reply">
          <p className="review-reply-head">Reply from {sellerName} · just now</p>
          <p>{reply.body}</p>
        </div>
      ) : (
        isSeller &&
        !replied && <ReplyForm reviewId={reviewId} buyerName={buyerName} onReplied={(r) => setReply(r.reply)} />
      )}
      {user.username !== buyerName && (
        <ReportForm target={{ reviewId }} summary="Report this review" returnTo={returnTo} />
      )}
    </div>
  );
}
