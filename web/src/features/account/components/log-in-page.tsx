import { signInFormSchema } from '@contracts/auth';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '@/lib/api/auth';
import { safeRedirect, startSession, useLeaveIfLoggedIn } from '../session-actions';
import { fieldProps } from '@/lib/form';
import { Field } from '@/components/field';
import { CheckoutReason } from './checkout-reason';
import { OrGoogle } from './google-button';
import { AccountCard, AccountForm, useAccountForm } from './account-card';
import '../account.css';

/** 會員登入: email and password, or Google; then on to `redirect` (same-site paths only) or /. */
export function LogInPage() {
  useLeaveIfLoggedIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const goOn = () => void navigate(safeRedirect(redirect), { replace: true });
  const account = useAccountForm(signInFormSchema, { email: '', password: '' }, async (input) => {
    const tokens = await signIn(input);
    startSession(tokens, { name: tokens.displayName, provider: 'password' });
    goOn();
  });
  const { form } = account;

  const signUpLink = redirect ? `/user/signUp?redirect=${encodeURIComponent(redirect)}` : '/user/signUp';
  return (
    <AccountCard title="會員登入">
      <CheckoutReason redirect={redirect} />
      <AccountForm account={account} submit="登入" busyLabel="登入中…">
        <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required {...fieldProps(form, 'email')} />
        <Field label="密碼" type="password" autoComplete="current-password" required {...fieldProps(form, 'password')} />
        <p className="account-form__aside">
          <Link to="/user/resetPassword">忘記密碼？</Link>
        </p>
      </AccountForm>
      <OrGoogle onSignedIn={goOn} redirect={safeRedirect(redirect)} />
      <p className="account-card__footer">
        還不是會員？<Link to={signUpLink}>立即註冊</Link>
      </p>
    </AccountCard>
  );
}
