import { FaqList } from '@/features/content/components/faq-list';
import { PageHeader } from '@/features/content/components/page-header';
import '@/features/content/content.css';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('常見問題', '訂購、匯款付款、免運寄送、發票與統一編號、7 天鑑賞期退貨、未匯款訂單取消與團購的常見問題。');
  return (
    <div className="page page--medium">
      <PageHeader eyebrow="Q&A" title="常見問題" lead="找不到答案嗎？請到聯絡我們頁面留言，或加入 LINE 官方帳號詢問。" />
      <FaqList />
    </div>
  );
}
