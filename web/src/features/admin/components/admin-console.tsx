import { lazy, Suspense, useEffect, useRef } from 'react';
import { NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { Spinner } from '@/components/page-status';
import '../admin.css';

const OrdersPage = lazy(() => import('./orders-page'));
const OrderPage = lazy(() => import('./order-page'));
const PaymentsPage = lazy(() => import('./payments-page'));
const InvoicesPage = lazy(() => import('./invoices-page'));
const BankPage = lazy(() => import('./bank-page'));
const DashboardPage = lazy(() => import('./dashboard-page'));
const ProductsPage = lazy(() => import('./products-page'));
const ProductFormPage = lazy(() => import('./product-form-page'));
const PlansPage = lazy(() => import('./plans-page'));
const PlanPage = lazy(() => import('./plan-page'));
const PlanFormPage = lazy(() => import('./plan-form-page'));
const InquiriesPage = lazy(() => import('./inquiries-page'));
const InquiryPage = lazy(() => import('./inquiry-page'));
const SettingsPage = lazy(() => import('./settings-page'));

// The day's work first: at 360 px the tabs are one scrolling row (admin.css) and these show unscrolled.
const TABS = [
  { to: '/admin/orders', label: '訂單' },
  { to: '/admin/payments', label: '待確認匯款' },
  { to: '/admin/bank', label: '匯款對帳' },
  { to: '/admin/dashboard', label: '營運概況' },
  { to: '/admin/invoices', label: '發票' },
  { to: '/admin/products', label: '書籍與庫存' },
  { to: '/admin/plans', label: '團購活動' },
  { to: '/admin/inquiries', label: '顧客詢問' },
  { to: '/admin/settings', label: '商店設定' },
];

/** The owner's console under /admin: its own tabs and nested routes. */
export function AdminConsole() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow screen the row scrolls: bring the current tab into it (a tab reached by Tab scrolls itself).
  useEffect(() => {
    const strip = nav.current;
    const active = strip?.querySelector<HTMLElement>('.is-active');
    if (!strip || !active) return;
    if (active.offsetLeft < strip.scrollLeft || active.offsetLeft + active.offsetWidth > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = active.offsetLeft - 16;
  }, [pathname]);
  return (
    <section className="admin" aria-labelledby="admin-title">
      <h1 id="admin-title" className="admin__title">
        店長後台
      </h1>
      <nav ref={nav} className="admin-tabs" aria-label="後台功能">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} className={({ isActive }) => `admin-tabs__link${isActive ? ' is-active' : ''}`}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route index element={<Navigate to="/admin/orders" replace />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:orderId" element={<OrderPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="bank" element={<BankPage />} />
          <Route path="invoices" element={<InvoicesPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="products/new" element={<ProductFormPage />} />
          <Route path="products/:productId" element={<ProductFormPage />} />
          <Route path="plans" element={<PlansPage />} />
          <Route path="plans/new" element={<PlanFormPage />} />
          <Route path="plans/:planId" element={<PlanPage />} />
          <Route path="plans/:planId/edit" element={<PlanFormPage />} />
          <Route path="inquiries" element={<InquiriesPage />} />
          <Route path="inquiries/:inquiryId" element={<InquiryPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<p className="muted">找不到這個後台頁面。</p>} />
        </Routes>
      </Suspense>
    </section>
  );
}
