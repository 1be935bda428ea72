import { describeError } from '@contracts/errors';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, isApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-title';

/** /closeReminder/cancel?token=…: the signed link in every 「截止前提醒我」 mail; cancels on a click, not on load (mail scanners open links). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentMeta('取消截止前提醒', '取消青嶼書房團購活動的截止前提醒。');
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  async function cancel() {
    setState('sending');
    setError(null);
    try {
      await api('POST /api/closeReminders/cancel', { body: { token } });
      setState('done');
    } catch (err) {
      setState('idle');
      setError(isApiError(err) ? (err.details?.[0]?.message ?? describeError(err.statusCode, err.statusMessage)) : '取消失敗，請稍後再試');
    }
  }
  return (
    <section className="unsubscribe" aria-labelledby="cr-title">
      <h1 id="cr-title">取消截止前提醒</h1>
      {state === 'done' ? (
        <p role="status">已取消，活動截止前不會再寄提醒信給您。</p>
      ) : (
        <>
          <p>確定不要收到這個團購活動的截止前提醒嗎？</p>
          <button type="button" className="btn btn--primary" onClick={() => void cancel()} disabled={!token || state === 'sending'} aria-busy={state === 'sending'}>
            {state === 'sending' ? '處理中…' : '取消截止前提醒'}
          </button>
          {error ? <p role="alert">{error}</p> : null}
        </>
      )}
      <p>
        <Link to="/bookstore">回到書店</Link>
      </p>
    </section>
  );
}
