// Labelled inputs of the seller application: the error sits under the field and is tied to it for
// assistive technology (aria-invalid + aria-describedby).
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';

type Common = { label: string; name: string; error?: string; hint?: string };

function describedBy(name: string, error?: string, hint?: string): string | undefined {
  return [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function TextField({ label, name, error, hint, ref, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <label>
      {label}
      <input name={name} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, error, hint)} {...input} />
      {hint && <small id={`${name}-hint`}>{hint}</small>}
      {error && <small id={`${name}-error`} className="field-error">{error}</small>}
    </label>
  );
}

export function TextArea({ label, name, error, hint, ref, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <label>
      {label}
      <textarea name={name} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, error, hint)} {...input} />
      {hint && <small id={`${name}-hint`}>{hint}</small>}
      {error && <small id={`${name}-error`} className="field-error">{error}</small>}
    </label>
  );
}
