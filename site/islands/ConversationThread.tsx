// /messages/{id} (docs/decisions/0090): the thread, oldest first, and the reply box. Only
// the two parties see it (the API answers 404 to anyone else). Messages are plain text: React escapes
// them and nothing in them becomes a link. A message the scam guard flagged carries advice for its
// recipient, one note per kind it found: a payment outside PuppyNest, or a move off PuppyNest
// (decision 0117, docs/product.md §14). A family sees the seller's kennel, linked to its breeder page
// (decision 0118); the seller sees the phone the family gave with its inquiry (decision 0137). The reply box is a real form: before the island wakes up it posts to the API, which
// answers 303 back here; after, it posts JSON, keeps what was typed when refused, and Ctrl/⌘+Enter
// sends.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX, SCAM_ADVICE, type ConversationView, type SentMessageResponse } from '#contracts/conversations.ts';
import { breederPath } from '#contracts/breeders.ts';
import { ApiError, postJson } from '../lib/api-client.ts';
import { typedBeforeHydration } from '../lib/forms.ts';
import { formatMessageTime } from '../lib/message-time.ts';
import useSWR from 'swr';
import { getJson } from '../lib/api-client.ts';
import { SWR_OPTIONS } from '../lib/swr.ts';
import { Field } from '../react/Field.tsx';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PuppyImage } from '../react/PuppyImage.tsx';
import { ReportForm } from '../react/ReportForm.tsx';
import './Messages.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

interface Props {
  /** the thread the server rendered for its party; null: not found; undefined: load it here (astro dev) */
  initial?: ConversationView | null | undefined;
  /** a reply refused before the island woke up (the API's 303 carried its message) */
  refusal?: string | undefined;
  /** a report was sent from this page before the island woke up */
  reported?: boolean | undefined;
}

export default function ConversationThread({ initial, refusal, reported = false }: Props) {
  // Rendered by the server for a logged-in party: no login wait, the thread is in the HTML.
  if (initial === null) return <NotFound />;
  if (initial) return <Thread initial={initial} refusal={refusal} reported={reported} />;
  return <ProtectedRoute>{() => <Thread refusal={refusal} reported={reported} />}</ProtectedRoute>;
}

function NotFound() {
  return (
    <article className="empty-state">
      <h1>Conversation Not Found</h1>
      <p>This conversation does not exist, or it is not yours.</p>
      <a href="/messages" className="btn">
        All Messages
      </a>
    </article>
  );
}

function idFromAddress(): string | null {
  const match = /^\/messages\/(\d{1,9})\/?$/.exec(window.location.pathname);
  return match ? match[1]! : null;
}

