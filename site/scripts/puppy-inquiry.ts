// The inquiry on a puppy page (site/react/InquireDialog.tsx; docs/product.md §2, §5, §8; decision 0128):
// the page's form and the dialog's form send JSON to /api/contacts and answer with a toast, as the spec's
// inquiry does. The two forms are one inquiry: what is typed into one is in the other, so text typed into
// the page before this script arrived, or into the dialog before it was closed, is never lost.
import { ApiError, postJson } from '../lib/api-client.ts';
import { setBusy } from '../lib/busy.ts';
import { sessionUser } from '../lib/session-user.ts';
import { toast } from '../lib/toast.ts';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type FieldName = (typeof FIELDS)[number];
type Control = HTMLInputElement | HTMLTextAreaElement;

export interface Inquiry {
  /** fills the empty fields for a logged-in family and opens the dialog */
  open(): Promise<void>;
}

export function watchInquiry(root: HTMLElement, puppy: { id: number; name: string }): Inquiry {
  const dialog = root.querySelector<HTMLDialogElement>('dialog[data-inquire-dialog]');
  const forms = [...root.querySelectorAll<HTMLFormElement>('form[data-inquiry-form]')];
  const control = (form: HTMLFormElement, name: FieldName) => form.elements.namedItem(name) as Control | null;

  // one inquiry in two forms
  for (const form of forms) {
    form.addEventListener('input', (event) => {
      const changed = event.target as Control;
      for (const other of forms) {
        const twin = other === form ? null : control(other, changed.name as FieldName);
        if (twin) twin.value = changed.value;
      }
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send(form);
    });
  }
  // the dialog's form starts from what the page's form holds (typed before this script, or restored)
  const source = forms.find((form) => !form.closest('dialog'));
  const copyFrom = (form: HTMLFormElement | undefined) => {
    if (!form) return;
    for (const name of FIELDS)
      for (const other of forms) {
        const from = control(form, name);
        const to = control(other, name);
        if (other !== form && from && to) to.value = from.value;
      }
  };
  copyFrom(source);

  const values = (form: HTMLFormElement) =>
    Object.fromEntries(FIELDS.map((name) => [name, control(form, name)?.value ?? ''])) as Record<FieldName, string>;

  const sending = (busy: boolean) => {
    for (const form of forms) {
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      setBusy(button, busy);
      if (button) button.textContent = busy ? 'Sending…' : 'Send Inquiry';
    }
  };

  async function send(form: HTMLFormElement): Promise<void> {
    root.querySelector('[data-refusal]')?.remove();
    const fields = values(form);
    if (Object.values(fields).some((value) => value.trim() === '')) {
      toast({ title: 'Error', description: 'Please fill out all fields', variant: 'destructive' });
      return;
    }
    sending(true);
    try {
      await postJson('/api/contacts', { ...fields, puppyId: puppy.id });
      toast({ title: 'Message Sent!', description: 'Your inquiry has been sent to the seller...', variant: 'success' });
      forms.forEach((each) => FIELDS.forEach((name) => control(each, name) && (control(each, name)!.value = '')));
      if (form.closest('dialog')) dialog?.close();
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
      toast({
        title: 'Error',
        description: fieldMessage ?? 'Failed to send your inquiry. Please try again.',
        variant: 'destructive',
      });
    } finally {
      sending(false);
    }
  }

  for (const close of dialog?.querySelectorAll<HTMLElement>('[data-close]') ?? [])
    close.addEventListener('click', () => dialog?.close());

  return {
    async open() {
      if (!dialog) return;
      const user = await sessionUser();
      // only empty fields: what the family typed stays as it is
      const fill = (name: FieldName, value: string) => {
        for (const form of forms) {
          const field = control(form, name);
          if (field && !field.value) field.value = value;
        }
      };
      fill('name', user?.username ?? '');
      fill('email', user?.email ?? '');
      fill('message', `Hi! Is ${puppy.name} still available? We would love to know more.`);
      dialog.showModal();
    },
  };
}
