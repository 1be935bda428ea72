import { PageHeader } from '@/features/content/components/page-header';
import { ShoppingInfo } from '@/features/content/components/shopping-info';
import '@/features/content/content.css';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('購物須知', '青嶼書房的付款（銀行匯款，3 天內完成）、郵寄免運、電子發票與統一編號、7 天鑑賞期退換貨說明。');
  return (
    <div className="page page--medium">
      <PageHeader eyebrow="Shopping guide" title="購物須知" lead="下單前請花一分鐘看看付款、寄送、發票與退換貨的規定。" />
      <ShoppingInfo />
    </div>
  );
}
