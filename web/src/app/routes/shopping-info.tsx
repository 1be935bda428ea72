import { ContentPage } from '@/features/content/components/content-page';
import { ShoppingInfo } from '@/features/content/components/shopping-info';
import '@/features/content/content.css';

export function Component() {
  return (
    <ContentPage
      title="購物須知"
      description="青嶼書房的付款（銀行匯款與期限）、郵寄免運、電子發票與統一編號、7 天鑑賞期退換貨說明。"
      eyebrow="Shopping guide"
      lead="下單前請花一分鐘看看付款、寄送、發票與退換貨的規定。"
    >
      <ShoppingInfo />
    </ContentPage>
  );
}
