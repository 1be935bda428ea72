import type { LineLink } from '@contracts/line';
import { useEffect, useState } from 'react';
import { notify } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { getLineLink, unlinkLine } from '../api/line';
import { explain, sendVerificationMail } from '../session-actions';
import { AccountCard } from './account-card';
import { LineButton } from './line-button';
import { LineEmailForm } from './line-email-form';
import '../account.css';

/**
 * 會員資料 (/user/profile): the account's name and email, and LINE: link it to this account (sign in
 * with LINE afterwards), unlink it, or, for a LINE account, its email step. An email never links anything
 * by itself (docs/accounts.md).
 */
export function ProfilePage() {
  const session = useSession();
  const [line, setLine] = useState<LineLink | 'loading' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');

  useEffect(() => {
    getLineLink().then(setLine, () => setLine('failed'));
  }, []);

  if (!session) return null;
  const unlink = async () => {
    setBusy(true);
    try {
      setLine(await unlinkLine());
      notify('success', '已解除 LINE 連結');
    } catch (err) {
      notify('error', explain(err));
    }
    setBusy(false);
  };
  const resend = async () => {
    try {
      setSent(await sendVerificationMail());
    } catch (err) {
      notify('error', explain(err));
    }
  };
  const ownLine = line !== 'loading' && line !== 'failed' && line.ownAccount;

  return (
    <AccountCard title="會員資料">
      <dl className="profile-facts">
        <dt>姓名</dt>
        <dd>{session.name || '—'}</dd>
        <dt>電子郵件</dt>
        <dd>
          {session.email || '尚未提供'}
          {session.email ? <span className={session.emailVerified ? 'profile-badge profile-badge--ok' : 'profile-badge'}>{session.emailVerified ? '已驗證' : '未驗證'}</span> : null}
        </dd>
      </dl>
      {sent ? <p role="status">驗證信已寄至 {sent}，請點信中的連結完成驗證。</p> : null}
      {ownLine && !session.emailVerified && !sent ? (
        <section className="profile-section" aria-labelledby="profile-email">
          <h2 id="profile-email">{session.email ? '更改或驗證電子郵件' : '提供電子郵件'}</h2>
          <p className="muted">訂購書籍需要一個已驗證的電子郵件。</p>
          <LineEmailForm onSent={setSent} />
        </section>
      ) : null}
      {!ownLine && session.email && !session.emailVerified && !sent ? (
        <button type="button" className="btn btn--ghost" onClick={() => void resend()}>
          寄送信箱驗證信
        </button>
      ) : null}
      <section className="profile-section" aria-labelledby="profile-line">
        <h2 id="profile-line">LINE</h2>
        {line === 'loading' ? <p role="status">讀取中…</p> : null}
        {line === 'failed' ? <p role="alert">無法讀取 LINE 連結狀態，請重新整理頁面。</p> : null}
        {line !== 'loading' && line !== 'failed' && line.ownAccount ? <p>這個帳號以 LINE 登入。</p> : null}
        {line !== 'loading' && line !== 'failed' && !line.ownAccount && line.linked ? (
          <>
            <p>已連結 LINE{line.name ? `（${line.name}）` : ''}：可以用「使用 LINE 登入」登入這個帳號。</p>
            <button type="button" className="btn btn--ghost" onClick={() => void unlink()} disabled={busy} aria-busy={busy}>
              解除 LINE 連結
            </button>
          </>
        ) : null}
        {line !== 'loading' && line !== 'failed' && !line.linked ? (
          <>
            <p>連結後，可以用「使用 LINE 登入」登入這個帳號。</p>
            <LineButton purpose="link" redirect="/user/profile" label="連結 LINE 帳號" />
          </>
        ) : null}
      </section>
    </AccountCard>
  );
}
