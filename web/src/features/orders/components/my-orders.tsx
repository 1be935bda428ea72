import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@contracts/format';
import type { Order } from '@contracts/orders';
import { useMyOrders } from '../api';
import { LoadState } from './order-parts';
import { LookupForm } from './lookup-form';
import { OrderStatusBadge } from '@/components/order-status-badge';
import '../orders.css';
import { Thead } from '@/components/thead';

const PAGE_SIZES = [5, 10, 20] as const;

type OrderLine = Order['items'][number];

/** One fact of each of an order's lines, a line a row, so names and counts line up across two cells. */
function ItemsCell({ label, items, show }: { label: string; items: OrderLine[]; show: (line: OrderLine) => ReactNode }) {
  return (
    <td data-label={label}>
      <ul className="orders-table__list">
        {items.map((i) => (
          <li key={i.productId}>{show(i)}</li>
        ))}
      </ul>
    </td>
  );
}

/**
 * The member's orders, newest first, in pages of 5, 10 or 20. `lookingFor`: the order number an order
 * mail's link carries (/order?orderNo=…): a link to it when it is one of the member's, otherwise the
 * lookup by number, filled in (an order placed before signing in, or with another address, is not in
 * the account, and the page must not end at 目前還沒有訂單).
 */
export function MyOrders({ userId, lookingFor = '' }: { userId: string; lookingFor?: string }) {
  const { data, error, status } = useMyOrders(userId);
  const loading = status === 'loading';
  const [size, setSize] = useState<number>(10);
  const [page, setPage] = useState(0);
  const orders = data ?? [];
  const pages = Math.max(1, Math.ceil(orders.length / size));
  const current = Math.min(page, pages - 1);
  const shown = orders.slice(current * size, current * size + size);
  const wanted = lookingFor.trim().toUpperCase();
  const mine = wanted ? orders.find((o) => o.orderNo === wanted) : undefined;

  return (
    <>
      {data && mine ? (
        <p className="orders__found" role="status">
          訂單 {mine.orderNo} 在您的訂單中：<Link to={`/order/${mine.orderId}`}>查看訂單 {mine.orderNo} 詳情</Link>
        </p>
      ) : null}
      {data && wanted && !mine ? (
        <LookupForm initialOrderNo={wanted} title={`查詢訂單 ${wanted}`} intro="這筆訂單不在您帳號的訂單中（例如登入前下的訂單，或用其他電子郵件訂購），請輸入訂購時填寫的電子郵件或電話查詢。" />
      ) : null}
      <section aria-labelledby="my-orders-title">
        <h2 id="my-orders-title" className="orders__heading">
          我的訂單
        </h2>
        <LoadState loading={loading} error={error} />
        {data && orders.length === 0 && (
          <p className="muted">
            目前還沒有訂單。<Link to="/bookstore">去逛逛書籍</Link>
          </p>
        )}
        {orders.length > 0 && (
          <>
            <OrdersTable orders={shown} />
            <Pager
              size={size}
              current={current}
              pages={pages}
              total={orders.length}
              onSize={(n) => {
                setSize(n);
                setPage(0);
              }}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </>
  );
}

/** The orders of one page: a table, one card per order on a phone. */
function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <div className="orders-table__wrap">
      <table className="data-table stacked-table orders-table">
        <caption className="visually-hidden">我的訂單，由新到舊</caption>
        <Thead columns={['訂單號碼', '訂單日期', '產品名稱', '訂購數', '總金額', '訂單狀態', '查看詳情']} />
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderId}>
              <td data-label="訂單號碼" className="orders-table__no">
                {o.orderNo}
              </td>
              <td data-label="訂單日期">{formatDateTime(o.createdAt)}</td>
              <ItemsCell label="產品名稱" items={o.items} show={(i) => i.name} />
              <ItemsCell label="訂購數" items={o.items} show={(i) => i.qty} />
              <td data-label="總金額">{formatMoney(o.totalPrice)}</td>
              <td data-label="訂單狀態">
                <OrderStatusBadge status={o.status} />
              </td>
              <td data-label="查看詳情">
                <Link className="btn btn--small btn--ghost" to={`/order/${o.orderId}`} aria-label={`查看訂單 ${o.orderNo} 詳情`}>
                  查看詳情
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 每頁 N 筆 and the page buttons. */
function Pager({ size, current, pages, total, onSize, onPage }: { size: number; current: number; pages: number; total: number; onSize: (n: number) => void; onPage: (n: number) => void }) {
  return (
    <nav className="pager" aria-label="訂單分頁">
      <label className="pager__size">
        每頁
        <select value={size} onChange={(e) => onSize(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        筆
      </label>
      <span aria-live="polite">
        第 {current + 1} / {pages} 頁，共 {total} 筆
      </span>
      <span className="pager__buttons">
        <button type="button" className="btn btn--small btn--ghost" disabled={current === 0} onClick={() => onPage(current - 1)}>
          上一頁
        </button>
        <button type="button" className="btn btn--small btn--ghost" disabled={current >= pages - 1} onClick={() => onPage(current + 1)}>
          下一頁
        </button>
      </span>
    </nav>
  );
}
