import { shopSettings as demoShopSettings } from '../../seed/data/settings';

// Valid requests for the routes declared in functions/src/contracts/routes.ts, kept in one place for the
// suites that go over every route: the hostile corpus (tests/hostile/corpus.test.ts) and the owner
// console's access checks (tests/api/admin.test.ts).
export const sampleOrder = () => ({
  items: [{ productId: 'company-registration-guide', qty: 1 }],
  receiver: { name: '王小明', address: '臺南市中西區青年路 1 號' },
  phone: '0912-345-678',
  bankAccountNo: '12345',
  remark: '請於上午送達',
  invoiceTitle: '青嶼書房',
});
export const sampleProduct = () => ({
  productId: 'hostile-book',
  name: '測試書',
  imgSrc: '/images/books/test.jpg',
  listPrice: 500,
  salePrice: 400,
  launched: false,
  isNew: false,
  sortOrder: 1,
  content: ['重點'],
});
export const samplePlan = () => ({
  planId: 'hostilePlan',
  title: '測試團購',
  organizer: '測試協會',
  closingDate: '2030-01-01T00:00:00+08:00',
  launched: false,
  bannerImg: { pc: '/images/banner/a.jpg', mobile: '/images/banner/b.jpg' },
  content: ['說明'],
  products: [{ productId: 'company-registration-guide', groupPrice: 100 }],
});

/** A valid settings body: the demo shop's. */
const settings = () => ({ shop: structuredClone(demoShopSettings), notifications: { orders: 'each' } });

/**
 * A valid body of every declared route that takes one (by operationId). The hostile corpus sends it
 * only with a bad path or a bad token, or with one field made hostile, and fails on a declared route
 * with a body and none here; the owner console's access test sends it as it is.
 */
export const ROUTE_BODIES: Record<string, () => Record<string, unknown>> = {
  auth_signUp: () => ({ email: 'new@example.com', password: 'secret123', userName: '新會員' }),
  auth_signIn: () => ({ email: 'demo@example.com', password: 'demo1234' }),
  auth_sendEmailVerify: () => ({ idToken: 'x.y.z' }),
  auth_confirmEmailVerification: () => ({ oobCode: 'code' }),
  auth_getUserData: () => ({ idToken: 'x.y.z' }),
  auth_sendPasswordResetEmail: () => ({ email: 'demo@example.com' }),
  auth_verifyPasswordResetCode: () => ({ oobCode: 'code' }),
  auth_confirmPasswordReset: () => ({ oobCode: 'code', newPassword: 'secret123' }),
  patchMember: () => ({ memberInfo: { userName: '會員', email: 'a@example.com', userUid: 'abc', picture: '' } }),
  setStockMany: () => ({ 'company-registration-guide': 5 }),
  setStockOne: () => ({ qty: 5 }),
  createInquiry: () => ({ topic: 'contact', name: '王小明', email: 'a@example.com', message: '請問有團購優惠嗎' }),
  subscribeNewsletter: () => ({ email: 'a@example.com' }),
  unsubscribeNewsletter: () => ({ token: 'abc.def' }),
  placeGroupOrder: () => ({ ...sampleOrder(), buyer: '王小明', email: 'a@example.com' }),
  lookupOrder: () => ({ orderNo: 'QY260101ABCD', email: 'a@example.com' }),
  placeOrder: sampleOrder,
  lookupSetBankDigits: () => ({ orderNo: 'QY260101ABCD', email: 'a@example.com', bankAccountNo: '12345' }),
  setBankDigits: () => ({ bankAccountNo: '12345' }),
  adminChangeOrderStatus: () => ({ status: 'refunded', note: '退款' }),
  adminCorrectDelivery: () => ({ delivery: { company: '郵局', trackingNo: 'A123', trackingUrl: 'https://postserv.post.gov.tw/' }, note: '更正' }),
  adminCreateProduct: sampleProduct,
  adminUpdateProduct: () => ({ ...sampleProduct(), productId: undefined }),
  adminLaunchProduct: () => ({ launched: true }),
  adminSetStock: () => ({ qty: 5, reason: '盤點' }),
  adminCreatePlan: samplePlan,
  adminUpdatePlan: () => ({ ...samplePlan(), planId: undefined }),
  adminLaunchPlan: () => ({ launched: true }),
  adminArchivePlan: () => ({ archived: true }),
  adminDecideOutcome: () => ({ outcome: 'failed', note: '未達成團門檻' }),
  adminReplyToInquiry: () => ({ message: '您好，已為您查詢。' }),
  adminSaveSettings: settings,
  adminBankMatch: () => ({ deposits: [{ row: 1, date: '2026-01-05', amount: 500, account: '12345', occurrence: 0 }] }),
  adminBankConfirm: () => ({ matches: [{ deposit: { row: 1, date: '2026-01-05', amount: 500, account: '12345', occurrence: 0 }, orderId: 'hostileOrder000000001' }] }),
  createStockAlert: () => ({ productId: 'company-registration-guide', email: 'a@example.com' }),
  cancelStockAlert: () => ({ token: 'abcdefghijk.lmnop' }),
  adminCreateDeskLink: () => ({ holder: '王小明' }),
  adminMarkInvoice: () => ({ number: 'AB12345678' }),
  adminCorrectInvoice: () => ({ kind: 'void', date: '2026-01-15' }),
  lineStart: () => ({ purpose: 'signIn', redirect: '/order' }),
  lineCallback: () => ({ code: 'hostile-code', state: 'hostile-state' }),
  lineSetEmail: () => ({ email: 'a@example.com' }),
  createCloseReminder: () => ({ planId: 'cpaSouth', email: 'a@example.com' }),
  cancelCloseReminder: () => ({ token: 'abcdefghijk.lmnop' }),
};
