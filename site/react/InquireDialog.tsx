// The inquiry about a puppy (docs/product.md §2, §5 "Contact forms", §8; decisions 0124 and 0128): name,
// email, phone and message are all required ('Error' / 'Please fill out all fields'). Two views of one
// inquiry, both server HTML with no React behind them:
// - InquiryForm, in the page: a real form that posts to /api/contacts without a script. The API answers
//   303 to the conversation (a logged-in family), to the login page (a visitor), or back here with a
//   refusal code the page turns into `refusal`.
// - InquireDialog, opened by Inquire and Contact Seller: a native <dialog> (focus moves in, Escape closes,
//   focus returns).
// site/scripts/puppy-inquiry.ts sends either as JSON, keeps the two forms' fields the same, and fills
// a logged-in family's name and email into the empty ones.
import type { PuppyView } from '#contracts/puppies.ts';
import { Field, RequiredNote } from './Field.tsx';
import '../styles/form-actions.css';

/** the page's anchor of the form: Inquire links to it, and a refused post comes back to it */
export const INQUIRY_ANCHOR = 'inquire';

function InquiryFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <RequiredNote />
      <Field label="Your name" required id={`${idPrefix}-name`} noMessage>
        {(control) => <input {...control} name="name" autoComplete="name" maxLength={100} />}
      </Field>
      <Field label="Email" required id={`${idPrefix}-email`} noMessage>
        {(control) => <input {...control} name="email" type="email" autoComplete="email" maxLength={254} />}
      </Field>
      <Field label="Phone" required id={`${idPrefix}-phone`} hint="The breeder sees it, to call you back." noMessage>
        {(control) => <input {...control} name="phone" type="tel" autoComplete="tel" maxLength={40} />}
      </Field>
      <Field label="Message" required id={`${idPrefix}-message`} noMessage>
        {(control) => <textarea {...control} name="message" rows={4} maxLength={5000} />}
      </Field>
      <p className="hint">Breeders typically reply within 24 hours.</p>
    </>
  );
}

interface FormProps {
  puppy: PuppyView;
  /** why the server refused the last post made without a script (its fixed text, decision 0108) */
  refusal?: string | undefined;
  /** the owner's post without a script went through (they have no conversation with themselves) */
  sent?: boolean;
}

/** the inquiry in the page: works before and without the page's script */
export function InquiryForm({ puppy, refusal, sent = false }: FormProps) {
  return (
    <section id={INQUIRY_ANCHOR} className="inquiry" aria-labelledby="inquiry-heading" data-inquiry>
      <h2 id="inquiry-heading">Ask the breeder about {puppy.name}</h2>
      <p>Your message goes to the breeder. Logged in, you carry on the conversation in Messages.</p>
      {refusal && (
        <p className="inquiry-refusal" role="alert" data-refusal>
          {refusal}
        </p>
      )}
      {sent && !refusal && (
        <p className="inquiry-sent" role="status">
          Your inquiry has been sent to the seller.
        </p>
      )}
      <form
        id="inquiry-form"
        method="post"
        action="/api/contacts"
        noValidate
        aria-labelledby="inquiry-heading"
        data-inquiry-form
      >
        <input type="hidden" name="puppyId" value={puppy.id} />
        <InquiryFields idPrefix="inquiry" />
        <button type="submit">Send Inquiry</button>
      </form>
    </section>
  );
}

export function InquireDialog({ puppy }: { puppy: PuppyView }) {
  return (
    <dialog className="inquire-dialog" aria-labelledby="inquire-title" data-inquire-dialog>
      <article>
        <header>
          <h2 id="inquire-title">Inquire about {puppy.name}</h2>
          <button type="button" className="dialog-close" aria-label="Close" data-close>
            ×
          </button>
        </header>
        <form method="post" action="/api/contacts" noValidate aria-labelledby="inquire-title" data-inquiry-form>
          <input type="hidden" name="puppyId" value={puppy.id} />
          <InquiryFields idPrefix="inquire-dialog" />
          <footer className="form-actions">
            <button type="submit">Send Inquiry</button>
            <button type="button" className="secondary outline" data-close>
              Cancel
            </button>
          </footer>
        </form>
      </article>
    </dialog>
  );
}
