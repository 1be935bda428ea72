import type { LineCallbackAnswer } from '@contracts/line';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NextSteps } from '@/components/next-steps';
import { notify } from '@/lib/toast';
import { finishLine } from '../api/line';
import { explain, safeRedirect, startSession } from '../session-actions';
import { AccountCard } from './account-card';
import { LineEmailForm } from './line-email-form';
import '../account.css';

/**
 * A state is good for one callback: the page's effect may run twice (React's development StrictMode), so
 * the call of each state is made once per page load and shared.
 */
const calls = new Map<string, Promise<LineCallbackAnswer>>();

type View = { step: 'working' } | { step: 'failed'; message: string; cancelled?: boolean } | { step: 'email'; redirect: string; emailTaken: boolean } | { step: 'sent'; email: string; redirect: string };

/** /user/line/callback: where LINE sends the browser back, with a code or error=access_denied. */
export function LineCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const error = params.get('error');
  const [view, setView] = useState<View>(() =>
    error
      ? { step: 'failed', cancelled: error === 'access_denied', message: error === 'access_denied' ? '您在 LINE 取消了登入，沒有任何資料被分享。' : 'LINE 沒有完成登入，請重新登入。' }
      : !code || !state
        ? { step: 'failed', message: 'LINE 沒有傳回登入資料，請重新登入。' }
        : { step: 'working' },
  );

  useEffect(() => {
    if (error || !code || !state) return;
    let call = calls.get(state);
    if (!call) {
      call = finishLine({ code, state });
      calls.set(state, call);
    }
    call.then(
      (answer) => {
        const redirect = safeRedirect(answer.redirect);
        if (answer.kind === 'linked') {
          notify('success', '已連結 LINE 帳號，之後可以用 LINE 登入這個帳號');
          void navigate(redirect, { replace: true });
          return;
        }
        startSession(answer, { name: answer.displayName, provider: 'line', picture: answer.picture });
        if (answer.needsEmail) setView({ step: 'email', redirect, emailTaken: answer.emailTaken });
        else void navigate(redirect, { replace: true });
      },
      (err: unknown) => setView({ step: 'failed', message: explain(err) }),
    );
  }, [code, state, error, navigate]);

  if (view.step === 'working') {
    return (
      <AccountCard title="LINE 登入中">
        <p role="status">正在確認您的 LINE 帳號…</p>
      </AccountCard>
    );
  }
  if (view.step === 'failed') {
    return (
      <AccountCard title={view.cancelled ? '已取消 LINE 登入' : 'LINE 登入失敗'}>
        <p role="alert">{view.message}</p>
        <NextSteps center steps={[{ to: '/user/logIn', label: '回到登入頁' }, { to: '/', label: '回首頁' }]} />
      </AccountCard>
    );
  }
  if (view.step === 'sent') {
    return (
      <AccountCard title="請到信箱完成驗證" done>
        <p>
          驗證信已寄至 <strong>{view.email}</strong>，請點信中的連結完成驗證，之後就可以訂購書籍。
        </p>
        <NextSteps center steps={[{ to: view.redirect, label: '繼續' }]} />
      </AccountCard>
    );
  }
  return (
    <AccountCard title="請提供電子郵件">
      <p>已用 LINE 登入。訂購書籍需要一個電子郵件地址，用來寄送訂單與匯款通知。</p>
      {view.emailTaken ? (
        <p className="account-card__reason">
          您 LINE 的電子郵件已經是另一個會員帳號。若那是您的帳號，請<Link to="/user/logIn">用電子郵件登入</Link>後，在「會員資料」連結 LINE。
        </p>
      ) : null}
      <LineEmailForm onSent={(email) => setView({ step: 'sent', email, redirect: view.redirect })} />
      <p className="account-card__footer">
        <Link to={view.redirect}>稍後再說</Link>
      </p>
    </AccountCard>
  );
}
