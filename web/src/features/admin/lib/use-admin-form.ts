import { useRef, useState, type FormEvent } from 'react';
import { get, type DefaultValues, type FieldErrors, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form';
import { notify } from '@/lib/toast';
import { errorText } from './labels';

// The owner console's forms, on the web's one form library (lib/form.ts: react-hook-form over the
// contract's schema, the server's Chinese beside each field as the owner types). What the console adds:
// a count of the fields to fix in a toast, focus on the first of them (by the page's order, also after
// the server's refusal), and a failure no field carries kept for FormErrors (components/ui.tsx).

/** How many problems a form's errors hold: each field's, and each list's own (e.g. 同一本書只能列一次). */
function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  const node = errors as Record<string, unknown>;
  const own = typeof node.message === 'string' ? 1 : 0;
  return own + Object.entries(node).reduce((n, [k, v]) => (k === 'ref' || k === 'message' || k === 'type' || k === 'types' ? n : n + countErrors(v)), 0);
}

/** Each problem under `errors` with its path (`erratum.0.postDate`), in the schema's order. */
export function errorPaths(errors: unknown, prefix = ''): [string, string][] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  const own: [string, string][] = typeof node.message === 'string' && prefix ? [[prefix.replace(/\.root$/, ''), node.message]] : [];
  return own.concat(
    Object.entries(node).flatMap(([k, v]) => (k === 'ref' || k === 'message' || k === 'type' || k === 'types' ? [] : errorPaths(v, prefix ? `${prefix}.${k}` : k))),
  );
}

/** The first problem under `path`: a list edited as one text (a line per item) shows its items' problems. */
function firstError(errors: FieldErrors, path: string): string | undefined {
  return errorPaths(get(errors, path) as unknown, path)[0]?.[1];
}

const tellCount = (n: number) => notify('error', `有 ${n} 個欄位需要修正，請見標示處`);

/**
 * An owner's form over `schema` (`prepare` makes the schema's input from the form's values, e.g. a
 * number typed as text). `onSubmit(send)` is the form's submit handler: the values are checked first;
 * `send` gets the parsed input. A refusal with the server's `details` puts each beside its field; any
 * other failure is `error` and a toast.
 */
export function useAdminForm<V extends FieldValues, O>(schema: z.ZodType<O>, defaultValues: DefaultValues<V>, prepare?: (values: V) => unknown) {
  const form = useSchemaForm<V, O>(schema, defaultValues, prepare);
  const [error, setError] = useState<unknown>(null);
  // The form element of the last submit: the server's marks are looked for in it.
  const element = useRef<HTMLFormElement | null>(null);

  /** Problems the server found, by path (without the leading `body.`), beside their fields. */
  const refuse = (problems: Record<string, string>) => {
    for (const [path, message] of Object.entries(problems)) form.setError(path as FieldPath<V>, { type: 'server', message });
    tellCount(Object.keys(problems).length);
    // After the page shows the marks: the first marked field, in the page's order.
    requestAnimationFrame(() => element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const onSubmit = (send: (input: O) => Promise<void>) => (e: FormEvent<HTMLFormElement>) => {
    element.current = e.currentTarget;
    return form.handleSubmit(
      async (input) => {
        setError(null);
        try {
          await send(input);
        } catch (err) {
          if (isApiError(err) && err.details?.length) {
            const problems: Record<string, string> = {};
            for (const d of err.details) problems[d.path.replace(/^body\./, '')] ??= d.message;
            refuse(problems);
          } else {
            setError(err);
            notify('error', errorText(err));
          }
        }
      },
      // react-hook-form focuses the first wrong field itself.
      (errors) => tellCount(countErrors(errors)),
    )(e);
  };

  /** A text field bound to `name`, for components/field.tsx, with the first problem under it. */
  const field = (name: FieldPath<V>) => ({ ...form.register(name), error: firstError(form.formState.errors, name) });

  /** An id that goes into an address (英數字與 -): spaces are dropped as they are typed. */
  const idField = (name: FieldPath<V>) => ({
    ...form.register(name, { onChange: (e: { target: { value: string } }) => form.setValue(name, e.target.value.trim() as PathValue<V, FieldPath<V>>) }),
    pattern: '[A-Za-z0-9_-]{1,64}',
    error: firstError(form.formState.errors, name),
  });

  return { form, field, idField, error, refuse, onSubmit, busy: form.formState.isSubmitting };
}
