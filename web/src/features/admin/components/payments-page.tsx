import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@contracts/format';
import { useResource } from '../lib/use-resource';
import { Thead } from '@/components/thead';
import { BuyerCell, OrderNoCell } from './tables';
import { Loaded, PageHead, ReloadButton } from './ui';

/** Orders awaiting payment, oldest first: what to look for on the bank statement. */
export default function PaymentsPage() {
  const payments = useResource('GET /api/admin/payments', {});
  return (
    <div>
      <PageHead title="待確認匯款">
        <ReloadButton resource={payments} />
      </PageHead>
      <p className="muted">依匯款期限排序，最早到期的在最上面。逾期未匯款的訂單會由系統自動取消。</p>
      <Loaded resource={payments}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="admin-empty">目前沒有待確認的匯款。</p>
          ) : (
            <table className="stacked-table admin-table">
              <caption className="visually-hidden">待確認匯款</caption>
              <Thead columns={['訂單號碼', '訂購人', { label: '應付金額', num: true }, '帳號末五碼', '下單時間', '匯款期限', { label: '動作', hidden: true }]} />
              <tbody>
                {rows.map((p) => (
                  <tr key={p.orderId} className={p.overdue ? 'is-overdue' : undefined}>
                    <OrderNoCell order={p}>
                      {p.planId ? <span className="admin-sub">團購 {p.planId}</span> : null}
                    </OrderNoCell>
                    <BuyerCell label="訂購人" name={p.buyer} contact={p.phone} />
                    <td data-label="應付金額" className="num">
                      <strong>{formatMoney(p.totalPrice)}</strong>
                    </td>
                    <td data-label="帳號末五碼" className="admin-mono">
                      {p.bankAccountNo === '00000' ? '未填' : p.bankAccountNo}
                    </td>
                    <td data-label="下單時間">{formatDateTime(p.createdAt)}</td>
                    <td data-label="匯款期限">
                      {p.paymentDueAt ? formatDateTime(p.paymentDueAt) : '—'}
                      {p.overdue ? <span className="status-badge status-badge--bad">已逾期</span> : null}
                    </td>
                    <td>
                      <Link className="btn btn--primary btn--small" to={`/admin/orders/${p.orderId}#pay`} aria-label={`核對 ${p.orderNo} 的匯款`}>
                        核對收款
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </div>
  );
}
