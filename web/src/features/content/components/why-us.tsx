import { ShippingText } from '@/components/shipping-text';
const REASONS = [
  { icon: '/images/home/why-direct.png', title: '出版社直營', text: '作者與編輯親自把關，勘誤與範本檔案第一時間更新。' },
  { icon: '/images/home/why-shipping.png', title: '郵寄到府', text: <ShippingText after="，匯款確認後 2 個工作天內寄出。" /> },
  { icon: '/images/home/why-group.png', title: '團購優惠', text: '公會、社團與讀書會團購享專屬價格，由出版社直接出貨。' },
  { icon: '/images/home/why-return.png', title: '7 天鑑賞期', text: '收到書後 7 天內可申請退貨，退款匯回您的帳戶。' },
];

export function WhyUs() {
  return (
    <section className="home-section" aria-labelledby="why-title">
      <h2 id="why-title">為什麼在青嶼買書</h2>
      <ul className="card-grid why-grid">
        {REASONS.map((r) => (
          <li key={r.title} className="why-card">
            <img src={r.icon} alt="" width="56" height="56" loading="lazy" />
            <h3>{r.title}</h3>
            <p>{r.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
