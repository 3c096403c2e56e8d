// Labelled form fields and their validation messages, for every form of the site.
//
// A message has its own line under its field, always there and empty while the field is fine, so a
// message that appears (on blur, as the pointer goes down on the next control) never moves what is below
// it. The line sits outside the <label>, so neither the message nor a hint is part of the field's name:
// the field points to them with aria-describedby, to the message only while it has one.
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';

export function FieldMessage({ id, message }: { id: string; message?: string | undefined }) {
  return (
    <small id={id} className="field-error field-message">
      {message}
    </small>
  );
}

/** a field's aria-describedby: its hint, and its message while it has one */
export function describedBy(messageId: string, message: string | undefined, hintId?: string): string | undefined {
  return [hintId ?? '', message ? messageId : ''].filter(Boolean).join(' ') || undefined;
}

type Common = { label: string; name: string; error?: string | undefined; hint?: string };

export function TextField({ label, name, error, hint, ref, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <div className="form-field">
      <label>
        {label}
        <input name={name} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${name}-error`, error, hint && `${name}-hint`)} {...input} />
      </label>
      {hint && (
        <small id={`${name}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      <FieldMessage id={`${name}-error`} message={error} />
    </div>
  );
}

export function TextArea({ label, name, error, hint, ref, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <div className="form-field">
      <label>
        {label}
        <textarea name={name} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${name}-error`, error, hint && `${name}-hint`)} {...input} />
      </label>
      {hint && (
        <small id={`${name}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      <FieldMessage id={`${name}-error`} message={error} />
    </div>
  );
}
