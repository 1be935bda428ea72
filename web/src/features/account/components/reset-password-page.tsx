import { resetPasswordFormSchema } from '@contracts/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { sendPasswordResetEmail } from '@/lib/api/auth';
import { placeError } from '../session-actions';
import { fieldProps, setServerError, useSchemaForm } from '@/lib/form';
import { Field } from '@/components/field';
import { AccountCard, AccountForm } from './account-card';
import { NextSteps } from '@/components/next-steps';
import '../account.css';

/** 忘記密碼: sends the reset mail, whose link opens /user/authAction?mode=resetPassword. */
export function ResetPasswordPage() {
  const form = useSchemaForm(resetPasswordFormSchema, { email: '' });
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true);
    try {
      await sendPasswordResetEmail(input.email);
      setSentTo(input.email);
    } catch (err) {
      const placed = placeError(err);
      if (placed.field === 'email') setServerError(form, 'email', placed.message);
      else setAlert(placed.message);
    } finally {
      setBusy(false);
    }
  });

  if (sentTo) {
    return (
      <AccountCard title="重設密碼信已寄出" done>
        <p>
          我們已寄信至 <strong>{sentTo}</strong>，請點擊信中的連結設定新密碼。若幾分鐘內沒有收到，請檢查垃圾郵件匣。
        </p>
        <NextSteps center steps={[{ to: '/user/logIn', label: '返回登入' }]} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title="忘記密碼">
      <p className="muted">請輸入註冊時使用的電子郵件，我們會寄送重設密碼的連結給您。</p>
      <AccountForm alert={alert} clearAlert={() => setAlert(undefined)} onSubmit={onSubmit}>
        <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required {...fieldProps(form, 'email')} />
        <button type="submit" className="btn btn--primary account-form__submit" disabled={busy} aria-busy={busy}>
          {busy ? '寄送中…' : '寄送重設密碼信'}
        </button>
      </AccountForm>
      <p className="account-card__footer">
        想起密碼了？<Link to="/user/logIn">返回登入</Link>
      </p>
    </AccountCard>
  );
}
