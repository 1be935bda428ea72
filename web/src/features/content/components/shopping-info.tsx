import { Link } from 'react-router';
import { PaymentDays } from '@/components/payment-days';
import { Spinner } from '@/components/page-status';
import { shippingText } from '@contracts/format-core';
import { useQuery } from '@tanstack/react-query';
import { q } from '@/lib/data/queries';

export function ShoppingInfo() {
  const settings = useQuery(q.settings());
  const s = settings.status === 'success' ? settings.data : null;
  return (
    <div className="info-sections">
      <section aria-labelledby="info-steps" className="info-section">
        <h2 id="info-steps">購物流程</h2>
        <ol className="steps">
          <li>
            <strong>選書下單</strong>登入會員、驗證電子郵件，把書放入購物車並結帳。
          </li>
          <li>
            <strong>
              <PaymentDays />匯款
            </strong>依訂單上的金額匯款，並提供匯款帳號末 5 碼。
          </li>
          <li>
            <strong>確認出貨</strong>我們每天核對入帳，確認後 2 個工作天內寄出。
          </li>
          <li>
            <strong>收書鑑賞</strong>收到書後享 7 天鑑賞期。
          </li>
        </ol>
      </section>
      <section aria-labelledby="info-payment" className="info-section">
        <h2 id="info-payment">付款方式：銀行匯款</h2>
        <p>本店只接受銀行匯款或 ATM 轉帳，不收信用卡與貨到付款。訂單成立後請於 <PaymentDays />完成匯款，逾期未匯款的訂單將自動取消。</p>
        {settings.status === 'pending' && <Spinner label="載入匯款資訊…" />}
        {s && (
          <dl className="bank card" aria-label="匯款帳戶">
            <div>
              <dt>銀行</dt>
              <dd>
                {s.bank.name}（{s.bank.code}）{s.bank.branch}
              </dd>
            </div>
            <div>
              <dt>戶名</dt>
              <dd>{s.bank.accountName}</dd>
            </div>
            <div>
              <dt>帳號</dt>
              <dd className="bank__account">{s.bank.account}</dd>
            </div>
          </dl>
        )}
        <p className="muted small">匯款後請保留收據；訂單上的「匯款帳號末 5 碼」是我們對帳的依據。</p>
      </section>
      <section aria-labelledby="info-shipping" className="info-section">
        <h2 id="info-shipping">運送方式</h2>
        <p>
          由{s?.shipping.carrier ?? '中華郵政'}寄送，{s && shippingText(s.shippingFee)}。
          {s?.shipping.notes ?? '匯款確認後 2 個工作天內寄出。'}
        </p>
      </section>
      <section aria-labelledby="info-invoice" className="info-section">
        <h2 id="info-invoice">發票</h2>
        <p>每筆訂單開立電子發票並寄到您的電子郵件。需要報帳時，請在結帳的「發票資訊」步驟填寫買受人名稱與 8 碼統一編號。</p>
      </section>
      <section aria-labelledby="info-returns" className="info-section">
        <h2 id="info-returns">退換貨</h2>
        <ul>
          <li>收到商品後 7 天內（含例假日）可申請退貨，書籍須保持全新、未書寫並附發票。</li>
          <li>書籍破損、缺頁或寄錯，請拍照與我們聯絡，將免費更換。</li>
          <li>退款將匯回您指定的帳戶，訂單狀態會改為「訂單取消，退款完成」。</li>
        </ul>
        <p>
          還有問題？請看<Link to="/faq">常見問題</Link>或<Link to="/contact">聯絡我們</Link>。
        </p>
      </section>
    </div>
  );
}
