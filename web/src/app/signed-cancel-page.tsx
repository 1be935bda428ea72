import { describeError } from '@contracts/errors';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-title';

/** What one cancel page says. */
export interface SignedCancelTexts {
  /** The page's heading, document title and button. */
  title: string;
  /** The document's meta description. */
  description: string;
  /** The heading's id (the section is labelled by it). */
  headingId: string;
  question: string;
  doneText: string;
}

interface SignedCancelPageProps {
  texts: SignedCancelTexts;
  /** The cancel request with the link's signed token. */
  cancel: (token: string) => Promise<unknown>;
}

/**
 * The page of the signed cancel link in a sign-up's mails (/stockAlert/cancel, /closeReminder/cancel,
 * `?token=…`): cancels on a click, not on load (mail scanners open links).
 */
export function SignedCancelPage({ texts, cancel }: SignedCancelPageProps) {
  const { title, description, headingId, question, doneText } = texts;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentMeta(title, description);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setState('sending');
    setError(null);
    try {
      await cancel(token);
      setState('done');
    } catch (err) {
      setState('idle');
      setError(isApiError(err) ? (err.details?.[0]?.message ?? describeError(err.statusCode, err.statusMessage)) : '取消失敗，請稍後再試');
    }
  }
  return (
    <section className="unsubscribe" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {state === 'done' ? (
        <p role="status">{doneText}</p>
      ) : (
        <>
          <p>{question}</p>
          <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={!token || state === 'sending'} aria-busy={state === 'sending'}>
            {state === 'sending' ? '處理中…' : title}
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
