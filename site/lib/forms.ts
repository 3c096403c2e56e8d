// react-hook-form with a contract schema: the one way the islands build forms. And what a person typed
// into a form before its island woke up, so that no island ever clears it.
import { useState } from 'react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues } from 'react-hook-form';
import type * as v from 'valibot';

export type TypedValue = string | boolean | string[];

/**
 * The values of the named fields inside the element with this id, as the server-rendered page holds them
 * now: a text field's text, a select's value, a radio group's checked value ('' if none), a lone checkbox's
 * checked state, a group of same-named checkboxes' checked values. Null where there is no such element
 * (on the server, or when the island renders the form itself later).
 *
 * Call it once, in the first render's state initialiser, while the island hydrates. React keeps what was
 * typed in the DOM during hydration, but a form whose state starts empty writes that state back on its
 * first update (react-hook-form as it registers each field, a controlled input on its next render).
 * React does not compare value and checked while hydrating, so the two renders still agree.
 */
export function typedBeforeHydration(containerId: string): Record<string, TypedValue> | null {
  if (typeof document === 'undefined') return null;
  const container = document.getElementById(containerId);
  if (!container) return null;
  const fields = [
    ...container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input[name], select[name], textarea[name]',
    ),
  ];
  const typed: Record<string, TypedValue> = {};
  for (const field of fields) {
    const { name } = field;
    if (!(field instanceof HTMLInputElement) || (field.type !== 'checkbox' && field.type !== 'radio')) {
      if (field.type !== 'file') typed[name] = field.value;
      continue;
    }
    const group = fields.filter((other) => other.name === name);
    if (field.type === 'radio') {
      typed[name] = (group as HTMLInputElement[]).find((radio) => radio.checked)?.value ?? '';
    } else if (group.length === 1) {
      typed[name] = field.checked;
    } else {
      typed[name] = (group as HTMLInputElement[]).filter((box) => box.checked).map((box) => box.value);
    }
  }
  return typed;
}

/**
 * criteriaMode 'all' makes the resolver run the whole pipe: otherwise it aborts at the first
 * field issue and cross-field rules ("Passwords do not match") stay silent until the rest is valid.
 *
 * `formId` names the form's server-rendered element: the form then starts from what was typed into it
 * before hydration, not from the empty defaults. (A field without a default is read from the DOM by
 * react-hook-form itself when it registers.)
 *
 * `errors` are the server's, for a form it rendered again after refusing a post made without script:
 * shown from the first render. Pass one object for the form's life (react-hook-form sets its errors
 * again whenever this changes).
 */
export function useSchemaForm<S extends v.GenericSchema<FieldValues, FieldValues>>(
  schema: S,
  defaultValues?: DefaultValues<v.InferInput<S>>,
  formId?: string,
  errors?: FieldErrors<v.InferInput<S>>,
) {
  const [initial] = useState(() => {
    const typed = formId ? typedBeforeHydration(formId) : null;
    if (!typed || !defaultValues) return defaultValues;
    const kept = Object.fromEntries(Object.entries(typed).filter(([name]) => name in defaultValues));
    return { ...defaultValues, ...kept } as DefaultValues<v.InferInput<S>>;
  });
  return useForm<v.InferInput<S>, unknown, v.InferOutput<S>>({
    resolver: valibotResolver(schema),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: initial,
    ...(errors ? { errors } : {}),
  });
}
