// A report form rendered as server HTML with no React behind it (site/react/ReportForm.tsx, decision 0092,
// decision 0128): without this script it posts and the API answers 303 back to the page; with it, it
// posts JSON and keeps what was chosen and typed when the server refuses it, as the islands' copy does.
import { ApiError, postJson } from '../lib/api-client.ts';
import { setBusy } from '../lib/busy.ts';
import { toast } from '../lib/toast.ts';

const TARGETS = ['puppyId', 'messageId', 'reviewId'] as const;

export function watchReportForm(form: HTMLFormElement): void {
  const reason = form.elements.namedItem('reason') as HTMLSelectElement | null;
  const message = reason ? document.getElementById(`${reason.id}-error`) : null;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!reason) return;

  const showError = (text: string | undefined) => {
    if (message) message.textContent = text ?? '';
    if (text) {
      reason.setAttribute('aria-invalid', 'true');
      if (message) reason.setAttribute('aria-describedby', message.id);
    } else {
      reason.removeAttribute('aria-invalid');
      reason.removeAttribute('aria-describedby');
    }
  };
  reason.addEventListener('change', () => showError(undefined));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });

  async function send(): Promise<void> {
    if (!reason!.value) return showError('Please choose a reason');
    const data = new FormData(form);
    const target = TARGETS.find((name) => data.has(name));
    if (!target) return;
    setBusy(button, true);
    try {
      const answer = await postJson<{ message: string }>('/api/reports', {
        [target]: Number(data.get(target)),
        reason: reason!.value,
        comment: String(data.get('comment') ?? ''),
      });
      const sent = document.createElement('p');
      sent.className = 'report-sent';
      sent.textContent = 'Thank you. Our team will review your report.';
      (form.closest('details') ?? form).replaceWith(sent);
      toast({ title: 'Report sent', description: answer.message, variant: 'success' });
    } catch (failure) {
      showError(
        failure instanceof ApiError
          ? (Object.values(failure.fields)[0] ?? failure.message)
          : 'Your report could not be sent. Please try again.',
      );
    } finally {
      setBusy(button, false);
    }
  }
}
