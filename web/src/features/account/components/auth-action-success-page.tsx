import { useEffect } from 'react';
import { useParams } from 'react-router';
import { NextSteps } from '@/components/next-steps';
import { clearSession, refreshIdToken } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { AccountCard } from './account-card';
import '../account.css';

/**
 * /user/authAction/{verifyEmail|resetPassword}-success, with links onward. `toCart`: books wait in this
 * browser's cart (the shopper came from the checkout), so the first way on is back to it.
 */
export function AuthActionSuccessPage({ toCart = false }: { toCart?: boolean }) {
  const { modeSuccess } = useParams();
  const mode = modeSuccess === 'resetPassword-success' ? 'resetPassword' : 'verifyEmail';
  const session = useSession();
  const signedIn = Boolean(session) && mode === 'verifyEmail';
  const stale = mode === 'verifyEmail' && session !== null && !session.emailVerified;
  // A new password revokes the old sign-ins: a session still in this browser is over.
  const revoked = mode === 'resetPassword' && session !== null;

  // A signed-in member's token still says "not verified": fetch a new one that knows.
  useEffect(() => {
    if (stale) void refreshIdToken();
  }, [stale]);
  useEffect(() => {
    if (revoked) clearSession();
  }, [revoked]);

  const cart = { to: signedIn ? '/cart' : '/user/logIn?redirect=%2Fcart', label: '回到購物車結帳' };
  const onward = toCart && mode === 'verifyEmail' ? cart : signedIn ? { to: '/bookstore', label: '開始選購書籍' } : { to: '/user/logIn', label: '前往登入' };
  return (
    <AccountCard title={mode === 'verifyEmail' ? '信箱驗證成功' : '密碼已重設'} done>
      <p>{mode === 'verifyEmail' ? '您的電子郵件已完成驗證，現在可以訂購書籍了。' : '您的密碼已更新，請使用新密碼登入。'}</p>
      <NextSteps center steps={[onward, { to: '/', label: '回首頁' }]} />
    </AccountCard>
  );
}
