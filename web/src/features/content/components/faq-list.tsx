import { PaymentDays } from '@/components/payment-days';
import { ShippingText } from '@/components/shipping-text';
import { Link } from 'react-router';

interface Qa {
  q: string;
  a: React.ReactNode;
}
interface Group {
  id: string;
  title: string;
  items: Qa[];
}

export const FAQ_GROUPS: Group[] = [
  {
    id: 'ordering',
    title: '訂購',
    items: [
      { q: '如何訂購書籍？', a: <>在「<Link to="/bookstore">訂購書籍</Link>」選好書放入購物車，登入會員並完成電子郵件驗證後即可結帳。結帳時填寫收件資料與匯款帳號末 5 碼，訂單送出後會收到確認信。</> },
      { q: '一定要加入會員才能買書嗎？', a: '一般訂購需要會員帳號，方便您隨時查詢訂單。參加公會或社團的團購活動則不需登入，只要填寫電子郵件即可。' },
      { q: '可以修改已送出的訂單嗎？', a: <>匯款前若要修改數量或收件資料，請透過 <Link to="/contact">LINE 或電話</Link> 告訴我們訂單號碼，我們會協助處理。</> },
    ],
  },
  {
    id: 'payment',
    title: '付款（匯款）',
    items: [
      { q: '有哪些付款方式？', a: <>目前只接受銀行匯款或 ATM 轉帳。訂單成立後請在 <PaymentDays />匯款，匯款帳戶資訊請見訂單成功頁與<Link to="/shoppingInfo">購物須知</Link>。</> },
      { q: '為什麼要填寫匯款帳號末 5 碼？', a: '我們每天人工核對入帳紀錄，末 5 碼是對帳的依據。下單時若還不知道帳號，可先填 00000，匯款後再告訴我們。' },
      { q: '匯款後多久會確認？', a: '每個工作天上午核對前一日的入帳，確認後訂單狀態會改為「匯款完成，訂單準備中」。' },
    ],
  },
  {
    id: 'shipping',
    title: '運送',
    items: [
      { q: '運費怎麼算？', a: <ShippingText before="由中華郵政寄送，" after="。" /> },
      { q: '多久可以收到書？', a: '匯款確認後 2 個工作天內寄出，郵寄約 1–3 天送達。寄出後可在訂單頁面查看郵件追蹤號碼。' },
      { q: '可以寄到海外嗎？', a: <>目前僅寄送臺灣地區。海外訂購請先<Link to="/contact">與我們聯絡</Link>。</> },
    ],
  },
  {
    id: 'invoice',
    title: '發票',
    items: [
      { q: '會開立發票嗎？', a: '每筆訂單都會開立電子發票，寄到您留下的電子郵件信箱。' },
      { q: '公司報帳需要統一編號怎麼辦？', a: '結帳的「發票資訊」步驟可以填寫買受人名稱與 8 碼統一編號，系統會檢查統一編號格式。' },
    ],
  },
  {
    id: 'returns',
    title: '退換貨',
    items: [
      { q: '可以退貨嗎？', a: '收到書後享有 7 天鑑賞期（含例假日）。書籍須保持全新、未書寫，連同發票一起寄回，我們收到後會退款到您指定的帳戶。' },
      { q: '收到的書有破損或缺頁？', a: <>請拍照並<Link to="/contact">聯絡我們</Link>，我們會免費為您更換新書。</> },
    ],
  },
  {
    id: 'cancel',
    title: '訂單取消',
    items: [
      { q: '沒有在期限內匯款會怎樣？', a: <>訂單成立後 <PaymentDays />未匯款，系統會自動取消訂單（狀態為「未匯款，訂單取消」），保留的庫存也會釋出。需要時請重新下單。</> },
      { q: '匯款後想取消訂單？', a: '書籍寄出前都可以取消，我們會退款到您指定的帳戶，訂單狀態改為「訂單取消，退款完成」。' },
    ],
  },
  {
    id: 'group',
    title: '團購與檔案',
    items: [
      { q: '團購活動截止後還能用團購價嗎？', a: <>截止後的活動頁會顯示「活動截止」並提供詢問表單。公會或社團想再開團，請見<Link to="/business">團體與企業採購</Link>。</> },
      { q: '書中的範本檔案在哪裡下載？', a: <>請到「<Link to="/file">檔案下載</Link>」，選擇書名後可搜尋並下載各附件。</> },
    ],
  },
];

export function FaqList() {
  return (
    <div className="faq">
      <nav aria-label="問題分類" className="faq__toc">
        <ul>
          {FAQ_GROUPS.map((g) => (
            <li key={g.id}>
              <a href={`#faq-${g.id}`}>{g.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ_GROUPS.map((g) => (
        <section key={g.id} id={`faq-${g.id}`} className="faq__group" aria-labelledby={`faq-${g.id}-title`}>
          <h2 id={`faq-${g.id}-title`}>{g.title}</h2>
          {g.items.map((qa) => (
            <details key={qa.q} className="faq__item">
              <summary>{qa.q}</summary>
              <div className="faq__answer">{qa.a}</div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
