// Rebuilds the demo shop in the emulators. Run through `npm run seed`, which starts empty
// emulators, runs this file and exports the result into emulator-data/.
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { rebuildOrderStats } from '../functions/src/data/stats';
import { accounts } from './data/accounts';
import { plans } from './data/plans';
import { products, stock } from './data/products';
import { shopSettings } from './data/settings';

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error('Refusing to seed: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must point at the emulators.');
}

const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-bookstore' });
const db = getFirestore(app);
const auth = getAuth(app);
const now = new Date().toISOString();

async function main() {
  const batch = db.batch();
  for (const { productId, ...p } of products) batch.set(db.doc(`products/${productId}`), { ...p, updatedAt: now });
  for (const [productId, qty] of Object.entries(stock)) batch.set(db.doc(`stock/${productId}`), { qty, updatedAt: now });
  for (const { planId, ...plan } of plans) {
    batch.set(db.doc(`groupBuyingPlans/${planId}`), { ...plan, updatedAt: now });
    batch.set(db.doc(`planProgress/${planId}`), { orders: 0, copies: 0, minQuantity: plan.minQuantity ?? null, updatedAt: now });
  }
  batch.set(db.doc('settings/shop'), shopSettings);
  await batch.commit();

  for (const a of accounts) {
    const user = await auth.createUser({ email: a.email, password: a.password, displayName: a.displayName, emailVerified: a.emailVerified });
    if (a.admin) await auth.setCustomUserClaims(user.uid, { admin: true });
    await db.doc(`members/${user.uid}`).set({
      userName: a.displayName,
      email: a.email,
      userUid: user.uid,
      picture: '',
      provider: 'password',
      newsletter: false,
      createdAt: now,
      updatedAt: now,
    });
  }
  // The dashboard's running totals (functions/src/stats/order-stats.ts) from whatever orders exist;
  // the Functions emulator is not running here, so its trigger does not see these writes.
  const stats = await rebuildOrderStats(db);
  console.log(`seeded ${products.length} products, ${plans.length} plans, ${accounts.length} accounts; stats from ${stats.orders} orders`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
