// The inquire dialog of a puppy (docs/product.md §2, §5 "Contact forms", §8): name, email, phone and message are all
// required ('Error' / 'Please fill out all fields'); the inquiry goes to POST /api/contacts with the
// puppy's id, and the seller is mailed. A native <dialog>: focus moves in, Escape closes, focus returns.
import { forwardRef, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import type { UserView } from '#contracts/auth.ts';
import type { PuppyView } from '#contracts/puppies.ts';
import { ApiError, postJson } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { Field } from './Field.tsx';
import '../styles/form-actions.css';

export interface InquireDialogHandle {
  open(): void;
}

interface Props {
  puppy: PuppyView;
  user: UserView | null;
}

const EMPTY = { name: '', email: '', phone: '', message: '' };

export const InquireDialog = forwardRef<InquireDialogHandle, Props>(function InquireDialog({ puppy, user }, ref) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [fields, setFields] = useState(EMPTY);
  const [sending, setSending] = useState(false);

  useImperativeHandle(ref, () => ({
    open() {
      // A logged-in visitor starts with their name and email filled in.
      setFields((current) =>
        current.name || current.email || current.message
          ? current
          : {
              ...current,
              name: user?.username ?? '',
              email: user?.email ?? '',
              message: `Hi! Is ${puppy.name} still available? We would love to know more.`,
            },
      );
      dialog.current?.showModal();
    },
  }));

  const close = () => dialog.current?.close();
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (Object.values(fields).some((value) => value.trim() === '')) {
      toast({ title: 'Error', description: 'Please fill out all fields', variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      await postJson('/api/contacts', { ...fields, puppyId: puppy.id });
      toast({ title: 'Message Sent!', description: 'Your inquiry has been sent to the seller...', variant: 'success' });
      setFields(EMPTY);
      close();
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
      toast({
        title: 'Error',
        description: fieldMessage ?? 'Failed to send your inquiry. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog ref={dialog} className="inquire-dialog" aria-labelledby="inquire-title">
      <article>
        <header>
          <h2 id="inquire-title">Inquire about {puppy.name}</h2>
          <button type="button" className="dialog-close" aria-label="Close" onClick={close}>
            ×
          </button>
        </header>
        <form method="post" onSubmit={submit} noValidate aria-labelledby="inquire-title">
          <Field label="Your name" noMessage>
            {(control) => (
              <input
                {...control}
                name="name"
                autoComplete="name"
                value={fields.name}
                onChange={set('name')}
                maxLength={100}
              />
            )}
          </Field>
          <Field label="Email" noMessage>
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                autoComplete="email"
                value={fields.email}
                onChange={set('email')}
                maxLength={254}
              />
            )}
          </Field>
          <Field label="Phone" noMessage>
            {(control) => (
              <input
                {...control}
                name="phone"
                type="tel"
                autoComplete="tel"
                value={fields.phone}
                onChange={set('phone')}
                maxLength={40}
              />
            )}
          </Field>
          <Field label="Message" noMessage>
            {(control) => (
              <textarea
                {...control}
                name="message"
                rows={4}
                value={fields.message}
                onChange={set('message')}
                maxLength={5000}
              />
            )}
          </Field>
          <p className="hint">Breeders typically reply within 24 hours.</p>
          <footer className="form-actions">
            <button type="submit" aria-busy={sending} disabled={sending}>
              {sending ? 'Sending…' : 'Send Inquiry'}
            </button>
            <button type="button" className="secondary outline" onClick={close}>
              Cancel
            </button>
          </footer>
        </form>
      </article>
    </dialog>
  );
});
