// The shop's fixed identity, shown in the header and footer of every page without a request.
// settings/shop (GET /api/content/settings) stays the source for the pages that fetch it.
export const SHOP = {
  name: '青嶼書房',
  tagline: '實務工作者的專業書房',
  company: '青嶼出版有限公司',
  taxId: '24536806',
  address: '臺南市中西區青年路 123 號 5 樓',
  phone: '06-234-5678',
  phoneHref: 'tel:+88662345678',
  email: 'service@qingyu-books.example',
  hours: '週一至週五 09:30–17:30',
  social: [
    { key: 'line', label: 'LINE 官方帳號', url: 'https://line.me/R/ti/p/@qingyu-books', icon: '/images/social/line.png' },
    { key: 'facebook', label: 'Facebook 粉絲專頁', url: 'https://www.facebook.com/qingyu.books', icon: '/images/social/facebook.png' },
    { key: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/qingyu.books', icon: '/images/social/instagram.png' },
  ],
} as const;
