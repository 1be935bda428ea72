import { ContactChannels } from '@/features/content/components/contact-channels';
import { InquiryForm } from '@/components/inquiry-form';
import { ContentPage } from '@/features/content/components/content-page';
import '@/features/content/content.css';

export function Component() {
  return (
    <ContentPage
      className="page contact"
      title="聯絡我們"
      description="青嶼書房的客服電話、電子郵件、地址與 LINE、Facebook、Instagram 帳號 QR Code，也可以直接線上詢問。"
      eyebrow="Contact"
      lead="訂單、匯款、團購或書籍內容的問題，都歡迎與我們聯絡。LINE 回覆最快。"
      image={{ src: '/images/contact/contact.svg', width: 400, height: 240 }}
    >
      <div className="contact__grid">
        <div>
          <ContactChannels />
        </div>
        <InquiryForm topic="contact" messagePlaceholder="請描述您的問題。" />
      </div>
    </ContentPage>
  );
}
