import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createTestUser, FIRESTORE_HOST, PROJECT_ID, type TestUser, uniq } from '../helpers/emulators';
import { fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput, shopOrder } from '../helpers/owner-fixtures';

// What a stranger (no token) and a member (their own token) read straight from Firestore, the way a
// script would: the REST API of the Firestore emulator, under firestore.rules (issue 31). For every
// collection the rules let anyone read, the fields they may see; any other field fails the test. A
// decided 流團 campaign with a paid order is among the documents, so its refunds due (buyer, amount,
// bank digits, the owner's email) must be on no readable document.

/** Fields by collection; `a.b` is a map's field, `a[].b` a field of a list's maps. */
const STRANGER: Record<string, readonly string[]> = {
  // contracts/products.ts productSchema, as the owner's forms store it.
  products: [
    'productId', 'name', 'subtitle', 'author', 'publisher', 'isbn', 'publishedAt', 'pages', 'format', 'imgSrc', 'previewImages[]', 'listPrice',
    'salePrice', 'isNew', 'launched', 'sortOrder', 'content[]', 'notice[]', 'bookIntroduction.primaryColor', 'bookIntroduction.slogan',
    'bookIntroduction.overview', 'bookIntroduction.summary[]', 'bookIntroduction.detail[]', 'erratum[].chapter', 'erratum[].title',
    'erratum[].content[]', 'erratum[].postDate', 'erratum[].file', 'createdAt', 'updatedAt',
  ],
  stock: ['qty', 'updatedAt'],
  groupBuyingPlans: [
    'title', 'organizer', 'closingDate', 'launched', 'bannerImg.pc', 'bannerImg.mobile', 'content[]', 'products[].productId', 'products[].groupPrice',
    'products[].maxPerOrder', 'minQuantity', 'minPerOrder', 'pickupNotes', 'paymentNotes', 'pickupPoints[].id', 'pickupPoints[].name',
    'pickupPoints[].address', 'pickupPoints[].hours', 'postalDelivery', 'payAfterFormed', 'rebatePercent', 'createdAt', 'updatedAt', 'outcome',
    'judgedAt', 'archived', 'formedAt', 'decision.outcome', 'decision.at', 'decision.note', 'decision.completedAt',
  ],
  planProgress: ['orders', 'copies', 'minQuantity', 'updatedAt'],
  settings: [
    'shopName', 'bank.name', 'bank.code', 'bank.branch', 'bank.accountName', 'bank.account', 'shipping.freeWithinTaiwan', 'shipping.fee',
    'shipping.carrier', 'shipping.notes', 'paymentDueDays', 'contact.email', 'contact.phone', 'contact.address', 'contact.hours', 'contact.line',
    'contact.facebook', 'contact.instagram', 'company.name', 'company.taxId',
  ],
};

/** What a member reads of their own: their member record and their orders (the server's fields left out). */
const MEMBER: Record<string, readonly string[]> = {
  members: ['uid', 'email', 'displayName', 'name', 'phone', 'address', 'createdAt', 'updatedAt', 'emailVerified', 'newsletter', 'receiver.name', 'receiver.address', 'defaultReceiver.name', 'defaultReceiver.address'],
  orders: [
    'orderId', 'orderNo', 'userId', 'planId', 'buyer', 'email', 'phone', 'receiver.name', 'receiver.address', 'taxId', 'invoiceTitle', 'bankAccountNo',
    'items[].productId', 'items[].name', 'items[].qty', 'items[].unitPrice', 'items[].totalPrice', 'itemsTotal', 'shippingFee', 'totalPrice', 'status',
    'statusHistory[].status', 'statusHistory[].at', 'statusHistory[].by', 'statusHistory[].note', 'paymentDueAt', 'createdAt', 'updatedAt', 'delivery',
    'pickup', 'pickup.id', 'pickup.name', 'pickup.address', 'pickup.hours', 'remark', 'pickedUp', 'groupOutcome', 'groupOutcomeAt', 'requestHash',
    'emailKey', 'phoneKey', 'invoice', 'invoice.type', 'invoice.carrier', 'invoice.loveCode', 'invoice.taxId', 'invoice.title',
    // The member's own facts (issues 34, 36): how it was paid, why it was cancelled, the invoice issued.
    'issuedInvoice', 'issuedInvoice.number', 'issuedInvoice.at', 'issuedInvoice.by', 'payment', 'payment.digits', 'payment.amount', 'payment.account',
    'cancellation', 'cancellation.reason', 'cancellation.planId', 'cancellation.decidedAt',
    // Bookkeeping with nothing of anyone in it: the dashboard's totals counted the order when it was stored.
    'statsCounted',
  ],
};

type Value = Record<string, unknown>;

/** The field paths of a REST document's fields. */
function paths(fields: Record<string, Value>, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([k, v]) => {
    const at = `${prefix}${k}`;
    if (v.mapValue) return paths(((v.mapValue as Value).fields ?? {}) as Record<string, Value>, `${at}.`);
    if (v.arrayValue) {
      const values = ((v.arrayValue as Value).values ?? []) as Value[];
      return values.flatMap((x) => (x.mapValue ? paths(((x.mapValue as Value).fields ?? {}) as Record<string, Value>, `${at}[].`) : [`${at}[]`]));
    }
    return [at];
  });
}

