import type { DashboardFigures } from '@contracts/dashboard';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@contracts/orders';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '@/lib/format';
import { getDashboard } from '../api/admin-api';
import { useResource } from '../lib/use-resource';
import { Loaded, PageHead } from './ui';

// Chart.js (tree-shaken: only the bar and doughnut parts) is imported here, so it loads with this
// page of the console and never in the storefront.
async function loadChart() {
  const m = await import('chart.js');
  m.Chart.register(m.BarController, m.BarElement, m.CategoryScale, m.LinearScale, m.Legend, m.Tooltip, m.DoughnutController, m.ArcElement);
  return m.Chart;
}

type ChartConfig = import('chart.js').ChartConfiguration;

function ChartCanvas({ config, label }: { config: ChartConfig; label: string }) {
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
    <div className="admin-chart">
      <canvas ref={ref} role="img" aria-label={label} />
    </div>
  );
}

/** UTF-8 with BOM, so Excel opens the Chinese headers correctly. */
function downloadCsv(f: DashboardFigures) {
  const rows = [['日期', '已付款訂單', '已付款金額', '待匯款訂單', '待匯款金額'], ...f.perDay.map((d) => [d.day, d.paidOrders, d.paidRevenue, d.awaitingOrders, d.awaitingRevenue])];
  const blob = new Blob(['\uFEFF' + rows.map((r) => r.join(',')).join('\r\n')], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `dashboard-${f.from}-${f.to}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /admin/dashboard: how the shop is doing, per day, as charts and as CSV. */
export default function DashboardPage() {
  const [days, setDays] = useState(30);
  const figures = useResource((signal) => getDashboard(days, signal), `dash-${days}`);
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

function Figures({ f }: { f: DashboardFigures }) {
  const revenue = useMemo<ChartConfig>(() => {
    const labels = f.perDay.map((d) => d.day.slice(5).replace('-', '/'));
    return {
      type: 'bar',
      data: {
        labels,
        datasets: [
          { label: '已付款', data: f.perDay.map((d) => d.paidRevenue), backgroundColor: '#2f5d62', stack: 'r' },
          { label: '待匯款', data: f.perDay.map((d) => d.awaitingRevenue), backgroundColor: '#d9a441', stack: 'r' },
        ],
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } },
    };
  }, [f]);
  const status = useMemo<ChartConfig>(
    () => ({
      type: 'doughnut',
      data: {
        labels: ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s]),
        datasets: [{ data: ORDER_STATUSES.map((s) => f.byStatus[s]), backgroundColor: ['#d9a441', '#2f5d62', '#5b8c5a', '#a23b2a', '#8a7f72'] }],
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false },
    }),
    [f],
  );
  const paid = f.perDay.reduce((n, d) => n + d.paidRevenue, 0);
  const awaiting = f.perDay.reduce((n, d) => n + d.awaitingRevenue, 0);
  const today = f.perDay.at(-1)!;
  return (
    <>
      <div className="admin-grid">
        <section className="admin-card" aria-labelledby="d-today">
          <h3 id="d-today">今天</h3>
          <p data-testid="dash-today">
            已付款 {today.paidOrders} 筆・{formatMoney(today.paidRevenue)}；待匯款 {today.awaitingOrders} 筆・{formatMoney(today.awaitingRevenue)}
          </p>
          <p className="admin-sub">
            期間合計：已付款 {formatMoney(paid)}，待匯款 {formatMoney(awaiting)}
          </p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => downloadCsv(f)}>
            下載 CSV
          </button>
        </section>
        <section className="admin-card" aria-labelledby="d-status">
          <h3 id="d-status">訂單狀態</h3>
          {<ChartCanvas config={status} label={ORDER_STATUSES.map((s) => `${ORDER_STATUS_LABELS[s]} ${f.byStatus[s]} 筆`).join('，')} />}
        </section>
      </div>
      <section className="admin-card" aria-labelledby="d-revenue">
        <h3 id="d-revenue">每日營收（依下單日）</h3>
        {<ChartCanvas config={revenue} label={`每日營收圖，期間已付款 ${formatMoney(paid)}，待匯款 ${formatMoney(awaiting)}`} />}
      </section>
    </>
  );
}
