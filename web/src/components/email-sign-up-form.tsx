import type { PostedFormName } from '@contracts/storefront';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EmailInput } from '@/components/email-input';
import { EmailSuggestion } from '@/components/email-suggestion';
import { isApiError } from '@/lib/api-client';
import { checkEmail } from '@/lib/email';
import { usePostedForm, useSignedUp } from '@/lib/posted-form';
import { useSessionText } from '@/lib/session-text';

/** What one kind of sign-up form is, says and looks like (its feature's stylesheet): the same on every page it is on. */
export interface EmailSignUpKind {
  /**
   * Without JavaScript the form posts its page (web/src/lib/posted-form.ts) under this name, and the
   * server runs the API route behind it.
   */
  form: PostedFormName;
  /** Where the post and its answer land: this form's id, or its box's (`stock-alert`, the sold-out buy box). */
  lands: string;
  /** The form's own id, when it is what lands. */
  id?: string;
  /** The CSS block: the form is `{block}`, with `{block}__title`, `__hint`, `__row` and `__error`. */
  block: string;
  /** The class of the paragraph that replaces the form once signed up. */
  doneClassName: string;
  buttonClassName: string;
  title: string;
  /** A line under the title, when the sign-up needs one. */
  hint?: string;
  /** The email field's label (read by screen readers only). */
  label: string;
  button: string;
}

interface EmailSignUpFormProps {
  kind: EmailSignUpKind;
  /** The API body's fields beside the email (the page's book or campaign), posted as hidden fields without JavaScript. */
  fields: Record<string, string>;
  /**
   * What the visitor is told once signed up, given where the mail goes: ` {address}` as typed, or
   * 您填寫的信箱 when the form was posted without JavaScript and the page no longer knows it.
   */
  done: (to: string) => ReactNode;
  /** The sign-up's request (the server checks the address again and answers a new and a known one alike). */
  send: (email: string) => Promise<unknown>;
}

/**
 * An email sign-up whose mail carries a cancel link (到貨通知 on a sold-out book, 「截止前提醒我」 on an open
 * campaign): the address checked here first, the server's refusal shown under the field. Without
 * JavaScript the form posts its page, and the server answers it (web/src/lib/posted-form.ts).
 */
export function EmailSignUpForm({ kind, fields, done, send }: EmailSignUpFormProps) {
  const { form, lands, id: ownId, block, doneClassName, buttonClassName, title, hint, label, button } = kind;
  const id = useId();
  const posted = usePostedForm(form);
  const signedUp = useSignedUp(form);
  // The typed address is kept for this tab (Back gives it back), per form and page: `sign-up:close-reminder:{planId}`.
  const [draft, setDraft] = useSessionText(`sign-up:${[lands, ...Object.values(fields)].join(':')}`);
  // What was posted without JavaScript and refused, until the visitor types.
  const [refused, setRefused] = useState(posted?.email ?? '');
  const email = draft || refused;
  const setEmail = (text: string) => {
    setRefused('');
    setDraft(text);
  };
  // The address signed up with, shown once done (the kept draft is forgotten then).
  const [sent, setSent] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(posted?.text ?? null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkEmail(email);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setState('sending');
    try {
      await send(email.trim());
      setSent(email.trim());
      setEmail('');
      setState('done');
    } catch (err) {
      setState('idle');
      setError(isApiError(err) ? (await import('@contracts/errors')).refusalText(err) : '送出失敗，請稍後再試');
    }
  }

  if (state === 'done' || (signedUp && !posted)) {
    return (
      <p id={ownId} className={doneClassName} role="status">
        {done(state === 'done' && sent ? ` ${sent}` : '您填寫的信箱')}
      </p>
    );
  }
  // action: the page itself, landing back on this form (its answer, or the redirect, keeps the #id).
  return (
    <form id={ownId} className={block} method="post" action={`#${lands}`} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-t`}>
      <p id={`${id}-t`} className={`${block}__title`}>
        {title}
      </p>
      {hint ? <p className={`${block}__hint`}>{hint}</p> : null}
      <input type="hidden" name="form" value={form} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-e`} className="visually-hidden">
        {label}
      </label>
      <div className={`${block}__row`}>
        <EmailInput id={`${id}-e`} name="email" value={email} onValue={setEmail} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} maxLength={254} />
        <button type="submit" className={`btn ${buttonClassName}`} disabled={state === 'sending'} aria-busy={state === 'sending'}>
          {state === 'sending' ? '送出中…' : button}
        </button>
      </div>
      <EmailSuggestion value={email} onAccept={setEmail} inline />
      {error ? (
        <p id={`${id}-err`} className={`${block}__error`} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
