import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type RegisterOptions, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

// The web's one way to run a form: react-hook-form over a shared schema from functions/src/contracts,
// so a field says what the server would refuse, in the server's own Chinese, as the user types (and on
// leaving the field); the values handed to the submit handler are the schema's parsed output. Only the
// lazily loaded form routes import this: react-hook-form stays out of the storefront's first JS.

/** A form whose values are the schema's input. */
export function useSchemaForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>): UseFormReturn<z.input<S>, unknown, z.output<S>>;
/**
 * A form whose values the schema's input does not name exactly (a group order's pickup choice):
 * `prepare` makes the schema's input from the form's values at each check. Issue paths are the schema's,
 * so name the fields by them.
 */
export function useSchemaForm<V extends FieldValues, O>(schema: z.ZodType<O>, defaultValues: DefaultValues<V>, prepare?: (values: V) => unknown): UseFormReturn<V, unknown, O>;
export function useSchemaForm<V extends FieldValues, O>(schema: z.ZodType<O>, defaultValues: DefaultValues<V>, prepare?: (values: V) => unknown): UseFormReturn<V, unknown, O> {
  // The casts only name types: the resolver checks the values against the schema at run time.
  const check = zodResolver(schema as never) as unknown as Resolver<V, unknown, O>;
  const resolver: Resolver<V, unknown, O> = prepare ? (values, context, options) => check(prepare(values) as V, context, options) : check;
  return useForm<V, unknown, O>({ resolver, defaultValues, mode: 'all' });
}

/** What components/field.tsx needs to show and edit `name`: the registration and the field's error. */
export function fieldProps<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, name: FieldPath<V>, options?: RegisterOptions<V, FieldPath<V>>) {
  return { ...form.register(name, options), error: form.getFieldState(name, form.formState).error?.message };
}

/** A server refusal placed beside its field (the catalogue's Chinese, or the validation detail). */
export function setServerError<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, name: FieldPath<V>, message: string) {
  form.setError(name, { type: 'server', message }, { shouldFocus: true });
}
