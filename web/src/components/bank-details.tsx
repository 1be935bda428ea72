import type { ShopSettings } from '@contracts/settings';
import { formatDateTime, formatMoney } from '@contracts/format';
import type { ReactNode } from 'react';
import './bank-details.css';

/**
 * Where and by when to transfer the money: on the checkout's confirmation (before the order exists, so
 * the deadline is "N days"), the success page, the order page and the guest lookup. `children`: the
 * bank-digits field, asked here where the bank and the amount are in view. `afterFormation`: the checkout
 * of a pay-after-成團 campaign not formed yet, where nothing is paid until the campaign forms.
 */
export function BankDetails({ settings, amount, dueAt, afterFormation, children }: { settings: ShopSettings; amount: number; dueAt?: string; afterFormation?: boolean; children?: ReactNode }) {
  const { bank } = settings;
  return (
    <section className="panel" aria-labelledby="bank-title">
      <h2 id="bank-title" className="bank-box__heading">
        匯款資訊
      </h2>
      <dl className="facts" data-testid="bank-details">
        <dt>應付金額</dt>
        <dd>
          <strong className="bank-box__amount">{formatMoney(amount)}</strong>
        </dd>
        <dt>銀行</dt>
        <dd>
          {bank.name}（{bank.code}）{bank.branch}
        </dd>
        <dt>戶名</dt>
        <dd>{bank.accountName}</dd>
        <dt>帳號</dt>
        <dd className="bank-box__account">{bank.account}</dd>
        <dt>匯款期限</dt>
        <dd>
          {afterFormation ? (
            <>
              <strong>成團後 {settings.paymentDueDays} 天內</strong>；成團時我們會寄出收款通知，現在不需匯款
            </>
          ) : dueAt ? (
            <>
              <strong>{formatDateTime(dueAt)}</strong> 前（{settings.paymentDueDays} 天內）
            </>
          ) : (
            <>訂單送出後 {settings.paymentDueDays} 天內；確切期限會顯示在下一頁並寄到您的信箱</>
          )}
        </dd>
      </dl>
      {children}
      {afterFormation && <p>這個團購成團後才收款：訂單送出後請先不要匯款。若活動最後未成團，訂單將取消，您不需支付任何款項。</p>}
      <p className="muted">逾期未匯款，訂單將自動取消。匯款後如需通知，請來信 {settings.contact.email} 或於 LINE 告知訂單號碼。</p>
    </section>
  );
}
