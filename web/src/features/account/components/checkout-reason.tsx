import { Link } from 'react-router';

/**
 * Why a guest on the way to the checkout meets a login form: the shop's checkout needs an account (by
 * design: orders and bank details stay in 我的訂單), campaigns (團購) do not. Shown when the redirect is
 * the cart.
 */
export function CheckoutReason({ redirect }: { redirect: string | null }) {
  if (!redirect?.startsWith('/cart')) return null;
  return (
    <div className="account-card__reason" role="note">
      <p>
        <strong>結帳需要會員帳號</strong>：登入或免費註冊後，購物車的書會留著，訂單與匯款資訊也會保存在「我的訂單」。
      </p>
      <p className="muted">
        參加團購不需要帳號，直接在<Link to="/#campaigns">團購活動頁</Link>下單即可。
      </p>
    </div>
  );
}
