import type { ShopSettings } from '@contracts/settings';
import { formatDateTime, formatMoney } from '@contracts/format';

/** Where and by when to transfer the money. */
export function BankDetails({ settings, amount, dueAt }: { settings: ShopSettings; amount: number; dueAt: string }) {
  const { bank } = settings;
  return (
    <section className="bank" aria-labelledby="bank-title">
      <h2 id="bank-title" className="orders__heading">
        匯款資訊
      </h2>
      <dl className="order-facts">
        <dt>應付金額</dt>
        <dd>
          <strong className="bank__amount">{formatMoney(amount)}</strong>
        </dd>
        <dt>銀行</dt>
        <dd>
          {bank.name}（{bank.code}）{bank.branch}
        </dd>
        <dt>戶名</dt>
        <dd>{bank.accountName}</dd>
        <dt>帳號</dt>
        <dd className="bank__account">{bank.account}</dd>
        <dt>匯款期限</dt>
        <dd>
          <strong>{formatDateTime(dueAt)}</strong> 前（{settings.paymentDueDays} 天內）
        </dd>
      </dl>
      <p className="muted">逾期未匯款，訂單將自動取消。匯款後如需通知，請來信 {settings.contact.email} 或於 LINE 告知訂單號碼。</p>
    </section>
  );
}
