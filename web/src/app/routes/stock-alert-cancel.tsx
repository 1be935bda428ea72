import { describeError } from '@contracts/errors';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, isApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-title';

/** /stockAlert/cancel?token=…: the signed link in every 到貨通知 mail; cancels on a click, not on load (mail scanners open links). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentMeta('取消到貨通知', '取消青嶼書房的到貨通知。');
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  async function cancel() {
    setState('sending');
    setError(null);
    try {
      await api('POST /api/stockAlerts/cancel', { body: { token } });
      setState('done');
    } catch (err) {
      setState('idle');
      setError(isApiError(err) ? (err.details?.[0]?.message ?? describeError(err.statusCode, err.statusMessage)) : '取消失敗，請稍後再試');
    }
  }
  return (
    <section className="unsubscribe" aria-labelledby="sa-title">
      <h1 id="sa-title">取消到貨通知</h1>
      {state === 'done' ? (
        <p role="status">已取消，這本書到貨時不會再寄通知信給您。</p>
      ) : (
        <>
          <p>確定不要收到這本書的到貨通知嗎？</p>
          <button type="button" className="btn btn--primary" onClick={() => void cancel()} disabled={!token || state === 'sending'} aria-busy={state === 'sending'}>
            {state === 'sending' ? '處理中…' : '取消到貨通知'}
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
