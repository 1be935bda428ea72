// What the fuzzer owns: its own books, plans, members and a few orders, so that valid requests reach
// the code behind the lookups and placements without ever touching the demo shop's records (other
// suites and the demo need its stock). Books are sorted last and hidden again when the fuzzer ends.
import { adminDb, createTestUser, HOSTING_URL, type TestUser, uniq } from '../helpers/emulators';

export interface Fixtures {
  /** Launched books with plenty of stock: what valid orders buy. */
  books: string[];
  /** A hidden book: what the owner's write calls may change. */
  spareBook: string;
  /** A launched plan, open for 30 days, selling `books`. */
  plan: string;
  /** A hidden plan: what the owner's plan calls may change. */
  sparePlan: string;
  member: TestUser;
  other: TestUser;
  unverified: TestUser;
  owner: TestUser;
  /** Orders placed at setup: ids and numbers for the read calls. */
  orderIds: string[];
  orderNos: string[];
  /** settings/shop and settings/notifications before the fuzzer's PUT /api/admin/settings saved random ones. */
  settings: Record<'shop' | 'notifications', FirebaseFirestore.DocumentData | undefined>;
}

const STOCK = 1_000_000;
const idSafe = (prefix: string) => uniq(prefix).replace(/[^A-Za-z0-9_-]/g, '');

async function book(launched: boolean): Promise<string> {
  const productId = idSafe('fuzzbook');
  const db = adminDb();
  await db.doc(`products/${productId}`).set({
    name: `測試書 ${productId}`,
    imgSrc: '/images/books/test.jpg',
    listPrice: 1000,
    salePrice: 800,
    launched,
    sortOrder: 9999,
    isNew: false,
    bookIntroduction: { primaryColor: '#335', slogan: '', overview: '', summary: [], detail: [] },
  });
  await db.doc(`stock/${productId}`).set({ qty: STOCK, updatedAt: new Date().toISOString() });
  return productId;
}

async function plan(books: string[], launched: boolean): Promise<string> {
  const planId = idSafe('fuzzplan');
  await adminDb().doc(`groupBuyingPlans/${planId}`).set({
    title: '測試團購（fuzz）',
    organizer: '測試協會',
    closingDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    launched,
    bannerImg: { pc: '/images/banner/cpa-south-pc.svg', mobile: '/images/banner/cpa-south-mobile.svg' },
    content: ['第一段'],
    products: books.map((productId) => ({ productId, groupPrice: 600, maxPerOrder: 50 })),
    pickupNotes: '',
    paymentNotes: '',
  });
  await adminDb().doc(`planProgress/${planId}`).set({ orders: 0, copies: 0, minQuantity: null, updatedAt: new Date().toISOString() });
  return planId;
}

// A phone of the fuzzer's own: group orders are limited per phone (docs/limits.md), and the browser
// journeys that run after the fuzzer order with 0912-345-678.
const contact = { receiver: { name: '王小明', address: '臺南市中西區民族路二段 100 號' }, phone: '0911-000-321', bankAccountNo: '12345' };

