import { FaqList } from '@/features/content/components/faq-list';
import { ContentPage } from '@/features/content/components/content-page';
import '@/features/content/content.css';

export function Component() {
  return (
    <ContentPage
      title="常見問題"
      description="訂購、匯款付款、免運寄送、發票與統一編號、7 天鑑賞期退貨、未匯款訂單取消與團購的常見問題。"
      eyebrow="Q&A"
      lead="找不到答案嗎？請到聯絡我們頁面留言，或加入 LINE 官方帳號詢問。"
    >
      <FaqList />
    </ContentPage>
  );
}