const base = `http://${FIRESTORE_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
const auth = (token?: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

async function getDoc(path: string, token?: string): Promise<{ status: number; fields: string[] }> {
  const res = await fetch(`${base}/${path}`, { headers: auth(token) });
  const body = (await res.json()) as { fields?: Record<string, Value> };
  return { status: res.status, fields: paths(body.fields ?? {}) };
}

async function query(collection: string, where: { field: string; value: Value }, token?: string): Promise<{ status: number; docs: string[][] }> {
  const res = await fetch(`${base}:runQuery`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...auth(token) },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: collection }], where: { fieldFilter: { field: { fieldPath: where.field }, op: 'EQUAL', value: where.value } }, limit: 50 } }),
  });
  const rows = (await res.json()) as { document?: { fields?: Record<string, Value> } }[];
  return { status: res.status, docs: (Array.isArray(rows) ? rows : []).filter((r) => r.document).map((r) => paths(r.document!.fields ?? {})) };
}

const extra = (fields: string[], allowed: readonly string[]) => fields.filter((f) => !allowed.includes(f));

/** The collections firestore.rules lets someone other than the owner read (anything not `if false`). */
function readableCollections(): string[] {
  const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
  const found = new Set<string>();
  for (const m of rules.matchAll(/match \/(\w+)\/\{\w+\}\s*\{([^}]*)\}/g)) {
    const allows = [...m[2]!.matchAll(/allow ([\w, ]+): if ([^;]+);/g)].filter(([, ops, cond]) => /read|get|list/.test(ops!) && cond!.trim() !== 'false' && cond!.trim() !== 'isOwner()');
    if (allows.length) found.add(m[1]!);
  }
  return [...found].sort();
}

let c: OwnerClient;
let member: TestUser;
let planId: string;
let book: string;
let ownOrderId: string;

beforeAll(async () => {
  ({ c } = await ownerSession());
  member = await createTestUser({ emailVerified: true });
  book = await fixtureBook(c, 10);
  planId = uniq('pubplan');
  const office = { id: 'office', name: '公會辦公室', address: '高雄市前金區中正四路 211 號', hours: '週一至週五 10:00–17:00' };
  expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 400 }], { minQuantity: 50, pickupPoints: [office] }))).status).toBe(201);
  const paid = await groupOrder(planId, [{ productId: book, qty: 1 }], { buyer: '王退款', bankAccountNo: '99887' });
  expect(paid.status).toBe(201);
  expect((await c.post(`/orders/${paid.body.orderId}/status`, { status: 'preparing', bankAccountNo: '99887', amount: paid.body.totalPrice, otherAccount: false })).status).toBe(200);
  await adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - 120_000).toISOString() });
  const decided = await c.post(`/plans/${planId}/outcome`, { outcome: 'failed', note: '未達門檻' });
  expect(decided.status).toBe(200);
  expect(decided.body.decision.refundsDue).toHaveLength(1);
  ownOrderId = (await shopOrder(member, book, 1)).orderId;
  await adminDb().doc(`members/${member.uid}`).set({ uid: member.uid, email: member.email, createdAt: new Date().toISOString() }, { merge: true });
}, 120_000);

describe('what firestore.rules lets a stranger and a member read, field by field', () => {
  it('the table covers every collection the rules let a stranger or a member read', () => {
    expect(readableCollections()).toEqual([...Object.keys(STRANGER), ...Object.keys(MEMBER)].sort());
  });

  it('a stranger (no token) and a member (own token) read only the public fields of the public documents', async () => {
    const docs = [`products/${book}`, `stock/${book}`, `groupBuyingPlans/${planId}`, `planProgress/${planId}`, 'settings/shop'];
    for (const token of [undefined, member.idToken]) {
      const seen: Record<string, string[]> = {};
      for (const path of docs) {
        const got = await getDoc(path, token);
        expect(got.status, path).toBe(200);
        seen[path.split('/')[0]!] = extra(got.fields, STRANGER[path.split('/')[0]!]!);
      }
      expect(seen, token ? 'member' : 'stranger').toEqual(Object.fromEntries(Object.keys(STRANGER).map((k) => [k, []])));
      // A listing of every launched plan: the same fields, on every plan (older tests' decided ones too).
      const listed = await query('groupBuyingPlans', { field: 'launched', value: { booleanValue: true } }, token);
      expect(listed.status).toBe(200);
      expect(listed.docs.length).toBeGreaterThan(0);
      expect([...new Set(listed.docs.flatMap((f) => extra(f, STRANGER.groupBuyingPlans!)))]).toEqual([]);
      const launchedBooks = await query('products', { field: 'launched', value: { booleanValue: true } }, token);
      expect([...new Set(launchedBooks.docs.flatMap((f) => extra(f, STRANGER.products!)))]).toEqual([]);
    }
    // The decided plan's public record says what was decided, nothing of whom it concerns.
    const plan = await getDoc(`groupBuyingPlans/${planId}`);
    expect(plan.fields).toContain('decision.outcome');
    // The full decision is the owner's alone.
    expect((await getDoc(`planDecisions/${planId}`)).status).toBe(403);
    expect((await getDoc(`planDecisions/${planId}`, member.idToken)).status).toBe(403);
  });

  it('a member reads their own record and orders, with no server field beyond the listed ones, and nobody else’s', async () => {
    const own = await getDoc(`members/${member.uid}`, member.idToken);
    expect(own.status).toBe(200);
    expect(extra(own.fields, MEMBER.members!)).toEqual([]);
    const order = await getDoc(`orders/${ownOrderId}`, member.idToken);
    expect(order.status).toBe(200);
    expect(extra(order.fields, MEMBER.orders!)).toEqual([]);
    const mine = await query('orders', { field: 'userId', value: { stringValue: member.uid } }, member.idToken);
    expect(mine.docs.length).toBeGreaterThan(0);
    expect([...new Set(mine.docs.flatMap((f) => extra(f, MEMBER.orders!)))]).toEqual([]);
    // A stranger reads neither.
    expect((await getDoc(`members/${member.uid}`)).status).toBe(403);
    expect((await getDoc(`orders/${ownOrderId}`)).status).toBe(403);
  });
});
