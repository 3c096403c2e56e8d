// The contact page's message form (docs/product.md §2 "Contact", §5, §8): all four fields required, else the toast
// 'Error - Please fill out all fields' and no request; sent through POST /api/contacts; success toast
// and cleared fields, or the failure toast. Validation is the API's own contract schema.
import { ContactSchema } from '#contracts/contacts.ts';
import { FieldMessage } from '../components/FormFields.tsx';
import { useHydrated } from '../lib/hydrated.ts';
import { postJson } from '../lib/api-client.ts';
import { useSchemaForm } from '../lib/forms.ts';
import { toast } from '../lib/toast.ts';

const EMPTY = { name: '', email: '', phone: '', message: '' };
const FORM_ID = 'contact-form';
type Field = keyof typeof EMPTY;

export default function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ContactSchema, EMPTY, FORM_ID);
  const hydrated = useHydrated();

  const onValid = async ({ name, email, phone, message }: { name: string; email: string; phone: string; message: string }) => {
    try {
      await postJson('/api/contacts', { name, email, phone, message });
      toast({ title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you soon!", variant: 'success' });
      reset(EMPTY);
    } catch {
      toast({ title: 'Error', description: 'Failed to send your message. Please try again.', variant: 'destructive' });
    }
  };

  const onInvalid = () => {
    const values = getValues();
    const blank = (Object.keys(EMPTY) as Field[]).some((field) => !String(values[field] ?? '').trim());
    if (blank) toast({ title: 'Error', description: 'Please fill out all fields', variant: 'destructive' });
  };

  const field = (name: Field) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    ...register(name),
  });
  const message = (name: Field) => <FieldMessage id={`contact-${name}-error`} message={errors[name]?.message} />;

  return (
    <form method="post" id={FORM_ID} className="contact-form" onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Send us a message">
      <div className="contact-grid">
        <div>
          <label htmlFor="contact-name">Name</label>
          <input type="text" autoComplete="name" {...field('name')} />
          {message('name')}
        </div>
        <div>
          <label htmlFor="contact-email">Email</label>
          <input type="email" autoComplete="email" {...field('email')} />
          {message('email')}
        </div>
        <div className="span-2">
          <label htmlFor="contact-phone">Phone</label>
          <input type="tel" autoComplete="tel" {...field('phone')} />
          {message('phone')}
        </div>
        <div className="span-2">
          <label htmlFor="contact-message">Message</label>
          <textarea rows={6} {...field('message')} />
          {message('message')}
        </div>
      </div>
      <button type="submit" aria-busy={isSubmitting || undefined} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
