// The contact page's message form (docs/product.md §2 "Contact", §5, §8): all four fields required, else the toast
// 'Error - Please fill out all fields' and no request; sent through POST /api/contacts; success toast
// and cleared fields, or the failure toast. Validation is the API's own contract schema.
import { ContactSchema } from '#contracts/contacts.ts';
import { Field, RequiredNote } from '../react/Field.tsx';
import { useHydrated } from '../lib/hydrated.ts';
import { postJson } from '../lib/api-client.ts';
import { useSchemaForm } from '../lib/forms.ts';
import { toast } from '../lib/toast.ts';

const EMPTY = { name: '', email: '', phone: '', message: '' };
const FORM_ID = 'contact-form';
type FieldName = keyof typeof EMPTY;

export default function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ContactSchema, EMPTY, FORM_ID);
  const hydrated = useHydrated();

  const onValid = async ({
    name,
    email,
    phone,
    message,
  }: {
    name: string;
    email: string;
    phone: string;
    message: string;
  }) => {
    try {
      await postJson('/api/contacts', { name, email, phone, message });
      toast({
        title: 'Message Sent!',
        description: "Thank you for contacting us. We'll get back to you soon!",
        variant: 'success',
      });
      reset(EMPTY);
    } catch {
      toast({ title: 'Error', description: 'Failed to send your message. Please try again.', variant: 'destructive' });
    }
  };

  const onInvalid = () => {
    const values = getValues();
    const blank = (Object.keys(EMPTY) as FieldName[]).some((field) => !String(values[field] ?? '').trim());
    if (blank) toast({ title: 'Error', description: 'Please fill out all fields', variant: 'destructive' });
  };

  const field = (name: FieldName, label: string, className?: string) => ({
    id: `contact-${name}`,
    label,
    className,
    error: errors[name]?.message,
    required: true,
  });

  return (
    <form
      method="post"
      id={FORM_ID}
      className="contact-form"
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      aria-label="Send us a message"
    >
      <RequiredNote />
      <div className="contact-grid">
        <Field {...field('name', 'Name')}>
          {(control) => <input type="text" autoComplete="name" {...control} {...register('name')} />}
        </Field>
        <Field {...field('email', 'Email')}>
          {(control) => <input type="email" autoComplete="email" {...control} {...register('email')} />}
        </Field>
        <Field {...field('phone', 'Phone', 'span-2')}>
          {(control) => <input type="tel" autoComplete="tel" {...control} {...register('phone')} />}
        </Field>
        <Field {...field('message', 'Message', 'span-2')}>
          {(control) => <textarea rows={6} {...control} {...register('message')} />}
        </Field>
      </div>
      <button type="submit" aria-busy={isSubmitting || undefined} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
