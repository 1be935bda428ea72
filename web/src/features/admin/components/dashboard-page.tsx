import type { DashboardCampaign, DashboardFigures } from '@contracts/dashboard';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@contracts/orders';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney, taiwanDay, thresholdText } from '@contracts/format';
import { toCsv } from '@contracts/csv';
import { Thead } from '@/components/thead';
import { useResource } from '../lib/use-resource';
import { Card, Loaded, PageHead } from './ui';

// Chart.js (tree-shaken: only the bar, line and doughnut parts) is imported here, so it loads with
// this page of the console and never in the storefront.
async function loadChart() {
  const m = await import('chart.js');
  m.Chart.register(
    m.BarController,
    m.BarElement,
    m.LineController,
    m.LineElement,
    m.PointElement,
    m.CategoryScale,
    m.LinearScale,
    m.Legend,
    m.Tooltip,
    m.DoughnutController,
    m.ArcElement,
  );
  return m.Chart;
}

type ChartConfig = import('chart.js').ChartConfiguration;

/** A chart of the page: sized by its box (the CSS's height), drawn at once (no animation). */
const chart = (type: ChartConfig['type'], data: ChartConfig['data'], options: ChartConfig['options'] = {}): ChartConfig =>
  ({ type, data, options: { responsive: true, maintainAspectRatio: false, animation: false, ...options } }) as ChartConfig;

