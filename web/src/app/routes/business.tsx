import { BusinessOffer } from '@/features/content/components/business-offer';
import { InquiryForm } from '@/components/inquiry-form';
import { ContentPage } from '@/features/content/components/content-page';
import '@/features/content/content.css';

export function Component() {
  return (
    <ContentPage
      className="page business"
      title="團體與企業採購"
      description="公會、學校、讀書會與企業的大量訂購與團購：數量優惠、專屬團購頁、統一開立發票與免運寄送。"
      eyebrow="Business"
      lead="會計師公會、記帳士聯誼會、學校與企業內訓，都可以用團體價訂購青嶼出版的實務書。"
      image={{ src: '/images/business/bulk-order.svg', width: 400, height: 260 }}
    >
      <BusinessOffer />
      <InquiryForm
        topic="business"
        bulk
        title="大量訂購詢價"
        messageLabel="需求說明"
        messagePlaceholder="書目、預計數量、希望到貨日期，以及是否需要開設團購頁。"
      />
    </ContentPage>
  );
}
