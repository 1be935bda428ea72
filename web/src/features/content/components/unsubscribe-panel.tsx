import { UNSUBSCRIBE_ERROR_TEXT } from '@contracts/content';
import { describeError } from '@contracts/errors';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { decodeBase64UrlJson } from '@/lib/base64url';
import { cancelSubscription } from '../api/content-api';

/** Reads the address from the token for display only; the server checks the signature. */
function emailInToken(token: string): string | null {
  const m = /^([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/.exec(token);
  const payload = m ? (decodeBase64UrlJson(m[1]!) as { e?: unknown } | null) : null;
  return typeof payload?.e === 'string' ? payload.e : null;
}

// A reload of the page after the unsubscribe succeeded shows that it did, instead of asking again
// (this tab only: sessionStorage, keyed by the link's token).
const DONE_KEY = (token: string) => `unsubscribed:${token}`;
function doneBefore(token: string): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(DONE_KEY(token));
  } catch {
    return null;
  }
}

type State = { kind: 'confirm' } | { kind: 'sending' } | { kind: 'done'; email: string } | { kind: 'failed'; title: string; text: string };

export function UnsubscribePanel({ token }: { token: string }) {
  const email = token ? emailInToken(token) : null;
  const [state, setState] = useState<State>(() => {
    const done = token ? doneBefore(token) : null;
    if (done) return { kind: 'done', email: done };
    return email ? { kind: 'confirm' } : { kind: 'failed', title: '連結無效', text: '這個取消訂閱連結不完整或格式錯誤，請直接從電子報中的連結開啟，或複製完整網址。' };
  });

  async function confirm() {
    setState({ kind: 'sending' });
    try {
      const res = await cancelSubscription(token);
      setState({ kind: 'done', email: res.email });
      try {
        sessionStorage.setItem(DONE_KEY(token), res.email);
      } catch {
        // private mode: a reload asks again, and the server answers 已經取消過了
      }
    } catch (err) {
      if (isApiError(err)) {
        const known = UNSUBSCRIBE_ERROR_TEXT[err.statusMessage];
        const title = err.statusCode === 409 ? '已經取消過了' : err.statusCode === 410 ? '連結已過期' : known ? '連結無效' : '取消訂閱失敗';
        setState({ kind: 'failed', title, text: known ?? describeError(err.statusCode, err.statusMessage) });
      } else {
        setState({ kind: 'failed', title: '取消訂閱失敗', text: '網路連線失敗，請稍後再試。' });
      }
    }
  }

  return (
    <section className="unsubscribe" aria-labelledby="page-title">
      <h1 id="page-title">取消訂閱電子報</h1>
      {(state.kind === 'confirm' || state.kind === 'sending') && (
        <>
          <p>
            確定要讓 <strong className="unsubscribe__email">{email}</strong> 不再收到青嶼書房電子報嗎？
          </p>
          <p className="muted small">取消後不會再收到新書與團購通知；訂單相關的通知信不受影響。</p>
          <div className="button-row">
            <button type="button" className="btn btn--primary" onClick={() => void confirm()} disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? '處理中…' : '確認取消訂閱'}
            </button>
            <Link to="/" className="btn btn--ghost">
              保留訂閱，回到首頁
            </Link>
          </div>
        </>
      )}
      {state.kind === 'done' && (
        <div role="status">
          <div className="notice notice--success">
            <p>
              已取消訂閱。<strong>{state.email}</strong> 將不再收到青嶼書房電子報。
            </p>
          </div>
          <p className="muted small">改變心意了嗎？隨時可以在網站頁尾重新訂閱。</p>
          <Link to="/" className="btn btn--primary">
            回到首頁
          </Link>
        </div>
      )}
      {state.kind === 'failed' && (
        <div role="alert">
          <div className="notice notice--error">
            <p className="unsubscribe__fail-title">
              <strong>{state.title}</strong>
            </p>
            <p>{state.text}</p>
          </div>
          <p className="muted small">
            需要協助嗎？請<Link to="/contact">聯絡我們</Link>，我們會為您處理。
          </p>
          <Link to="/" className="btn btn--ghost">
            回到首頁
          </Link>
        </div>
      )}
    </section>
  );
}