function ChartCanvas({ config, label, small = false }: { config: ChartConfig; label: string; small?: boolean }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let gone = false;
    void loadChart().then((Chart) => {
      if (!gone && ref.current) chart = new Chart(ref.current, config);
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [config]);
  return (
    <div className={small ? 'admin-chart admin-chart--small' : 'admin-chart'}>
      <canvas ref={ref} role="img" aria-label={label} />
    </div>
  );
}

/** Every figure of the page, one table after another, as CSV (contracts/csv.ts: Excel keeps book ids and months text). */
export function dashboardCsv(f: DashboardFigures): string {
  const period = ['已付款訂單', '已付款金額', '待匯款訂單', '待匯款金額'];
  const rows: (string | number)[][] = [
    ['每日（依下單日）'],
    ['日期', ...period],
    ...f.perDay.map((d) => [d.day, d.paidOrders, d.paidRevenue, d.awaitingOrders, d.awaitingRevenue]),
    [],
    ['每月（依下單月）'],
    ['月份', ...period],
    ...f.perMonth.map((m) => [m.month, m.paidOrders, m.paidRevenue, m.awaitingOrders, m.awaitingRevenue]),
    [],
    ['訂單狀態'],
    ['狀態', '訂單數'],
    ...ORDER_STATUSES.map((s) => [ORDER_STATUS_LABELS[s], f.byStatus[s]]),
    [],
    ['暢銷書籍'],
    ['書籍編號', '書名', '已付款冊數', '已付款金額', '待匯款冊數'],
    ...f.topBooks.map((b) => [b.productId, b.name, b.paidCopies, b.paidRevenue, b.awaitingCopies]),
    [],
    ['團購進度'],
    ['活動編號', '活動名稱', '成團門檻', '日期', '累計冊數', '累計訂單'],
    ...f.campaigns.flatMap((c) => c.points.map((p) => [c.planId, c.title, c.minQuantity ?? '', p.day, p.copies, p.orders])),
  ];
  return toCsv(rows);
}

function downloadCsv(f: DashboardFigures) {
  const blob = new Blob([dashboardCsv(f)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `dashboard-${f.from}-${f.to}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /admin/dashboard: how the shop is doing, per day and month, as charts and as CSV. */
export default function DashboardPage() {
  const [days, setDays] = useState(30);
  const figures = useResource('GET /api/admin/dashboard', { query: { days, months: 12 } });
  return (
    <div>
      <PageHead title="營運概況">
        <label className="admin-check">
          期間
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            <option value={7}>最近 7 天</option>
            <option value={30}>最近 30 天</option>
            <option value={90}>最近 90 天</option>
          </select>
        </label>
      </PageHead>
      <Loaded resource={figures}>{(f) => <Figures f={f} />}</Loaded>
    </div>
  );
}

const PAID_COLOUR = '#2f5d62';
const AWAITING_COLOUR = '#d9a441';

function revenueChart(labels: string[], rows: DashboardFigures['perDay'] | DashboardFigures['perMonth']): ChartConfig {
  const datasets = [
    { label: '已付款', data: rows.map((d) => d.paidRevenue), backgroundColor: PAID_COLOUR, stack: 'r' },
    { label: '待匯款', data: rows.map((d) => d.awaitingRevenue), backgroundColor: AWAITING_COLOUR, stack: 'r' },
  ];
  return chart('bar', { labels, datasets }, { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } });
}

/** One colour per status, in ORDER_STATUSES order: the doughnut and its legend. */
const STATUS_COLOURS = ['#4f7cac', AWAITING_COLOUR, PAID_COLOUR, '#5b8c5a', '#a23b2a', '#8a7f72'];

function Figures({ f }: { f: DashboardFigures }) {
  const daily = useMemo(() => revenueChart(f.perDay.map((d) => d.day.slice(5).replace('-', '/')), f.perDay), [f]);
  const monthly = useMemo(() => revenueChart(f.perMonth.map((m) => m.month.replace('-', '/')), f.perMonth), [f]);
  const paid = f.perDay.reduce((n, d) => n + d.paidRevenue, 0);
  const awaiting = f.perDay.reduce((n, d) => n + d.awaitingRevenue, 0);
  return (
    <>
      <div className="admin-grid">
        <TodayCard f={f} paid={paid} awaiting={awaiting} />
        <StatusCard f={f} />
      </div>
      <Card id="d-revenue" title="每日營收（依下單日）">
        <ChartCanvas config={daily} label={`每日營收圖，期間已付款 ${formatMoney(paid)}，待匯款 ${formatMoney(awaiting)}`} />
      </Card>
      <Card id="d-monthly" title="每月營收（依下單月）">
        <ChartCanvas config={monthly} label={`每月營收圖，${f.perMonth.map((m) => `${m.month} 已付款 ${formatMoney(m.paidRevenue)}`).join('，')}`} />
      </Card>
      <div className="admin-grid">
        <TopBooks f={f} />
        <Card id="d-campaigns" title="團購進度">
          {f.campaigns.length ? f.campaigns.map((c) => <CampaignProgress key={c.planId} c={c} today={f.to} />) : <p className="admin-sub">沒有進行中或近期截止的團購。</p>}
        </Card>
      </div>
    </>
  );
}

/** 今天: today's and this month's orders, the period's totals, and the CSV. */
function TodayCard({ f, paid, awaiting }: { f: DashboardFigures; paid: number; awaiting: number }) {
  const today = f.perDay.at(-1)!;
  const month = f.perMonth.at(-1)!;
  return (
    <Card id="d-today" title="今天">
      <p data-testid="dash-today">
        已付款 {today.paidOrders} 筆・{formatMoney(today.paidRevenue)}；待匯款 {today.awaitingOrders} 筆・{formatMoney(today.awaitingRevenue)}
      </p>
      <p className="admin-sub" data-testid="dash-month">
        本月：已付款 {month.paidOrders} 筆・{formatMoney(month.paidRevenue)}；待匯款 {month.awaitingOrders} 筆・{formatMoney(month.awaitingRevenue)}
      </p>
      <p className="admin-sub">
        期間合計：已付款 {formatMoney(paid)}，待匯款 {formatMoney(awaiting)}
      </p>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => downloadCsv(f)}>
        下載 CSV
      </button>
    </Card>
  );
}

/** 訂單狀態: the doughnut, with the counts written beside it (not only in a tooltip on hover). */
function StatusCard({ f }: { f: DashboardFigures }) {
  const status = useMemo(() => {
    const datasets = [{ data: ORDER_STATUSES.map((s) => f.byStatus[s]), backgroundColor: STATUS_COLOURS }];
    return chart('doughnut', { labels: ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s]), datasets }, { plugins: { legend: { display: false } } });
  }, [f]);
  return (
    <Card id="d-status" title="訂單狀態">
      <ChartCanvas config={status} label={ORDER_STATUSES.map((s) => `${ORDER_STATUS_LABELS[s]} ${f.byStatus[s]} 筆`).join('，')} />
      <ul className="admin-legend" data-testid="dash-status">
        {ORDER_STATUSES.map((s, i) => (
          <li key={s}>
            <span className="admin-legend__swatch" style={{ background: STATUS_COLOURS[i] }} aria-hidden="true" />
            {ORDER_STATUS_LABELS[s]}
            <strong>{f.byStatus[s]} 筆</strong>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** 暢銷書籍: copies per book, paid and awaiting payment, as a chart and a table. */
function TopBooks({ f }: { f: DashboardFigures }) {
  const books = useMemo(() => {
    const labels = f.topBooks.map((b) => (b.name.length > 14 ? `${b.name.slice(0, 13)}…` : b.name));
    const datasets = [
      { label: '已付款冊數', data: f.topBooks.map((b) => b.paidCopies), backgroundColor: PAID_COLOUR, stack: 'b' },
      { label: '待匯款冊數', data: f.topBooks.map((b) => b.awaitingCopies), backgroundColor: AWAITING_COLOUR, stack: 'b' },
    ];
    return chart('bar', { labels, datasets }, { indexAxis: 'y', scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } } });
  }, [f]);
  return (
    <Card id="d-books" title={`暢銷書籍（近 ${f.perMonth.length} 個月）`}>
      {f.topBooks.length ? (
        <>
          <ChartCanvas config={books} label={f.topBooks.map((b) => `${b.name} 已付款 ${b.paidCopies} 冊`).join('，')} />
          <table className="admin-table dash-table" data-testid="dash-books">
            <caption className="visually-hidden">暢銷書籍</caption>
            <Thead columns={['書名', { label: '已付款', num: true }, { label: '待匯款', num: true }]} />
            <tbody>
              {f.topBooks.map((b) => (
                <tr key={b.productId}>
                  <td data-label="書名">{b.name}</td>
                  <td data-label="已付款" className="num">
                    {b.paidCopies} 冊・{formatMoney(b.paidRevenue)}
                  </td>
                  <td data-label="待匯款" className="num">
                    {b.awaitingCopies} 冊
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="admin-sub">這段期間還沒有訂單。</p>
      )}
    </Card>
  );
}

/** Copies on active orders at the end of each day, from the first order to closing (or today), and the threshold. */
function CampaignProgress({ c, today }: { c: DashboardCampaign; today: string }) {
  const config = useMemo<ChartConfig | null>(() => {
    if (!c.points.length) return null;
    const closing = taiwanDay(c.closingDate);
    const end = closing < today ? closing : today;
    const labels: string[] = [];
    const data: number[] = [];
    // From the day before the first order (at 0, so the first step shows) to closing or today.
    const first = new Date(Date.parse(`${c.points[0]!.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    let i = 0;
    let copies = 0;
    for (let t = Date.parse(`${first}T00:00:00Z`); labels.length < 400; t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      while (i < c.points.length && c.points[i]!.day <= day) copies = c.points[i++]!.copies;
      labels.push(day.slice(5).replace('-', '/'));
      data.push(copies);
      if (day >= end && i >= c.points.length) break;
    }
    const datasets = [
      { label: '累計冊數', data, borderColor: PAID_COLOUR, backgroundColor: PAID_COLOUR, stepped: true, pointRadius: labels.length > 31 ? 0 : 2 },
      ...(c.minQuantity ? [{ label: '成團門檻', data: labels.map(() => c.minQuantity!), borderColor: '#a23b2a', borderDash: [6, 4], pointRadius: 0 }] : []),
    ];
    return chart('line', { labels, datasets }, { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } });
  }, [c, today]);
  const now = c.points.at(-1)?.copies ?? 0;
  const standing = thresholdText({ decided: c.decided, minQuantity: c.minQuantity, copies: now }, '冊');
  const threshold = standing ? `（${standing}）` : '（不設門檻）';
  return (
    <div className="dash-campaign" data-testid={`dash-campaign-${c.planId}`}>
      <h4>{c.title}</h4>
      <p className="admin-sub">
        {c.points.length ? `目前 ${now} 冊${threshold}` : `尚無訂單${threshold}`}
      </p>
      {config ? <ChartCanvas small config={config} label={`${c.title} 累計 ${now} 冊${c.minQuantity ? `，門檻 ${c.minQuantity} 冊` : ''}`} /> : null}
    </div>
  );
}
