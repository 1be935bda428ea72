import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EmailInput } from '@/components/email-input';
import { EmailSuggestion } from '@/components/email-suggestion';
import { api, isApiError } from '@/lib/api-client';
import { checkEmail } from '@/lib/email';
import { usePostedForm, useSignedUp } from '@/lib/posted-form';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'ok'; text: string } | { kind: 'error'; text: string };

/**
 * The footer's 訂閱. Without JavaScript it posts the page it is on, and the server answers it
 * (web/src/lib/posted-form.ts): the page again at #newsletter, saying it is done or why not. On a rendered
 * page it hydrates late, when needed (footer.tsx): `data-hydrates="later"` tells the browser tests'
 * `hydrated()` not to wait for it (web/e2e/support/test.ts).
 */
export function NewsletterForm() {
  const id = useId();
  const posted = usePostedForm('newsletter');
  const signedUp = useSignedUp('newsletter');
  const [email, setEmail] = useState(posted?.email ?? '');
  const [state, setState] = useState<State>(
    posted ? { kind: 'error', text: posted.text } : signedUp ? { kind: 'ok', text: '訂閱成功！確認信已寄到您填寫的信箱。（已在訂閱名單中的信箱不會重複收到）' } : { kind: 'idle' },
  );

  // Hydrated after the page (footer.tsx): what was typed before is on screen but not in this state yet.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Once, on hydration (the same value changes nothing).
    const typed = input.current?.value;
    if (typed !== undefined) setEmail(typed);
  }, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = checkEmail(email);
    if (problem) return setState({ kind: 'error', text: problem });
    setState({ kind: 'sending' });
    try {
      const res = await api('POST /api/subscriptions', { body: { email: email.trim() } }, { auth: false });
      // The API answers a new and a known address alike (it must not tell who subscribed).
      setState({ kind: 'ok', text: `訂閱成功！確認信已寄到 ${res.email}。（已在訂閱名單中的信箱不會重複收到）` });
      setEmail('');
    } catch (err) {
      // The catalogue's words load with the first refusal: this form is on every page (docs/storefront.md).
      const text = isApiError(err) ? (await import('@contracts/errors')).refusalText(err) : '訂閱失敗，請稍後再試';
      setState({ kind: 'error', text });
    }
  }

  const invalid = state.kind === 'error';
  return (
    <form id="newsletter" className="newsletter" method="post" action="#newsletter" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} data-hydrates="later">
      <h2 id={`${id}-title`} className="site-footer__heading">
        訂閱電子報
      </h2>
      <p className="small">新書上市、勘誤與團購開跑，第一時間通知您。</p>
      <input type="hidden" name="form" value="newsletter" />
      <label htmlFor={`${id}-email`} className="visually-hidden">
        電子郵件
      </label>
      <div className="newsletter__row">
        <EmailInput ref={input} id={`${id}-email`} className="input" name="email" maxLength={300} value={email} onValue={setEmail} aria-invalid={invalid || undefined} aria-describedby={`${id}-msg`} />
        <button type="submit" className="btn btn--accent" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? '送出中…' : '訂閱'}
        </button>
      </div>
      <EmailSuggestion value={email} onAccept={setEmail} inline />
      <p id={`${id}-msg`} className={`newsletter__msg${state.kind === 'error' ? ' newsletter__msg--error' : state.kind === 'ok' ? ' newsletter__msg--ok' : ''}`} role="status" aria-live="polite">
        {state.kind === 'ok' || state.kind === 'error' ? state.text : ''}
      </p>
    </form>
  );
}
