import { describeError } from '@contracts/errors';
import { formatDateTime } from '@contracts/format';
import { useId, useState, type FormEvent } from 'react';
import { EmailInput } from '@/components/email-input';
import { api, isApiError } from '@/lib/api-client';
import { checkEmail } from '@/lib/email';

/** 「截止前提醒我」: on an open campaign, a visitor leaves an email and gets one mail 24 h before it closes. */
export function CloseReminderForm({ planId, closingDate }: { planId: string; closingDate: string }) {
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
      await api('POST /api/closeReminders', { body: { planId, email: email.trim() } });
      setState('done');
    } catch (err) {
      setState('idle');
      setError(isApiError(err) ? (err.details?.[0]?.message ?? describeError(err.statusCode, err.statusMessage)) : '送出失敗，請稍後再試');
    }
  }

  if (state === 'done') {
    return (
      <p className="gb-remind gb-remind--done" role="status">
        已登記！截止前 24 小時會寄一封提醒信到 {email.trim()}（截止時間 {formatDateTime(closingDate)}）。
      </p>
    );
  }
  return (
    <form className="gb-remind" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-t`}>
      <p id={`${id}-t`} className="gb-remind__title">
        還在考慮？截止前提醒我
      </p>
      <p className="gb-remind__hint">留下電子郵件，活動截止前 24 小時寄一封提醒信給您（只寄一次，可隨時取消）。</p>
      <label htmlFor={`${id}-e`} className="visually-hidden">
        截止前提醒的電子郵件
      </label>
      <div className="gb-remind__row">
        <EmailInput id={`${id}-e`} value={email} onValue={setEmail} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} maxLength={254} />
        <button type="submit" className="btn btn--ghost" disabled={state === 'sending'} aria-busy={state === 'sending'}>
          {state === 'sending' ? '送出中…' : '截止前提醒我'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-err`} className="gb-remind__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
