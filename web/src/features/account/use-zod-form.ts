import { useMemo, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string>;

/**
 * A small form state on a shared zod schema: fields validate as the user types (once touched) and
 * all at once on submit; the server's refusals can be put beside a field with setServerError.
 */
export function useZodForm<S extends z.ZodType, V extends Values>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const clientErrors = useMemo(() => {
    const out: Partial<Record<keyof V, string>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? '') as keyof V;
        if (key && !out[key]) out[key] = issue.message;
      }
    }
    return out;
  }, [result]);

  const errorOf = (name: keyof V): string | undefined =>
    serverErrors[name] ?? (touched[name] || submitted ? clientErrors[name] : undefined);

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setTouched((t) => ({ ...t, [name]: true }));
      setServerErrors((s) => ({ ...s, [name]: undefined }));
    },
  });

  /** Marks every field for display; returns the parsed values when valid. */
  const check = (): z.output<S> | null => {
    setSubmitted(true);
    return result.success ? result.data : null;
  };

  const setServerError = (name: keyof V, message: string) => setServerErrors((s) => ({ ...s, [name]: message }));

  return { values, field, check, setServerError };
}
