import { signUpFormSchema } from '@contracts/auth';
import { EmailText } from '@/components/email-text';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { sendEmailVerify, signUp } from '@/lib/api/auth';
import { explain, safeRedirect, startSession, useLeaveIfLoggedIn } from '../session-actions';
import { fieldProps } from '@/lib/form';
import { Field } from '@/components/field';
import { EmailSuggestion } from '@/components/email-suggestion';
import { CheckoutReason } from './checkout-reason';
import { OrGoogle } from './google-button';
import { AccountCard, AccountForm, useAccountForm } from './account-card';
import { NextSteps } from '@/components/next-steps';
import '../account.css';

/** 會員註冊: name, email, password (at least 8) and its confirmation; then the verification mail. */
export function SignUpPage() {
  useLeaveIfLoggedIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeRedirect(params.get('redirect'));
  const [done, setDone] = useState<{ email: string; mailSent: boolean } | null>(null);
  const account = useAccountForm(signUpFormSchema, { userName: '', email: '', password: '', confirmPassword: '' }, async (input) => {
    const tokens = await signUp({ userName: input.userName, email: input.email, password: input.password });
    startSession(tokens, { name: input.userName, provider: 'password' });
    let mailSent = true;
    try {
      await sendEmailVerify(tokens.idToken);
    } catch (err) {
      mailSent = false;
      notify('warning', `驗證信寄送失敗：${explain(err)}`);
    }
    setDone({ email: tokens.email, mailSent });
  });
  const { form } = account;

  if (done) {
    return (
      <AccountCard title="註冊成功" done>
        {done.mailSent ? (
          <p>
            驗證信已寄至 <EmailText email={done.email} />，請點擊信中的連結完成電子郵件驗證。完成驗證後即可訂購書籍。
          </p>
        ) : (
          <p>您已登入。驗證信暫時無法寄出，請稍後從右上角的會員選單重新寄送。</p>
        )}
        <NextSteps
          center
          steps={[next === '/' ? { to: '/bookstore', label: '開始選購書籍' } : { to: next, label: '繼續' }, { to: '/', label: '回首頁' }]}
        />
      </AccountCard>
    );
  }

  const logInLink = params.get('redirect') ? `/user/logIn?redirect=${encodeURIComponent(params.get('redirect')!)}` : '/user/logIn';
  return (
    <AccountCard title="會員註冊">
      <CheckoutReason redirect={params.get('redirect')} />
      <AccountForm account={account} submit="註冊" busyLabel="註冊中…">
        <Field label="姓名" autoComplete="name" required maxLength={50} {...fieldProps(form, 'userName')} />
        <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required {...fieldProps(form, 'email')} />
        <EmailSuggestion value={form.watch('email')} onAccept={(email) => form.setValue('email', email, { shouldValidate: true })} />
        <Field label="密碼" type="password" autoComplete="new-password" required hint="至少 8 個字元" {...fieldProps(form, 'password')} />
        <Field label="確認密碼" type="password" autoComplete="new-password" required {...fieldProps(form, 'confirmPassword')} />
      </AccountForm>
      <OrGoogle onSignedIn={() => void navigate(next, { replace: true })} redirect={next} />
      <p className="account-card__footer">
        已經是會員？<Link to={logInLink}>登入</Link>
      </p>
    </AccountCard>
  );
}
