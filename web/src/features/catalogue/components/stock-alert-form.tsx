import { describeError } from '@contracts/errors';
import { useId, useState, type FormEvent } from 'react';
import { EmailInput } from '@/components/email-input';
import { api, isApiError } from '@/lib/api-client';
import { checkEmail } from '@/lib/email';

/** 到貨通知: on a sold-out book, the shopper leaves an email and gets one mail when it is back. */
export function StockAlertForm({ productId, bookName }: { productId: string; bookName: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

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
      await api('POST /api/stockAlerts', { body: { productId, email: email.trim() } });
      setState('done');
    } catch (err) {
      setState('idle');
      setError(isApiError(err) ? (err.details?.[0]?.message ?? describeError(err.statusCode, err.statusMessage)) : '送出失敗，請稍後再試');
    }
  }

  if (state === 'done') {
    return (
      <p className="stock-alert__done" role="status">
        已登記！《{bookName}》到貨時會寄一封通知信到 {email.trim()}。
      </p>
    );
  }
  return (
    <form className="stock-alert" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-t`}>
      <p id={`${id}-t`} className="stock-alert__title">
        到貨通知
      </p>
      <label htmlFor={`${id}-e`} className="visually-hidden">
        到貨通知的電子郵件
      </label>
      <div className="stock-alert__row">
        <EmailInput id={`${id}-e`} value={email} onValue={setEmail} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} maxLength={254} />
        <button type="submit" className="btn btn--primary" disabled={state === 'sending'} aria-busy={state === 'sending'}>
          {state === 'sending' ? '送出中…' : '到貨通知我'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-err`} className="stock-alert__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
