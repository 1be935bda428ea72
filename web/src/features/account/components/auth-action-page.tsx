import { newPasswordFormSchema } from '@contracts/auth';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/page-status';
import { confirmEmailVerification, confirmPasswordReset, verifyPasswordResetCode } from '@/lib/api/auth';
import { explain } from '../session-actions';
import { fieldProps } from '@/lib/form';
import { Field, FormAlert } from '@/components/field';
import { AccountCard, AccountForm, useAccountForm } from './account-card';
import { NextSteps } from '@/components/next-steps';
import '../account.css';

// A mail link's code may be applied once only; StrictMode (and a quick re-render) must not apply it twice.
const applied = new Map<string, Promise<unknown>>();
function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  if (!applied.has(key)) applied.set(key, run());
  return applied.get(key) as Promise<T>;
}

type State = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'newPassword'; email: string };

/** 帳號驗證: the target of the mails' links, /user/authAction?mode=...&oobCode=... */
export function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode') ?? '';
  const navigate = useNavigate();
  const usable = Boolean(oobCode) && (mode === 'verifyEmail' || mode === 'resetPassword');
  const [state, setState] = useState<State>(usable ? { kind: 'working' } : { kind: 'failed', message: '這個連結不完整或已失效，請重新申請。' });

  useEffect(() => {
    let live = true;
    const fail = (err: unknown) => live && setState({ kind: 'failed', message: explain(err) });
    if (!usable) return;
    if (mode === 'verifyEmail') {
      once(`verify:${oobCode}`, () => confirmEmailVerification(oobCode)).then(
        () => live && void navigate('/user/authAction/verifyEmail-success', { replace: true }),
        fail,
      );
    } else {
      once(`check:${oobCode}`, () => verifyPasswordResetCode(oobCode)).then((r) => live && setState({ kind: 'newPassword', email: r.email ?? '' }), fail);
    }
    return () => {
      live = false;
    };
  }, [usable, mode, oobCode, navigate]);

  return (
    <AccountCard title={mode === 'resetPassword' ? '重設密碼' : '帳號驗證'}>
      {state.kind === 'working' && <Spinner label={mode === 'verifyEmail' ? '正在驗證您的電子郵件…' : '正在確認連結…'} />}
      {state.kind === 'failed' && (
        <>
          <FormAlert>{state.message}</FormAlert>
          <NextSteps
            center
            steps={[
              mode === 'resetPassword' ? { to: '/user/resetPassword', label: '重新寄送重設密碼信' } : { to: '/user/logIn', label: '前往登入' },
              { to: '/', label: '回首頁' },
            ]}
          />
        </>
      )}
      {state.kind === 'newPassword' && <NewPasswordForm email={state.email} oobCode={oobCode} />}
    </AccountCard>
  );
}

function NewPasswordForm({ email, oobCode }: { email: string; oobCode: string }) {
  const navigate = useNavigate();
  const account = useAccountForm(
    newPasswordFormSchema,
    { password: '', confirmPassword: '' },
    async (input) => {
      await confirmPasswordReset({ oobCode, newPassword: input.password });
      void navigate('/user/authAction/resetPassword-success', { replace: true });
    },
    { newPassword: 'password' },
  );
  const { form } = account;

  return (
    <AccountForm account={account} submit="設定新密碼" busyLabel="儲存中…">
      <p>
        請為 <strong>{email}</strong> 設定新密碼。
      </p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="新密碼" type="password" autoComplete="new-password" required hint="至少 8 個字元" {...fieldProps(form, 'password')} />
      <Field label="確認新密碼" type="password" autoComplete="new-password" required {...fieldProps(form, 'confirmPassword')} />
    </AccountForm>
  );
}
