import type { AdminProduct } from '@contracts/admin';
import { Link } from 'react-router';
import { formatMoney } from '@contracts/format-core';
import { notify } from '@/lib/toast';
import { setProductLaunched } from '../api/admin-api';
import { useOwnerAction } from '../lib/use-owner-action';
import { useResource } from '../lib/use-resource';
import { Thead } from '@/components/thead';
import { BusyButton, Loaded, PageHead } from './ui';

/** Every book, launched or hidden, with its stock. */
export default function ProductsPage() {
  const products = useResource('GET /api/admin/products', {});
  return (
    <div>
      <PageHead title="書籍與庫存">
        <Link className="btn btn--primary btn--small" to="/admin/products/new">
          新增書籍
        </Link>
      </PageHead>
      <Loaded resource={products}>
        {(rows) => (
          <table className="stacked-table admin-table">
            <caption className="visually-hidden">書籍列表</caption>
            <Thead columns={['書名', { label: '定價／售價', num: true }, { label: '庫存', num: true }, '狀態', { label: '動作', hidden: true }]} />
            <tbody>
              {rows.map((p) => (
                <ProductRow key={p.productId} product={p} onChange={(next) => products.set(rows.map((r) => (r.productId === next.productId ? next : r)))} />
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </div>
  );
}

function ProductRow({ product: p, onChange }: { product: AdminProduct; onChange: (p: AdminProduct) => void }) {
  const { busy, run } = useOwnerAction();
  const toggle = () =>
    run(async () => {
      const next = await setProductLaunched(p.productId, !p.launched);
      onChange(next);
      // The shop's pages are cached (the API's catalogue for 30 s per instance, the CDN up to a few
      // minutes for pages already served): say so, rather than let the owner think it failed.
      notify('success', `${next.launched ? `「${next.name}」已上架` : `「${next.name}」已隱藏`}；書店頁面因快取可能要幾分鐘才會更新`);
    });
  return (
    <tr>
      <td data-label="書名">
        <Link to={`/admin/products/${p.productId}`}>{p.name}</Link>
        <span className="admin-sub admin-mono">{p.productId}</span>
      </td>
      <td data-label="定價／售價" className="num">
        {formatMoney(p.listPrice)} / {formatMoney(p.salePrice)}
      </td>
      <td data-label="庫存" className="num">
        {p.stock === null ? '—' : p.stock}
        {p.waitingAlerts ? <span className="admin-sub">{p.waitingAlerts} 人等到貨通知</span> : null}
      </td>
      <td data-label="狀態">{p.launched ? <span className="status-badge">上架中</span> : <span className="admin-badge">已隱藏</span>}</td>
      <td className="admin-row-actions">
        <Link className="btn btn--ghost btn--small" to={`/admin/products/${p.productId}`} aria-label={`編輯「${p.name}」與庫存`}>
          編輯／庫存
        </Link>
        <BusyButton busy={busy} type="button" className="btn btn--ghost btn--small" onClick={() => void toggle()} aria-label={`${p.launched ? '隱藏' : '上架'}「${p.name}」`}>
          {p.launched ? '隱藏' : '上架'}
        </BusyButton>
      </td>
    </tr>
  );
}
