// The one form field of the site (epic-stack's forms.tsx is the model): a label, the control, an optional
// hint and the field's message, for every form.
//
// - The label names the control through htmlFor/id (a checkbox or radio sits inside its label), so the
//   accessible name is the label's text alone: never the hint, never the message.
// - The message has its own line under the field, always there and empty while the field is fine, so a
//   message that appears (on blur, as the pointer goes down on the next control) never moves what is
//   below it.
// - The control points to its hint, and to its message while it has one, with aria-describedby, and is
//   aria-invalid while it has one.
//
// The caller renders the control (an input, select, textarea, a group of radios…) from the props it is
// handed, so react-hook-form's register() and any input attribute go straight onto the element.
import { useId, type ReactNode } from 'react';

/** what Field hands its control: spread it onto the input, select or textarea */
export interface ControlProps {
  /** undefined in a group: its choices keep their own ids */
  id: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** the field's `required` (decision 0137): the browser and assistive technology both hear it */
  required: true | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** the control's id (the message and hint ids derive from it); a unique one when left out */
  id?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  /**
   * 'text' (the default): the label above the control. 'check': a checkbox with its label text after it,
   * inside the label. 'group': a fieldset whose legend is the label, for radios or checkboxes; the
   * fieldset points to the message, and each choice gets aria-invalid.
   */
  kind?: 'text' | 'check' | 'group';
  className?: string | undefined;
  /** the message is announced as it appears (role="alert"), for one that follows an action, not typing */
  alert?: boolean;
  /**
   * A field the form cannot go without (decision 0137): a star after the label, which the form's
   * RequiredNote explains, and `required` on the control. The star is the label's CSS (global.css
   * .required-label) with an empty alternative, so neither the control's accessible name nor the label's
   * text changes; its required state is what a screen reader announces.
   */
  required?: boolean;
  /**
   * A form that answers only with a toast (docs/product.md: the inquiry, the donation, the card fields,
   * Find My Puppy, the filters) never shows a message under a field, so it keeps no empty line for one.
   */
  noMessage?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** the line at the top of a form with required fields, saying what the star means */
export function RequiredNote() {
  return (
    <p className="required-note" aria-hidden="true">
      Fields marked <span className="required-mark">*</span> are required.
    </p>
  );
}

function FieldMessage({ id, message, alert }: { id: string; message: string | undefined; alert: boolean }) {
  return (
    <small id={id} className="field-error field-message" role={alert ? 'alert' : undefined}>
      {message}
    </small>
  );
}

export function Field({
  label,
  id,
  hint,
  error,
  kind = 'text',
  className,
  alert = false,
  noMessage = false,
  required = false,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const messageId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error && !noMessage ? messageId : ''].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: required || undefined,
  };
  const labelClass = required ? 'required-label' : undefined;
  const hintLine = hint ? (
    <small id={hintId} className="field-hint">
      {hint}
    </small>
  ) : null;
  const message = noMessage ? null : <FieldMessage id={messageId} message={error} alert={alert} />;

  if (kind === 'group') {
    return (
      <fieldset className={className} aria-describedby={describedBy}>
        <legend className={labelClass}>{label}</legend>
        {children({ ...control, id: undefined, 'aria-describedby': undefined })}
        {hintLine}
        {message}
      </fieldset>
    );
  }
  if (kind === 'check') {
    return (
      <div className={className}>
        <label className={labelClass}>
          {children(control)} {label}
        </label>
        {hintLine}
        {message}
      </div>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClass}>
        {label}
      </label>
      {children(control)}
      {hintLine}
      {message}
    </div>
  );
}
