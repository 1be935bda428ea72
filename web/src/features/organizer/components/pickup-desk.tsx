import type { OrganizerView } from '@contracts/organizer';
import { describeError } from '@contracts/errors';
import { formatDateTime } from '@contracts/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/page-status';
import { api, apiKey, apiQuery, isApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-title';
import '../pickup-desk.css';

type Row = OrganizerView['orders'][number];
type Filter = 'todo' | 'done' | 'all';

const timeOf = (iso: string) => formatDateTime(iso).slice(-5);
const failureText = (e: unknown) =>
  isApiError(e) ? (e.details?.[0]?.message ?? (e.statusCode === 403 ? '這個連結已停用或已過期，請向店家索取新的連結。' : describeError(e.statusCode, e.statusMessage))) : '網路連線失敗，請再按一次';

/**
 * /organizer/desk?token=…: the organiser's pickup desk on a phone (issue 27; docs/group-buying.md, "The
 * organiser's pickup desk"). The campaign's pickup orders with a big tick each: a paid order is marked
 * 已取貨 (and can be undone); an unpaid one shows 未付款 and cannot be ticked. Search by order number
 * or name; counts of picked up / to pick up. Each tick answers the order's row, which replaces it here.
 */
export function PickupDeskPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const key = { params: { token } };
  // Every view is logged for the owner: read once per visit, and again only when the desk asks.
  const r = useQuery({ ...apiQuery('GET /api/organizer/{token}', key), retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
  useDocumentMeta(r.data ? `${r.data.title}：取貨櫃台` : '取貨櫃台', '團購取貨櫃台。');
  if (r.error) {
    const stopped = isApiError(r.error) && [400, 403, 404].includes(r.error.statusCode);
    return (
      <section className="desk">
        <h1 className="desk__title">取貨櫃台</h1>
        <p className="desk__alert" role="alert">
          {stopped ? '這個連結已停用、已過期或不正確，請向店家索取新的連結。' : failureText(r.error)}
        </p>
      </section>
    );
  }
  if (!r.data) return <Spinner label="載入中…" />;
  if (!r.data.desk) {
    return (
      <section className="desk">
        <h1 className="desk__title">取貨櫃台</h1>
        <p className="desk__alert" role="alert">
          這是唯讀的召集人連結，不能標記取貨。請<a href={`/organizer?token=${encodeURIComponent(token)}`}>查看統計</a>，或向店家索取取貨櫃台連結。
        </p>
      </section>
    );
  }
  // After 流團 the desk lists only the ticks made before the decision, each to be undone (docs/group-buying.md).
  if (r.data.decision?.outcome === 'failed' && r.data.orders.some((o) => o.pickedUp)) {
    return <Desk v={r.data} token={token} onReload={() => void r.refetch()} reloading={r.isFetching} failed />;
  }
  if (r.data.decision?.outcome === 'failed') {
    return (
      <section className="desk">
        <h1 className="desk__title">【{r.data.title}】取貨櫃台</h1>
        <p className="desk__alert" role="status" data-testid="desk-failed">
          這個團購未成團（流團），不交書；已付款的訂單由書店直接退款給買家。
        </p>
      </section>
    );
  }
  return <Desk v={r.data} token={token} onReload={() => void r.refetch()} reloading={r.isFetching} />;
}

function Desk({ v, token, onReload, reloading, failed }: { v: OrganizerView; token: string; onReload: () => void; reloading: boolean; failed?: boolean }) {
  const id = useId();
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<Filter>(failed ? 'done' : 'todo');
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string; undo?: Row } | null>(null);

  const pickups = v.orders.filter((o) => !o.postal);
  const postal = v.orders.length - pickups.length;
  const done = pickups.filter((o) => o.pickedUp).length;
  const unpaid = pickups.filter((o) => !o.paid && !o.pickedUp).length;
  const needle = q.trim().toUpperCase();
  const shown = useMemo(
    () =>
      pickups.filter(
        (o) => (filter === 'all' || (filter === 'done') === Boolean(o.pickedUp)) && (!needle || o.orderNo.includes(needle) || o.buyer.toUpperCase().includes(needle)),
      ),
    [pickups, filter, needle],
  );

  async function set(o: Row, picked: boolean) {
    setBusy(o.orderNo);
    setMessage(null);
    try {
      const input = { params: { token, orderNo: o.orderNo } };
      const row = picked ? await api('PUT /api/organizer/{token}/pickups/{orderNo}', input) : await api('DELETE /api/organizer/{token}/pickups/{orderNo}', input);
      qc.setQueryData(apiKey('GET /api/organizer/{token}', { params: { token } }), (old: OrganizerView | undefined) =>
        old ? { ...old, orders: old.orders.map((x) => (x.orderNo === row.orderNo ? row : x)) } : old,
      );
      setMessage({ tone: 'ok', text: picked ? `${o.buyer}（${o.orderNo}）已取貨` : `已復原：${o.buyer}（${o.orderNo}）${failed ? '的取貨紀錄已取消' : '改回待取貨'}`, ...(picked ? { undo: row } : {}) });
    } catch (e) {
      setMessage({ tone: 'error', text: `${o.buyer}（${o.orderNo}）：${failureText(e)}` });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="desk" aria-labelledby={`${id}-t`}>
      <h1 id={`${id}-t`} className="desk__title">
        【{v.title}】取貨櫃台
      </h1>
      <p className="desk__sub">
        {v.organizer}・連結有效至 {formatDateTime(v.expiresAt)}
      </p>
      {failed ? (
        <p className="desk__alert" role="status" data-testid="desk-failed">
          這個團購未成團（流團），不交書；已付款的訂單由書店直接退款給買家。下列訂單在流團前已標記取貨，請逐筆按「復原」（書若已交出，請告知店家）。
        </p>
      ) : (
        <>
          <DeskCounts done={done} todo={pickups.length - done - unpaid} unpaid={unpaid} />
          <DeskTools q={q} onQ={setQ} filter={filter} onFilter={setFilter} />
        </>
      )}
      <div className={`desk__message${message?.tone === 'error' ? ' desk__message--error' : ''}`} role={message?.tone === 'error' ? 'alert' : 'status'} data-testid="desk-message">
        {message?.text}
        {/* A ticked order leaves the 待取貨 list: its undo stays at hand here. */}
        {message?.undo ? (
          <button type="button" className="desk__undo-last" onClick={() => void set(message.undo!, false)} disabled={busy !== null}>
            復原
          </button>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="desk__empty">{failed ? '已全部復原，沒有待處理的取貨紀錄。' : pickups.length === 0 ? '這個活動還沒有自取的訂單。' : needle ? '找不到符合的訂單。' : filter === 'todo' ? '全部都取貨了！' : '還沒有人取貨。'}</p>
      ) : (
        <ul className="desk__list" data-testid="desk-orders">
          {shown.map((o) => (
            <DeskRow key={o.orderNo} o={o} busy={busy === o.orderNo} onSet={(picked) => void set(o, picked)} />
          ))}
        </ul>
      )}
      <p className="desk__foot">
        {postal ? `另有 ${postal} 筆郵寄訂單，由店家寄出，不在取貨處交付。` : null}
        <button type="button" className="btn btn--ghost btn--small" onClick={onReload} disabled={reloading}>
          {reloading ? '更新中…' : '重新整理名單'}
        </button>
      </p>
    </section>
  );
}

/** 已取貨 / 待取貨 (/ 未付款): what the desk has left, announced as it changes. */
function DeskCounts({ done, todo, unpaid }: { done: number; todo: number; unpaid: number }) {
  return (
    <p className="desk__counts" aria-live="polite">
      <span className="desk__count desk__count--done">
        已取貨 <strong>{done}</strong>
      </span>
      <span className="desk__count">
        待取貨 <strong>{todo}</strong>
      </span>
      {unpaid ? (
        <span className="desk__count desk__count--unpaid">
          未付款 <strong>{unpaid}</strong>
        </span>
      ) : null}
    </p>
  );
}

const FILTERS = [
  ['todo', '待取貨'],
  ['done', '已取貨'],
  ['all', '全部'],
] as const;

/** The search (order number or name) and the filter, kept in view while the list scrolls. */
function DeskTools({ q, onQ, filter, onFilter }: { q: string; onQ: (q: string) => void; filter: Filter; onFilter: (f: Filter) => void }) {
  const id = useId();
  return (
    <div className="desk__tools">
      <label htmlFor={`${id}-q`} className="visually-hidden">
        搜尋訂單號碼或姓名
      </label>
      <input id={`${id}-q`} className="desk__search" type="search" value={q} onChange={(e) => onQ(e.target.value)} placeholder="搜尋訂單號碼或姓名" autoComplete="off" enterKeyHint="search" />
      <div className="desk__filters" role="group" aria-label="顯示">
        {FILTERS.map(([f, label]) => (
          <button key={f} type="button" className="desk__filter" aria-pressed={filter === f} onClick={() => onFilter(f)}>
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

function DeskRow({ o, busy, onSet }: { o: Row; busy: boolean; onSet: (picked: boolean) => void }) {
  const state = o.pickedUp ? 'done' : o.paid ? 'todo' : 'unpaid';
  return (
    <li className={`desk-row desk-row--${state}`} data-order={o.orderNo}>
      <div className="desk-row__who">
        <strong className="desk-row__name">{o.buyer}</strong>
        <span className="desk-row__no">{o.orderNo}</span>
        <span className="desk-row__meta">
          電話 {o.phone}・{o.pickup}
        </span>
        <span className="desk-row__items">{o.items.map((i) => `${i.name} × ${i.qty}`).join('、')}</span>
        {state === 'unpaid' ? <span className="desk-row__unpaid">未付款：請買家先完成匯款，不可交書</span> : null}
        {o.pickedUp ? (
          <span className="desk-row__when">
            {timeOf(o.pickedUp.at)} 由 {o.pickedUp.by} 交付
          </span>
        ) : null}
      </div>
      {state === 'done' ? (
        <div className="desk-row__actions">
          <span className="desk-row__tick" aria-hidden="true">
            ✓
          </span>
          <button type="button" className="desk-row__undo" onClick={() => onSet(false)} disabled={busy} aria-label={`復原 ${o.buyer} 的取貨`}>
            {busy ? '處理中…' : '復原'}
          </button>
        </div>
      ) : (
        <button type="button" className="desk-row__mark" onClick={() => onSet(true)} disabled={busy || state === 'unpaid'} aria-label={`${o.buyer} 取貨`}>
          {busy ? '…' : state === 'unpaid' ? '未付款' : '✓ 取貨'}
        </button>
      )}
    </li>
  );
}
