import { resetPasswordFormSchema } from '@contracts/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { sendPasswordResetEmail } from '@/lib/api/auth';
import { fieldProps } from '@/lib/form';
import { Field } from '@/components/field';
import { AccountCard, AccountForm, useAccountForm } from './account-card';
import { NextSteps } from '@/components/next-steps';
import '../account.css';

/** 忘記密碼: sends the reset mail, whose link opens /user/authAction?mode=resetPassword. */
export function ResetPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const account = useAccountForm(resetPasswordFormSchema, { email: '' }, async (input) => {
    await sendPasswordResetEmail(input.email);
    setSentTo(input.email);
  });

  if (sentTo) {
    return (
      <AccountCard title="重設密碼信已寄出" done>
        <p>
          若 <strong>{sentTo}</strong> 是已註冊的帳號，我們已寄出重設密碼信，請點擊信中的連結設定新密碼。若幾分鐘內沒有收到，請檢查垃圾郵件匣，或確認註冊時使用的電子郵件。
        </p>
        <NextSteps center steps={[{ to: '/user/logIn', label: '返回登入' }]} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title="忘記密碼">
      <p className="muted">請輸入註冊時使用的電子郵件，我們會寄送重設密碼的連結給您。</p>
      <AccountForm account={account} submit="寄送重設密碼信" busyLabel="寄送中…">
        <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required {...fieldProps(account.form, 'email')} />
      </AccountForm>
      <p className="account-card__footer">
        想起密碼了？<Link to="/user/logIn">返回登入</Link>
      </p>
    </AccountCard>
  );
}
