// The inquiry about a puppy (docs/product.md §2, §5 "Contact forms", §8; decision 0124): name, email,
// phone and message are all required ('Error' / 'Please fill out all fields'). Two views of one inquiry:
// - InquiryForm, in the page's HTML: a real form that posts to /api/contacts without a script. The API
//   answers 303 to the conversation (a logged-in family), to the login page (a visitor), or back here with
//   a refusal code the page turns into `refusal`.
// - InquireDialog, opened by Inquire and Contact Seller once the island is awake: a native <dialog> (focus
//   moves in, Escape closes, focus returns) that posts JSON, and the seller is mailed.
// Both read and write the same fields (useInquiry), which start from what was typed into the page's form
// before the island woke up.
import { forwardRef, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import type { UserView } from '#contracts/auth.ts';
import type { PuppyView } from '#contracts/puppies.ts';
import { ApiError, postJson } from '../lib/api-client.ts';
import { typedBeforeHydration } from '../lib/forms.ts';
import { toast } from '../lib/toast.ts';
import { Field } from './Field.tsx';
import '../styles/form-actions.css';

/** the page's anchor of the form: Inquire links to it, and a refused post comes back to it */
export const INQUIRY_ANCHOR = 'inquire';
const FORM_ID = 'inquiry-form';

export interface InquireDialogHandle {
  open(): void;
}

const EMPTY = { name: '', email: '', phone: '', message: '' };
type Fields = typeof EMPTY;

export interface Inquiry {
  fields: Fields;
  set: (name: keyof Fields) => (event: { target: { value: string } }) => void;
  sending: boolean;
  /** a logged-in visitor starts with their name and email, and a first line of message */
  prefill: () => void;
  /** sends the fields as JSON; true when the seller has them */
  send: () => Promise<boolean>;
}

export function useInquiry(puppy: PuppyView, user: UserView | null): Inquiry {
  const [fields, setFields] = useState<Fields>(() => {
    const typed = typedBeforeHydration(FORM_ID);
    const kept = typed ? Object.fromEntries(Object.keys(EMPTY).map((name) => [name, String(typed[name] ?? '')])) : {};
    return { ...EMPTY, ...kept };
  });
  const [sending, setSending] = useState(false);

  return {
    fields,
    sending,
    set: (name) => (event) => setFields((current) => ({ ...current, [name]: event.target.value })),
    // only empty fields: what the visitor typed stays as it is
    prefill: () =>
      setFields((current) => ({
        ...current,
        name: current.name || (user?.username ?? ''),
        email: current.email || (user?.email ?? ''),
        message: current.message || `Hi! Is ${puppy.name} still available? We would love to know more.`,
      })),
    send: async () => {
      if (Object.values(fields).some((value) => value.trim() === '')) {
        toast({ title: 'Error', description: 'Please fill out all fields', variant: 'destructive' });
        return false;
      }
      setSending(true);
      try {
        await postJson('/api/contacts', { ...fields, puppyId: puppy.id });
        toast({
          title: 'Message Sent!',
          description: 'Your inquiry has been sent to the seller...',
          variant: 'success',
        });
        setFields(EMPTY);
        return true;
      } catch (error) {
        const fieldMessage = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
        toast({
          title: 'Error',
          description: fieldMessage ?? 'Failed to send your inquiry. Please try again.',
          variant: 'destructive',
        });
        return false;
      } finally {
        setSending(false);
      }
    },
  };
}

function InquiryFields({ inquiry, idPrefix }: { inquiry: Inquiry; idPrefix: string }) {
  const { fields, set } = inquiry;
  return (
    <>
      <Field label="Your name" id={`${idPrefix}-name`} noMessage>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="name"
            required
            value={fields.name}
            onChange={set('name')}
            maxLength={100}
          />
        )}
      </Field>
      <Field label="Email" id={`${idPrefix}-email`} noMessage>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set('email')}
            maxLength={254}
          />
        )}
      </Field>
      <Field label="Phone" id={`${idPrefix}-phone`} noMessage>
        {(control) => (
          <input
            {...control}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            value={fields.phone}
            onChange={set('phone')}
            maxLength={40}
          />
        )}
      </Field>
      <Field label="Message" id={`${idPrefix}-message`} noMessage>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={4}
            required
            value={fields.message}
            onChange={set('message')}
            maxLength={5000}
          />
        )}
      </Field>
      <p className="hint">Breeders typically reply within 24 hours.</p>
    </>
  );
}

interface FormProps {
  puppy: PuppyView;
  inquiry: Inquiry;
  /** why the server refused the last post made without a script (its fixed text, decision 0108) */
  refusal?: string | undefined;
  /** the owner's post without a script went through (they have no conversation with themselves) */
  sent?: boolean;
}

/** the inquiry in the page: works before and without the island's script */
export function InquiryForm({ puppy, inquiry, refusal, sent = false }: FormProps) {
  const [shownRefusal, setShownRefusal] = useState(refusal);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShownRefusal(undefined);
    await inquiry.send();
  };
  return (
    <section id={INQUIRY_ANCHOR} className="inquiry" aria-labelledby="inquiry-heading">
      <h2 id="inquiry-heading">Ask the breeder about {puppy.name}</h2>
      <p>Your message goes to the breeder. Logged in, you carry on the conversation in Messages.</p>
      {shownRefusal && (
        <p className="inquiry-refusal" role="alert">
          {shownRefusal}
        </p>
      )}
      {sent && !shownRefusal && (
        <p className="inquiry-sent" role="status">
          Your inquiry has been sent to the seller.
        </p>
      )}
      <form
        id={FORM_ID}
        method="post"
        action="/api/contacts"
        onSubmit={submit}
        noValidate
        aria-labelledby="inquiry-heading"
      >
        <input type="hidden" name="puppyId" value={puppy.id} />
        <InquiryFields inquiry={inquiry} idPrefix="inquiry" />
        <button type="submit" aria-busy={inquiry.sending} disabled={inquiry.sending}>
          {inquiry.sending ? 'Sending…' : 'Send Inquiry'}
        </button>
      </form>
    </section>
  );
}

export const InquireDialog = forwardRef<InquireDialogHandle, { puppy: PuppyView; inquiry: Inquiry }>(
  function InquireDialog({ puppy, inquiry }, ref) {
    const dialog = useRef<HTMLDialogElement>(null);

    useImperativeHandle(ref, () => ({
      open() {
        inquiry.prefill();
        dialog.current?.showModal();
      },
    }));

    const close = () => dialog.current?.close();
    const submit = async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (await inquiry.send()) close();
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
          <form method="post" action="/api/contacts" onSubmit={submit} noValidate aria-labelledby="inquire-title">
            <InquiryFields inquiry={inquiry} idPrefix="inquire-dialog" />
            <footer className="form-actions">
              <button type="submit" aria-busy={inquiry.sending} disabled={inquiry.sending}>
                {inquiry.sending ? 'Sending…' : 'Send Inquiry'}
              </button>
              <button type="button" className="secondary outline" onClick={close}>
                Cancel
              </button>
            </footer>
          </form>
        </article>
      </dialog>
    );
  },
);
