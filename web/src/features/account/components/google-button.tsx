import { useState } from 'react';
import { notify } from '@/lib/toast';
import type { Session } from '@/lib/session';
import { explain } from '../session-actions';
import { LineButton } from './line-button';

const FIREBASE_ERRORS: Record<string, string> = {
  'auth/popup-blocked': '瀏覽器封鎖了登入視窗，請允許彈出視窗後再試一次',
  'auth/network-request-failed': '網路連線失敗，請稍後再試',
  'auth/account-exists-with-different-credential': '此電子郵件已用其他方式註冊，請改用電子郵件登入',
};

/** Under the sign-in and sign-up forms: 或, then 使用 Google 帳號登入 and 使用 LINE 登入 (back to `redirect` after). */
export function OrGoogle({ onSignedIn, redirect }: { onSignedIn: (s: Session) => void; redirect?: string }) {
  return (
    <>
      <p className="account-divider">
        <span>或</span>
      </p>
      <GoogleButton onSignedIn={onSignedIn} />
      <LineButton redirect={redirect} />
    </>
  );
}

/** 使用 Google 帳號登入: loads the Firebase SDK only when clicked. */
function GoogleButton({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { signInWithGoogle } = await import('../google-sign-in');
      const { session, memberError } = await signInWithGoogle();
      if (memberError) notify('warning', `已登入，但會員資料儲存失敗：${explain(memberError)}`);
      onSignedIn(session);
    } catch (err) {
      if (!(err as { cancelled?: boolean }).cancelled) notify('error', `Google 登入失敗：${FIREBASE_ERRORS[(err as { code?: string }).code ?? ''] ?? explain(err)}`);
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--google" onClick={() => void onClick()} disabled={busy} aria-busy={busy}>
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
        <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5z" />
        <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4 7.1-10 7.1-17.5z" />
        <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6z" />
        <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6C6.6 42.6 14.6 48 24 48z" />
      </svg>
      {busy ? 'Google 登入中…' : '使用 Google 帳號登入'}
    </button>
  );
}
