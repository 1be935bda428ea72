import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '@/components/field';

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

/** An account page's form: the form-wide message on top, cleared when the form is sent again. */
export function AccountForm({ alert, clearAlert, onSubmit, children }: {
  alert?: string;
  clearAlert: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(e) => {
        clearAlert();
        void onSubmit(e);
      }}
    >
      <FormAlert>{alert}</FormAlert>
      {children}
    </form>
  );
}
