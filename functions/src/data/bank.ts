import type { BankCandidate, BankDeposit, BankLayout } from '../contracts/bank';
import { db } from '../lib/firebase';
import { ORDERS } from './orders';
import { declareQuery, shapedQuery } from './query-shapes';
import { STATUS } from '../domain/order';

// bankDeposits/{key}: a deposit confirmed against an order, created once (so a statement imported twice
// confirms nothing twice); bankLayouts/{key}: the owner's column mapping per statement layout.

const BANK_DEPOSITS = 'bankDeposits';
const BANK_LAYOUTS = 'bankLayouts';

const UNPAID = declareQuery({ name: 'unpaid orders a deposit may match (data/bank.ts listUnpaidCandidates)', collection: ORDERS, where: [{ field: 'status', op: '==' }] });
const LAYOUTS = declareQuery({ name: 'statement layouts, newest first (data/bank.ts listBankLayouts)', collection: BANK_LAYOUTS, orderBy: [{ field: 'updatedAt', dir: 'desc' }] });

/** The fields of the unpaid orders a deposit is matched against (a select: a small read). */
export async function listUnpaidCandidates(limit: number): Promise<BankCandidate[]> {
  const snap = await shapedQuery(await db(), UNPAID, [STATUS.awaitingPayment])
    .select('orderNo', 'buyer', 'receiver', 'planId', 'bankAccountNo', 'totalPrice', 'createdAt')
    .limit(limit)
    .get();
  return snap.docs.map((s) => {
    const o = s.data() as { orderNo: string; buyer?: string; receiver?: { name?: string }; planId: string | null; bankAccountNo: string; totalPrice: number; createdAt: string };
    return { orderId: s.id, orderNo: o.orderNo, buyer: o.buyer || o.receiver?.name || '', planId: o.planId ?? null, bankAccountNo: o.bankAccountNo, totalPrice: o.totalPrice, createdAt: o.createdAt };
  });
}

/** The order number each deposit was confirmed for, or null where it was not (in the order of `keys`). */
export async function depositClaims(keys: readonly string[]): Promise<(string | null)[]> {
  if (!keys.length) return [];
  const firestore = await db();
  const snaps = await firestore.getAll(...keys.map((k) => firestore.collection(BANK_DEPOSITS).doc(k)));
  return snaps.map((s) => (s.exists ? String(s.get('orderNo') ?? '') : null));
}

/** Claims a deposit for an order: null when claimed now, else the order number it was claimed for already. */
export async function claimDeposit(key: string, claim: BankDeposit & { orderId: string; orderNo: string; at: string; by: string }): Promise<string | null> {
  const ref = (await db()).collection(BANK_DEPOSITS).doc(key);
  try {
    await ref.create(claim);
    return null;
  } catch {
    return String((await ref.get()).get('orderNo') ?? '');
  }
}

/** Gives a claim back (the status change it was for did not happen). */
export async function releaseDeposit(key: string): Promise<void> {
  await (await db()).collection(BANK_DEPOSITS).doc(key).delete();
}

export async function listBankLayouts(): Promise<BankLayout[]> {
  const snap = await shapedQuery(await db(), LAYOUTS, []).limit(50).get();
  return snap.docs.map((d) => {
    const { updatedAt: _u, ...l } = d.data() as BankLayout & { updatedAt: string };
    return l;
  });
}

export async function saveBankLayout(layout: BankLayout): Promise<void> {
  await (await db()).collection(BANK_LAYOUTS).doc(layout.key).set({ ...layout, updatedAt: new Date().toISOString() });
}
