// /admin "Contact messages" (decision 0136, docs/product.md §24): the messages to the team, in the order they
// are answered: annual plan, six-month, monthly, then everyone else, newest first within each. The plan is
// the server's, from the sender's session when they wrote; priority plans are marked.
import { useId } from 'react';
import type { AdminContactMessagesResponse, AdminContactMessageView } from '#contracts/contacts.ts';
import { useApi } from '../../lib/swr.ts';
import { formatOrderDate } from '../orders/OrderStatus.tsx';
import '../../styles/panel.css';
import './ContactMessages.css';

export function ContactMessages() {
  const { data, error } = useApi<AdminContactMessagesResponse>('/api/admin/contact-messages');
  const titleId = useId();
  return (
    <section className="panel admin-card contact-messages" aria-labelledby={titleId}>
      <h2 id={titleId}>Contact messages</h2>
      <p className="admin-note">Annual and six-month plans have priority support: they are listed first.</p>
      {error && !data ? (
        <p role="alert">
          Could not load the contact messages: {error instanceof Error ? error.message : 'unknown error'}
        </p>
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : data.messages.length === 0 ? (
        <p>No messages to the team yet.</p>
      ) : (
        <ol className="contact-message-list">
          {data.messages.map((message) => (
            <ContactMessage key={message.id} message={message} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ContactMessage({ message }: { message: AdminContactMessageView }) {
  return (
    <li className={`contact-message${message.priority ? ' priority' : ''}`}>
      <p className="contact-message-head">
        <strong>{message.name}</strong>
        <span className={`plan-chip plan-${message.plan ?? 'none'}`}>Plan: {message.planLabel}</span>
        <time dateTime={message.createdAt}>{formatOrderDate(message.createdAt)}</time>
      </p>
      <p className="contact-message-from">
        <a href={`mailto:${message.email}`}>{message.email}</a> · {message.phone}
        {message.username ? ` · account ${message.username}` : ' · not logged in'}
      </p>
      <p className="contact-message-body">{message.message}</p>
    </li>
  );
}
