// /messages (docs/decisions/0090): the user's conversations, the latest first, each with the
// puppy's photo and name, the other party, the last message, its time and an unread mark. Loaded once
// per visit (no polling, docs/product.md §7). The page's h1 is in its HTML (messages.astro).
import type { ConversationsResponse, ConversationSummary } from '#contracts/conversations.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PuppyImage } from '../react/PuppyImage.tsx';
import { useApi } from '../lib/swr.ts';
import { formatMessageTime } from '../lib/message-time.ts';
import './Messages.css';
import '../styles/empty-state.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

/** `initial`: the list the server rendered into the page (it checked the login); without it, the island loads it */
export default function Messages({ initial }: { initial?: ConversationsResponse | undefined }) {
  if (initial) return <ConversationList initial={initial} />;
  return <ProtectedRoute>{() => <ConversationList />}</ProtectedRoute>;
}

function ConversationList({ initial }: { initial?: ConversationsResponse }) {
  const { data, error } = useApi<ConversationsResponse>('/api/conversations', initial);
  if (error) return <p role="alert">Your messages could not be loaded. Please reload the page.</p>;
  if (!data) return <PageSpinner label="Loading your messages…" what="your messages" />;
  if (data.conversations.length === 0)
    return (
      <div className="empty-state">
        <h2>No Messages Yet</h2>
        <p>When you ask a seller about a puppy, or a family asks about yours, the conversation appears here.</p>
        <a href="/puppies" className="btn">
          Browse Puppies
        </a>
      </div>
    );
  return (
    <>
      <p className="conversation-count">
        {data.unread === 0
          ? 'No unread conversations'
          : `${data.unread} unread ${data.unread === 1 ? 'conversation' : 'conversations'}`}
      </p>
      <ul className="conversation-list">
        {data.conversations.map((c, index) => (
          <ConversationRow key={c.id} conversation={c} eager={index < 2} />
        ))}
      </ul>
    </>
  );
}

function ConversationRow({ conversation: c, eager }: { conversation: ConversationSummary; eager: boolean }) {
  const name = c.puppy?.name ?? 'A puppy no longer listed';
  return (
    <li className={`conversation-row${c.unread ? ' unread' : ''}`}>
      <PuppyImage src={c.puppy?.imageUrl ?? ''} alt="" sizes="4rem" eager={eager} width={160} height={160} />
      <div className="conversation-text">
        <h2>
          <a href={`/messages/${c.id}`} aria-label={`${name}, with ${c.with.username}${c.unread ? ', unread' : ''}`}>
            {name}
          </a>
        </h2>
        <p className="conversation-with" aria-hidden="true">
          {c.role === 'buyer' ? 'Seller' : 'Family'}: {c.with.username}
        </p>
        {c.lastMessage && (
          <p className="conversation-last">
            {c.lastMessage.mine && <span className="conversation-you">You: </span>}
            {c.lastMessage.body}
          </p>
        )}
      </div>
      <div className="conversation-meta">
        {c.lastMessage && <time dateTime={c.lastMessage.createdAt}>{formatMessageTime(c.lastMessage.createdAt)}</time>}
        {c.unread && (
          <span className="unread-mark" aria-hidden="true">
            New
          </span>
        )}
      </div>
    </li>
  );
}
