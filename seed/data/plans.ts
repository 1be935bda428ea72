import type { GroupBuyingPlan } from '../../functions/src/contracts/group-buying';

export const plans: GroupBuyingPlan[] = [
  {
    planId: 'cpaSouth',
    title: '南區會計師公會 年度實務書團購',
    organizer: '南區會計師公會',
    closingDate: '2027-03-31T15:59:59.000Z',
    launched: true,
    bannerImg: { pc: '/images/banner/cpa-south-pc.jpg', mobile: '/images/banner/cpa-south-mobile.jpg' },
    content: [
      '感謝南區會計師公會會員長期支持，本年度實務書團購開跑！',
      '團購價格僅限本活動頁面訂購，訂單成立後請於 3 日內完成匯款。',
      '書籍將於活動截止後統一寄送至公會，或依您填寫的地址郵寄。',
    ],
    products: [
      { productId: 'company-registration-guide', groupPrice: 780, maxPerOrder: 10 },
      { productId: 'business-tax-handbook', groupPrice: 560, maxPerOrder: 10 },
      { productId: 'practice-trilogy-set', groupPrice: 1650, maxPerOrder: 5 },
    ],
    minQuantity: 30,
    pickupNotes: '可選擇至南區會計師公會辦公室自取（週一至週五 9:00–17:00），或郵寄到府（免運）。',
    paymentNotes: '請於下單後 3 日內匯款，並填寫匯款帳號末 5 碼以便對帳。',
  },
  {
    planId: 'onecircle',
    title: '一圈讀書會 秋季共讀團購',
    organizer: '一圈讀書會',
    closingDate: '2026-10-31T15:59:59.000Z',
    launched: true,
    bannerImg: { pc: '/images/banner/onecircle-pc.jpg', mobile: '/images/banner/onecircle-mobile.jpg' },
    content: ['一圈讀書會秋季共讀書單：中小企業會計入門。', '本活動已於 10 月 31 日截止，感謝大家熱情參與。'],
    products: [{ productId: 'small-business-accounting', groupPrice: 399, maxPerOrder: 3 }],
    pickupNotes: '讀書會當天現場取書。',
    paymentNotes: '請於下單後 3 日內匯款。',
  },
  {
    planId: 'taxSeason2027',
    title: '報稅季 記帳士聯合團購',
    organizer: '中區記帳士聯誼會',
    closingDate: '2027-05-31T15:59:59.000Z',
    launched: true,
    bannerImg: { pc: '/images/banner/tax-season-pc.jpg', mobile: '/images/banner/tax-season-mobile.jpg' },
    content: ['報稅季前備齊工具書，聯誼會會員享團購優惠價。', '每筆訂單滿 3 本以上，由出版社直接寄送。'],
    products: [
      { productId: 'business-tax-handbook', groupPrice: 540, maxPerOrder: 20 },
      { productId: 'small-business-accounting', groupPrice: 410, maxPerOrder: 20 },
    ],
    pickupNotes: '郵寄到府，臺灣本島免運。',
    paymentNotes: '請於下單後 3 日內匯款。',
  },
];
