import { adminOrdersQuerySchema, type AdminOrdersQuery, type AdminPlanSummary } from '@contracts/admin';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@contracts/orders';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ordersQuery } from '../api/admin-api';
import { useAdminForm } from '../lib/use-admin-form';
import { useResource } from '../lib/use-resource';
import { OrdersTable } from './tables';
import { InvoiceBrief } from './invoice-mark';
import { Loaded, PageHead } from './ui';
import { Field } from '@/components/field';

const PAGE_SIZE = 20;
const FILTER_KEYS = ['status', 'planId', 'from', 'to', 'q'] as const;

/** All orders (shop and group) with filters in the address bar and cursor paging. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Filters;
  // Cursors of the pages seen so far: [null (first page), cursor of page 2, ...].
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const orders = useResource('GET /api/admin/orders', { query: ordersQuery({ ...filters, status: filters.status as OrderStatus | '', limit: PAGE_SIZE, cursor }) });
  const plans = useResource('GET /api/admin/plans', {});
  // Orders carry the plan's id; the owner reads campaigns by their title.
  const planTitles = new Map((plans.data ?? []).map((p) => [p.plan.planId, p.plan.title]));

  /** New filters start again from the first page. */
  function search(next: URLSearchParams) {
    setCursors([null]);
    setParams(next);
  }

  return (
    <div aria-labelledby="admin-page-title">
      <PageHead title="訂單管理" />
      <OrderFilters filters={filters} plans={plans.data ?? []} onSearch={search} key={params.toString()} />

      <Loaded resource={orders}>
        {(page) => (
          <>
            {page.searchTruncated ? <p className="muted">搜尋只涵蓋最近的 1000 筆訂單；請加上日期或狀態縮小範圍。</p> : null}
            {page.orders.length === 0 ? (
              <p className="admin-empty">沒有符合條件的訂單。</p>
            ) : (
              <OrdersTable
                orders={page.orders}
                caption="訂單列表"
                busy={orders.loading}
                withPhone
                detail={{
                  label: '類型／發票',
                  cell: (o) => (
                    <>
                      {o.planId ? `團購 ${planTitles.get(o.planId) ?? o.planId}` : '書店'}
                      <InvoiceBrief order={o} />
                    </>
                  ),
                }}
              />
            )}
            <nav className="admin-pager" aria-label="分頁">
              <button type="button" className="btn btn--ghost btn--small" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
                上一頁
              </button>
              <span className="muted">第 {cursors.length} 頁</span>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={!page.nextCursor}
                onClick={() => page.nextCursor && setCursors((c) => [...c, page.nextCursor])}
              >
                下一頁
              </button>
            </nav>
          </>
        )}
      </Loaded>
    </div>
  );
}

type Filters = Record<(typeof FILTER_KEYS)[number], string>;

/**
 * The filters, in the address bar, refilled from it; checked by the route's own query schema (the text's
 * length, the dates, 迄 not before 起) beside each field before the address changes.
 */
function OrderFilters({ filters, plans, onSearch }: { filters: Filters; plans: AdminPlanSummary[]; onSearch: (next: URLSearchParams) => void }) {
  const f = useAdminForm<Filters, AdminOrdersQuery>(adminOrdersQuerySchema, filters, (v) => Object.fromEntries(FILTER_KEYS.map((k) => [k, v[k].trim() || undefined])));
  const submit = f.onSubmit(async (input) => {
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) {
      const v = input[k];
      if (v) next.set(k, v);
    }
    onSearch(next);
  });
  const { error: statusError, ...status } = f.field('status');
  const { error: planError, ...plan } = f.field('planId');
  return (
    <form className="admin-filters" onSubmit={submit} role="search" aria-label="篩選訂單" noValidate>
      <Field label="搜尋" type="search" placeholder="訂單號碼、姓名、電話或 Email" {...f.field('q')} />
      <Field label="狀態" error={statusError}>
        <select {...status}>
          <option value="">全部狀態</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="類型／活動" error={planError}>
        <select {...plan}>
          <option value="">全部訂單</option>
          <option value="shop">書店訂單</option>
          {plans.map((p) => (
            <option key={p.plan.planId} value={p.plan.planId}>
              團購：{p.plan.title}
            </option>
          ))}
        </select>
      </Field>
      <Field label="訂單日期（起）" type="date" {...f.field('from')} />
      <Field label="訂單日期（迄）" type="date" {...f.field('to')} />
      <div className="admin-filters__actions">
        <button type="submit" className="btn btn--primary">
          查詢
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => onSearch(new URLSearchParams())}>
          清除
        </button>
      </div>
    </form>
  );
}
