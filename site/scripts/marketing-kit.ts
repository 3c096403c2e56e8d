// The marketing kit (decision 0136): the Copy buttons and Print, which need a script and so are hidden in
// the HTML until this runs; without it the addresses stay selectable and the browser's Print prints the flyer.
const root = document.querySelector<HTMLElement>('[data-kit]');
if (root) {
  const status = root.querySelector<HTMLElement>('[data-copy-status]');
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
    const source = button.closest('li')?.querySelector<HTMLInputElement>('[data-copy-source]');
    if (!source) continue;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const name = source.labels?.[0]?.textContent?.trim() ?? 'The link';
      try {
        await navigator.clipboard.writeText(source.value);
        button.textContent = 'Copied';
        if (status) status.textContent = `${name} copied to your clipboard.`;
        setTimeout(() => (button.textContent = 'Copy'), 2000);
      } catch {
        // no clipboard (an old browser, a refused permission): select it, for Ctrl+C
        source.focus();
        source.select();
        if (status) status.textContent = `Press Ctrl+C (⌘C) to copy the ${name} address.`;
      }
    });
  }
  const print = root.querySelector<HTMLButtonElement>('[data-print]');
  if (print) {
    print.hidden = false;
    print.addEventListener('click', () => window.print());
  }
}
