// A form's submit button while its request is out, for the plain scripts (decision 0128): disabled, and
// aria-busy so that a screen reader hears it.
export function setBusy(button: HTMLButtonElement | null, busy: boolean): void {
  if (!button) return;
  button.disabled = busy;
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}
