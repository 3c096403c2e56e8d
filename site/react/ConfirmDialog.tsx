// The one confirmation before an action that moves money (docs/product.md §10: the admin's cancel and
// refund, the seller's handover, the buyer's confirmation of receipt): a native modal <dialog>, so the
// browser moves focus in, keeps it there, and closes on Escape. It says what will happen, with the amount,
// before anything is sent; nothing moves until its own button is pressed.
//
// Its content exists only while it is open, so a form inside starts empty on every opening and the page
// never holds a second, hidden copy of a button's name. It is put at the end of <body>: the card or panel
// whose button opens it (a list item, a small-print panel) then lends it none of its own styles.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './ConfirmDialog.css';

interface Props {
  open: boolean;
  title: ReactNode;
  /** what will happen, with the amount: the dialog's description */
  message: ReactNode;
  /** the button that does it: the same words as the button that opened the dialog */
  confirmLabel: string;
  /** the button that leaves everything as it was */
  keepLabel: string;
  /** a destructive action (a refund) takes Pico's contrast colour */
  destructive?: boolean;
  busy?: boolean;
  /** the dialog's form was submitted; the caller prevents the default (handleSubmit does) */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Escape, the keep button, or the caller's own close after success */
  onClose: () => void;
  /** fields the action needs (the admin's reason): the first one takes the focus, else the keep button does */
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  keepLabel,
  destructive = false,
  busy = false,
  onSubmit,
  onClose,
  children,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const id = useId();
  // there is no <body> to put it in before the island runs in the browser
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => setBody(document.body), []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // a field the action needs, or else the keep button: Enter alone never moves the money
      element.querySelector<HTMLElement>('form :is(input, select, textarea), [data-keep]')?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, body]);

  // Focus goes back to the button that opened the dialog when it is still there; Chromium does this by
  // itself, but not every browser does.
  const closed = () => {
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    onClose();
  };

  if (!body) return null;
  return createPortal(
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        // Escape while the request runs would hide an answer still to come
        if (busy) event.preventDefault();
      }}
      onClose={closed}
    >
      {open && (
        <article>
          <header>
            <h2 id={`${id}-title`}>{title}</h2>
          </header>
          <form id={`${id}-form`} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
            <p id={`${id}-message`} className="confirm-dialog-message">
              {message}
            </p>
            {children}
          </form>
          <footer className="form-actions">
            <button
              type="submit"
              form={`${id}-form`}
              className={destructive ? 'contrast' : undefined}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {confirmLabel}
            </button>
            <button
              type="button"
              className="secondary outline"
              onClick={() => dialog.current?.close()}
              disabled={busy}
              data-keep
            >
              {keepLabel}
            </button>
          </footer>
        </article>
      )}
    </dialog>,
    body,
  );
}
