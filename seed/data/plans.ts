import type { GroupBuyingPlan } from '../../functions/src/contracts/group-buying';

/** A plan's banners as scripts/group-buying/render-banners.mjs renders them: web/public/images/banner/{name}-pc.jpg and -mobile.jpg. */
const banner = (name: string) => ({ pc: `/images/banner/${name}-pc.jpg`, mobile: `/images/banner/${name}-mobile.jpg` });

/** A campaign closes when its last Taiwan calendar day (UTC+8) ends: 23:59:59 there. */
const endOfTaiwanDay = (day: string) => `${day}T15:59:59.000Z`;

export const plans: GroupBuyingPlan[] = [
  {
    planId: 'cpaSouth',
    title: '南區會計師公會 年度實務書團購',
    organizer: '南區會計師公會',
    closingDate: endOfTaiwanDay('2027-03-31'),
    launched: true,
    bannerImg: banner('cpa-south'),
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
    pickupPoints: [{ id: 'office', name: '公會辦公室自取', address: '高雄市前金區中正四路 211 號 8 樓（南區會計師公會）', hours: '週一至週五 9:00–17:00' }],
    postalDelivery: true,
    payAfterFormed: false,
  },
  {
    planId: 'onecircle',
    title: '一圈讀書會 秋季共讀團購',
    organizer: '一圈讀書會',
    closingDate: endOfTaiwanDay('2026-10-31'),
    launched: true,
    bannerImg: banner('onecircle'),
    content: ['一圈讀書會秋季共讀書單：中小企業會計入門。', '本活動已於 10 月 31 日截止，感謝大家熱情參與。'],
    products: [{ productId: 'small-business-accounting', groupPrice: 399, maxPerOrder: 3 }],
    pickupNotes: '讀書會當天現場取書。',
    paymentNotes: '請於下單後 3 日內匯款。',
    pickupPoints: [{ id: 'meeting', name: '讀書會現場取書', address: '臺南市東區大學路 1 號', hours: '讀書會當天' }],
    postalDelivery: false,
    payAfterFormed: false,
  },
  {
    planId: 'taxSeason2027',
    title: '報稅季 記帳士聯合團購',
    organizer: '中區記帳士聯誼會',
    closingDate: endOfTaiwanDay('2027-05-31'),
    launched: true,
    bannerImg: banner('tax-season'),
    // The minimum per order is the stored minPerOrder (the server enforces it, the page states it), never prose.
    content: ['報稅季前備齊工具書，聯誼會會員享團購優惠價。', '由出版社直接寄送到府。'],
    products: [
      { productId: 'business-tax-handbook', groupPrice: 540, maxPerOrder: 20 },
      { productId: 'small-business-accounting', groupPrice: 410, maxPerOrder: 20 },
    ],
    minPerOrder: 3,
    pickupNotes: '郵寄到府，臺灣全區（含離島）免運。',
    paymentNotes: '請於下單後 3 日內匯款。',
    pickupPoints: [],
    postalDelivery: true,
    payAfterFormed: false,
  },
];