function Thread({
  initial,
  refusal,
  reported,
}: {
  initial?: ConversationView;
  refusal?: string | undefined;
  reported: boolean;
}) {
  const [id, setId] = useState<string | null | undefined>(initial ? String(initial.id) : undefined);
  useEffect(() => {
    if (!initial) setId(idFromAddress());
  }, [initial]);
  // the server's thread is current (reading it marked it read): no second request on hydration
  const { data, error, mutate } = useSWR<ConversationView>(
    id ? `/api/conversations/${id}` : null,
    (path: string) => getJson<ConversationView>(path),
    {
      ...SWR_OPTIONS,
      ...(initial ? { fallbackData: initial, revalidateOnMount: false } : {}),
    },
  );

  if (id === null || (error instanceof ApiError && error.status === 404)) return <NotFound />;
  if (error) return <p role="alert">This conversation could not be loaded. Please reload the page.</p>;
  if (!data) return <PageSpinner label="Loading the conversation…" what="this conversation" />;

  const name = data.puppy?.name ?? 'A puppy no longer listed';
  return (
    <div className="thread">
      <p className="thread-back">
        <a href="/messages">← All messages</a>
      </p>
      {reported && (
        <p className="report-sent" role="status">
          Thank you. Our team will review your report.
        </p>
      )}
      <div className="thread-header">
        {data.puppy && <PuppyImage src={data.puppy.imageUrl} alt="" sizes="5rem" eager width={200} height={200} />}
        <div>
          <h1>{data.puppy ? <a href={`/puppies/${data.puppy.id}`}>{name}</a> : name}</h1>
          <p>
            {data.role === 'buyer' ? 'Seller' : 'Family'}: <strong>{data.with.username}</strong>
          </p>
          {/* who the family deals with: the kennel's page, its badges and figures (decision 0118) */}
          {data.role === 'buyer' && data.breeder && (
            <p className="thread-breeder">
              Breeder: <a href={breederPath(data.breeder.slug)}>{data.breeder.kennelName}</a>
            </p>
          )}
          {/* the phone the family typed into its inquiry, for the seller to call (decision 0137) */}
          {data.familyPhone && (
            <p className="thread-breeder">
              Phone: <a href={`tel:${data.familyPhone.replace(/[^\d+]/g, '')}`}>{data.familyPhone}</a>
            </p>
          )}
        </div>
      </div>
      <ol className="message-list" aria-label="Messages">
        {data.messages.map((m) => (
          <li key={m.id} className={`message${m.mine ? ' mine' : ''}`}>
            <p className="message-meta">
              <strong>{m.mine ? 'You' : m.sender}</strong>{' '}
              <time dateTime={m.createdAt} suppressHydrationWarning>
                {formatMessageTime(m.createdAt)}
              </time>
            </p>
            <p className="message-body">{m.body}</p>
            {m.warnings.map((kind) => (
              <p key={kind} className="scam-advice" role="note">
                <strong>Be careful:</strong> {SCAM_ADVICE[kind]}
              </p>
            ))}
            {!m.mine && (
              <ReportForm
                target={{ messageId: m.id }}
                summary="Report this message"
                returnTo={`/messages/${data.id}`}
              />
            )}
          </li>
        ))}
      </ol>
      <ReplyForm
        conversationId={data.id}
        refusal={refusal}
        onSent={(sent) => mutate({ ...data, messages: [...data.messages, sent.message] }, { revalidate: false })}
      />
    </div>
  );
}

const REPLY_FORM_ID = 'reply-form';

function ReplyForm({
  conversationId,
  refusal,
  onSent,
}: {
  conversationId: number;
  refusal: string | undefined;
  onSent: (sent: SentMessageResponse) => void;
}) {
  // a reply typed into the server's form before this script woke up is kept
  const [body, setBody] = useState(() => String(typedBeforeHydration(REPLY_FORM_ID)?.['body'] ?? ''));
  // a reply refused before the island woke up comes back with the message in the address
  const [error, setError] = useState<string | undefined>(refusal);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (body.trim() === '') {
      setError('Please write a message');
      return;
    }
    setSending(true);
    try {
      const sent = await postJson<SentMessageResponse>(`/api/conversations/${conversationId}/messages`, { body });
      setBody('');
      setError(undefined);
      onSent(sent);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fields['body'] ?? failure.message)
          : 'Your message could not be sent. Please try again.',
      );
    } finally {
      setSending(false);
    }
  };

  const shortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.current?.requestSubmit();
    }
  };

  return (
    <form
      ref={form}
      id={REPLY_FORM_ID}
      className="reply-form"
      method="post"
      action={`/api/conversations/${conversationId}/messages`}
      onSubmit={submit}
      noValidate
    >
      <Field
        label="Your reply"
        id="reply-body"
        hint="Plain text. Ctrl+Enter (⌘+Enter on a Mac) sends it."
        error={error}
        alert
      >
        {(control) => (
          <textarea
            {...control}
            name="body"
            rows={4}
            maxLength={MESSAGE_MAX}
            required
            value={body}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={shortcut}
          />
        )}
      </Field>
      <button type="submit" aria-busy={sending} disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
