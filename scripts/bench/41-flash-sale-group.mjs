// The orders bench's flash sale (40-flash-sale.mjs, reused as is) on a group-buy plan: 200 guests
// at once, one copy each, through PATCH /api/groupOrder/{planId}/{orderId} without a token, on a
// plan whose book has 50 units. Same aim and figures, plus the plan's progress document.
import { admin, createFlashProduct, flashSale, report } from './40-flash-sale.mjs';
import { startApiServer } from './lib.mjs';

export const title = 'Flash sale on a group plan: 200 concurrent guests, 50 units, PATCH /api/groupOrder (plain Node server)';

async function createFlashPlan(productId) {
  const { db } = admin();
  const planId = `flashplan-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const now = new Date().toISOString();
  await db.doc(`groupBuyingPlans/${planId}`).set({
    title: '限量團購測試',
    organizer: '測試協會',
    closingDate: new Date(Date.now() + 86_400_000).toISOString(),
    launched: true,
    bannerImg: { pc: '/images/banner/cpa-south-pc.jpg', mobile: '/images/banner/cpa-south-mobile.jpg' },
    content: [],
    products: [{ productId, groupPrice: 520, maxPerOrder: 2 }],
    minQuantity: 40,
    pickupNotes: '',
    paymentNotes: '',
    updatedAt: now,
  });
  await db.doc(`planProgress/${planId}`).set({ orders: 0, copies: 0, minQuantity: 40, updatedAt: now });
  return planId;
}

export async function run(say) {
  const api = await startApiServer();
  try {
    const units = 50;
    const productId = await createFlashProduct(units);
    const planId = await createFlashPlan(productId);
    const run = Date.now().toString(36);
    const buyerList = Array.from({ length: 200 }, (_, i) => ({ uid: `guest-${i}`, email: `guest-${run}-${i}@example.com`, idToken: '' }));
    // Warm the server (Firestore channel, plan read) outside the measured burst.
    await fetch(`${api.url}/api/groupBuying/${planId}`);
    const r = await flashSale({
      apiUrl: api.url,
      units,
      productId,
      buyerList,
      auth: false,
      path: ({ orderId }) => `/api/groupOrder/${planId}/${orderId}`,
      body: ({ buyer, productId: id }) => ({
        items: [{ productId: id, qty: 1 }],
        buyer: '團購者',
        email: buyer.email,
        receiver: { name: '團購者', address: '高雄市前金區中正四路 211 號' },
        phone: '07-234-5678',
        bankAccountNo: '00000',
      }),
    });
    report(say, r);
    const progress = (await admin().db.doc(`planProgress/${planId}`).get()).data();
    const ok = progress?.orders === r.created && progress?.copies === r.created;
    say(`   plan progress: ${progress?.orders} orders, ${progress?.copies} copies (${ok ? 'matches the orders made' : 'does NOT match'})`);
  } finally {
    api.stop();
  }
}
