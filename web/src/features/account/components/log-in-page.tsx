import { signInFormSchema } from '@contracts/auth';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '@/lib/api/auth';
import { placeError, safeRedirect, startSession } from '../session-actions';
import { fieldProps, setServerError, useSchemaForm } from '@/lib/form';
import { Field } from '@/components/field';
import { GoogleButton } from './google-button';
import { AccountCard, AccountForm } from './account-card';
import '../account.css';

/** 會員登入: email and password, or Google; then on to `redirect` (same-site paths only) or /. */
export function LogInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const goOn = () => void navigate(safeRedirect(redirect), { replace: true });
  const form = useSchemaForm(signInFormSchema, { email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true);
    try {
      const tokens = await signIn(input);
      startSession(tokens, { name: tokens.displayName, provider: 'password' });
      goOn();
    } catch (err) {
      const placed = placeError(err);
      if (placed.field === 'email' || placed.field === 'password') setServerError(form, placed.field, placed.message);
      else setAlert(placed.message);
      setBusy(false);
    }
  });

  const signUpLink = redirect ? `/user/signUp?redirect=${encodeURIComponent(redirect)}` : '/user/signUp';
  return (
    <AccountCard title="會員登入">
      <AccountForm alert={alert} clearAlert={() => setAlert(undefined)} onSubmit={onSubmit}>
        <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required {...fieldProps(form, 'email')} />
        <Field label="密碼" type="password" autoComplete="current-password" required {...fieldProps(form, 'password')} />
        <p className="account-form__aside">
          <Link to="/user/resetPassword">忘記密碼？</Link>
        </p>
        <button type="submit" className="btn btn--primary account-form__submit" disabled={busy} aria-busy={busy}>
          {busy ? '登入中…' : '登入'}
        </button>
      </AccountForm>
      <p className="account-divider">
        <span>或</span>
      </p>
      <GoogleButton onSignedIn={goOn} />
      <p className="account-card__footer">
        還不是會員？<Link to={signUpLink}>立即註冊</Link>
      </p>
    </AccountCard>
  );
}
