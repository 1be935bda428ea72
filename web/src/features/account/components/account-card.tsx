import { useState, type ReactNode } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '@/components/field';
import { setServerError, useSchemaForm } from '@/lib/form';
import { placeError } from '../session-actions';

/**
 * The frame of every account page (sign-in, sign-up, password reset, the email links): one card, its h1;
 * `done` marks a finished step with a check mark.
 */
export function AccountCard({ title, done = false, children }: { title: ReactNode; done?: boolean; children: ReactNode }) {
  return (
    <section className="account-page" aria-labelledby="page-title">
      <div className={done ? 'account-card account-card--done' : 'account-card'}>
        {done ? (
          <p className="account-card__icon" aria-hidden="true">
            ✓
          </p>
        ) : null}
        <h1 id="page-title" className="account-card__title">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

/**
 * An account page's form over a shared schema. `send` runs with the checked input; the form goes away
 * when it succeeds (a new page, or the card's next state), so the button stays busy until then. A
 * refusal that names one of the form's fields (`aliases` maps the server's other names for them) is
 * shown beside it, anything else on top of the form.
 */
export function useAccountForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  send: (input: z.output<S>) => Promise<void>,
  aliases: Record<string, FieldPath<z.input<S>>> = {},
) {
  const form = useSchemaForm(schema, defaultValues);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const onSubmit = form.handleSubmit(async (input) => {
    setAlert(undefined);
    setBusy(true);
    try {
      await send(input);
    } catch (err) {
      const placed = placeError(err);
      const field = placed.field && (aliases[placed.field] ?? (placed.field in defaultValues ? (placed.field as FieldPath<z.input<S>>) : undefined));
      if (field) setServerError(form, field, placed.message);
      else setAlert(placed.message);
      setBusy(false);
    }
  });
  return { form, busy, alert, onSubmit };
}

/** The form of useAccountForm: the form-wide message on top, the fields, then the submit button. */
export function AccountForm({ account, submit, busyLabel, children }: { account: { busy: boolean; alert?: string; onSubmit: () => Promise<void> }; submit: string; busyLabel: string; children: ReactNode }) {
  return (
    <form
      className="account-form"
      // Without JavaScript the browser would send the form itself: POST keeps a password out of the URL
      // (the ssr function sends the visitor back to the page: functions/src/ssr/handler.ts).
      method="post"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void account.onSubmit();
      }}
    >
      <FormAlert>{account.alert}</FormAlert>
      <noscript>
        <p className="muted">登入與註冊需要啟用 JavaScript。</p>
      </noscript>
      {children}
      <button type="submit" className="btn btn--primary account-form__submit" disabled={account.busy} aria-busy={account.busy}>
        {account.busy ? busyLabel : submit}
      </button>
    </form>
  );
}
