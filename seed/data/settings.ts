import type { ShopSettings } from '../../functions/src/contracts/settings';

export const shopSettings: ShopSettings = {
  shopName: '青嶼書房',
  bank: { name: '臺灣銀行', code: '004', branch: '府城分行', accountName: '青嶼出版有限公司', account: '0120-0012-3456' },
  shipping: { freeWithinTaiwan: true, fee: 0, carrier: '中華郵政', notes: '匯款確認後 2 個工作天內寄出。' },
  paymentDueDays: 3,
  contact: {
    email: 'service@qingyu-books.example',
    phone: '06-234-5678',
    address: '臺南市中西區青年路 123 號 5 樓',
    hours: '週一至週五 09:30–17:30',
    line: 'https://line.me/R/ti/p/@qingyu-books',
    facebook: 'https://www.facebook.com/qingyu.books',
    instagram: 'https://www.instagram.com/qingyu.books',
  },
  company: { name: '青嶼出版有限公司', taxId: '24536806' },
};
