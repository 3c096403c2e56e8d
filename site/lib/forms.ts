// react-hook-form with a contract schema: the one way the islands build forms.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as v from 'valibot';

/**
 * criteriaMode 'all' makes the resolver run the whole pipe: otherwise it aborts at the first
 * field issue and cross-field rules ("Passwords do not match") stay silent until the rest is valid.
 */
export function useSchemaForm<S extends v.GenericSchema<FieldValues, FieldValues>>(schema: S, defaultValues?: DefaultValues<v.InferInput<S>>) {
  return useForm<v.InferInput<S>, unknown, v.InferOutput<S>>({
    resolver: valibotResolver(schema),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues,
  });
}