async function placeSeedOrders(f: Omit<Fixtures, 'orderIds' | 'orderNos'>): Promise<{ orderIds: string[]; orderNos: string[] }> {
  const orderIds: string[] = [];
  const orderNos: string[] = [];
  const calls = [
    { url: `/api/order/${f.member.uid}/${idSafe('fuzzorder')}x`, token: f.member.idToken, body: { ...contact, items: [{ productId: f.books[0], qty: 1 }] } },
    { url: `/api/groupOrder/${f.plan}/${idSafe('fuzzgroup')}x`, token: null, body: { ...contact, buyer: '陳美玲', email: 'fuzz.buyer@example.com', items: [{ productId: f.books[1], qty: 2 }] } },
    { url: `/api/groupOrder/${f.plan}/${idSafe('fuzzgroup')}x`, token: f.member.idToken, body: { ...contact, buyer: '王小明', email: f.member.email, items: [{ productId: f.books[0], qty: 1 }] } },
  ];
  for (const c of calls) {
    // Placing is idempotent by orderId, so a placement that timed out on a cold, loaded emulator is
    // simply sent again (201 the first time it lands, 200 for a replay).
    let last = '';
    for (let attempt = 0; attempt < 4; attempt++) {
      const res = await fetch(`${HOSTING_URL}${c.url}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...(c.token ? { Authorization: `Bearer ${c.token}` } : {}) },
        body: JSON.stringify(c.body),
      });
      last = `${res.status} ${await res.clone().text()}`;
      if (res.status === 201 || res.status === 200) {
        const body = (await res.json()) as { orderId: string; orderNo: string };
        orderIds.push(body.orderId);
        orderNos.push(body.orderNo);
        last = '';
        break;
      }
    }
    if (last) throw new Error(`seed order ${c.url}: ${last.slice(0, 500)}`);
  }
  return { orderIds, orderNos };
}

export async function createFixtures(): Promise<Fixtures> {
  const [books, spareBook, member, other, unverified, owner] = await Promise.all([
    Promise.all([book(true), book(true)]),
    book(false),
    createTestUser({ displayName: '測試會員' }),
    createTestUser({ displayName: '別的會員' }),
    createTestUser({ emailVerified: false }),
    createTestUser({ admin: true, displayName: '店長' }),
  ]);
  // A hidden book stored without most fields (as a hand edit might leave one): the owner's lists must
  // still answer it in the documented shape.
  await adminDb().doc(`products/${idSafe('fuzzbroken')}`).set({ name: '', launched: false, sortOrder: 9999, listPrice: 'free' });
  const [planId, sparePlan] = await Promise.all([plan(books, true), plan([books[0]!], false)]);
  const [shop, notifications] = await Promise.all(['shop', 'notifications'].map(async (id) => (await adminDb().doc(`settings/${id}`).get()).data()));
  const base = { books, spareBook, plan: planId, sparePlan, member, other, unverified, owner, settings: { shop, notifications } };
  return { ...base, ...(await placeSeedOrders(base)) };
}

/**
 * Hides what the fuzzer launched, so the demo's catalogue and campaigns look as before, and puts back the
 * shop's settings (valid random ones were saved: the suites after this one expect the demo shop's).
 */
export async function hideFixtures(f: Fixtures | undefined, createdProducts: Iterable<string>, createdPlans: Iterable<string>): Promise<void> {
  if (!f) return;
  const db = adminDb();
  const refs = [
    ...[...f.books, f.spareBook, ...createdProducts].map((id) => db.doc(`products/${id}`)),
    ...[f.plan, f.sparePlan, ...createdPlans].map((id) => db.doc(`groupBuyingPlans/${id}`)),
  ];
  const batch = db.batch();
  for (const snap of await db.getAll(...refs)) if (snap.exists) batch.update(snap.ref, { launched: false });
  for (const id of ['shop', 'notifications'] as const) {
    const before = f.settings[id];
    if (before) batch.set(db.doc(`settings/${id}`), before);
    else batch.delete(db.doc(`settings/${id}`));
  }
  await batch.commit();
}

/**
 * A fingerprint of everything the fuzzer owns: its books, stock, plans, members, their orders and mail.
 * Hostile requests must leave it as it was.
 */
export async function fingerprint(f: Fixtures): Promise<string> {
  const db = adminDb();
  const docs = [
    ...[...f.books, f.spareBook].flatMap((id) => [`products/${id}`, `stock/${id}`]),
    `groupBuyingPlans/${f.plan}`,
    `groupBuyingPlans/${f.sparePlan}`,
    `planProgress/${f.plan}`,
    ...[f.member, f.other, f.unverified, f.owner].map((u) => `members/${u.uid}`),
    ...f.orderIds.map((id) => `orders/${id}`),
  ];
  const snaps = await db.getAll(...docs.map((d) => db.doc(d)));
  const times = snaps.map((s) => `${s.ref.path}@${s.updateTime?.toMillis() ?? 'none'}`);
  const [planOrders, memberOrders, movements] = await Promise.all([
    db.collection('orders').where('planId', '==', f.plan).count().get(),
    db.collection('orders').where('userId', 'in', [f.member.uid, f.other.uid, f.unverified.uid, f.owner.uid]).count().get(),
    db.collection(`stock/${f.spareBook}/movements`).count().get(),
  ]);
  return [...times, `planOrders=${planOrders.data().count}`, `memberOrders=${memberOrders.data().count}`, `movements=${movements.data().count}`].join('\n');
}
