// The pure half of `npm run import:legacy` (docs/migration.md): a Realtime Database JSON export of the
// old shop (Nuxt 3 + RTDB) in, this shop's documents out, plus every record refused and why. No
// Firestore here, so the unit tests (seed/legacy/__tests__) run it on hand-written exports; the
// writer (./write.ts) decides what is new and writes it.
import type { Member } from '../../functions/src/contracts/auth';
import { emailSchema, isValidTaxId, planIdSchema, productIdSchema, uidSchema } from '../../functions/src/contracts/common';
import { groupBuyingPlanSchema, type GroupBuyingPlan } from '../../functions/src/contracts/group-buying';
import { invoiceOf, orderNoSchema, type OrderItem, type OrderStatus } from '../../functions/src/contracts/orders';
import { productSchema, type Product } from '../../functions/src/contracts/products';
import type { OrderDoc } from '../../functions/src/data/orders';
import type { SubscriptionRecord } from '../../functions/src/data/subscriptions';

/** The old shop's status strings, in its own words (the same labels as ORDER_STATUS_LABELS). */
export const LEGACY_STATUS: Record<string, OrderStatus> = {
  '1': 'awaitingPayment',
  '2': 'preparing',
  '3': 'shipped',
  '4': 'cancelledUnpaid',
  '5': 'refunded',
};

/** Who the imported records name as their author (statusHistory.by, stock movements). */
export const IMPORT_ACTOR = 'import:legacy';
/** The shop's payment window (settings/shop paymentDueDays of the demo shop), for imported unpaid orders. */
const PAYMENT_DUE_DAYS = 3;

export type RecordKind = 'product' | 'stock' | 'plan' | 'order' | 'member' | 'subscriber';
export const RECORD_KINDS: readonly RecordKind[] = ['product', 'stock', 'plan', 'order', 'member', 'subscriber'];

export interface Refusal {
  kind: RecordKind;
  /** Where the record sits in the export, e.g. `order/uid123/230105101530123`. */
  path: string;
  reason: string;
}

/** A book as written to products/{productId} (the contract's fields; the writer adds timestamps). */
export type ProductWrite = Product;
/** A campaign as written to groupBuyingPlans/{planId}. */
export type PlanWrite = GroupBuyingPlan & { createdAt: string };

/** A book whose old cover is a file name relative to the old site (`book1.jpg`): the shop cannot show it. */
export interface CoverToBring {
  productId: string;
  /** The name as the export has it, relative to the folder the publisher gives (--images). */
  file: string;
  /** Whether the old shop sold the book: launched again once its cover is brought over. */
  launched: boolean;
}

export interface ImportPlan {
  products: ProductWrite[];
  /** Books imported without a cover and unlaunched until seed/legacy/covers.ts brings theirs over. */
  covers: CoverToBring[];
  stock: { productId: string; qty: number }[];
  plans: PlanWrite[];
  orders: OrderDoc[];
  members: Member[];
  subscriptions: SubscriptionRecord[];
  refusals: Refusal[];
  /** Records read per kind (before refusals; an order found under two paths counts once). */
  read: Record<RecordKind, number>;
  /** What the report should tell the owner besides refusals (defaults used, records merged, ...). */
  notes: string[];
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** RTDB exports arrays as arrays, but an array with holes (a deleted element) as an object keyed by index. */
function list(v: unknown): unknown[] {
  if (Array.isArray(v)) return v.filter((x) => x !== null && x !== undefined);
  if (isObj(v)) return Object.keys(v).sort((a, b) => Number(a) - Number(b)).map((k) => v[k]).filter((x) => x !== null && x !== undefined);
  return [];
}
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const strings = (v: unknown): string[] => list(v).map(str).filter(Boolean);
/** Numbers as the old forms stored them: numbers, or strings of digits. */
function int(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.round(n) : null;
}
const bool = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';

/**
 * A Taiwan wall-clock time as the old shop wrote it (`2023/01/05 10:15`, also `-` separators, seconds,
 * or a date alone, which means `endOfDay` ? 23:59:59 : 00:00) or an epoch in ms, as an ISO instant;
 * null when it is not a real date. Taiwan has no daylight saving time: always UTC+8.
 */
export function parseTaipeiTime(v: unknown, endOfDay = false): string | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 946_684_800_000) return new Date(v).toISOString();
  const s = str(v);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, se] = m[4] === undefined ? (endOfDay ? [23, 59, 59] : [0, 0, 0]) : [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) return null;
  const at = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, se));
  // 2023/02/30 rolls over into March: not a date.
  const local = new Date(at.getTime() + 8 * 3_600_000);
  if (local.getUTCMonth() !== mo - 1 || local.getUTCDate() !== d) return null;
  return at.toISOString();
}

/** Lower-cased and checked by the shop's own email rule; null when malformed. */
function email(v: unknown): string | null {
  const r = emailSchema.safeParse(str(v));
  return r.success ? r.data.toLowerCase() : null;
}

function mapProduct(id: string, raw: Json): ProductWrite | string {
  const price = isObj(raw.price) ? raw.price : {};
  const listPrice = int(price.originalPrice);
  const salePrice = int(price.discount) ?? listPrice;
  if (!str(raw.name)) return 'missing field: name';
  if (listPrice === null || salePrice === null) return 'missing field: price.originalPrice';
  const intro = isObj(raw.bookIntroduction) ? raw.bookIntroduction : {};
  const remark = str(price.remarkContent);
  const erratum = list(raw.erratum)
    .filter(isObj)
    .map((e) => ({
      chapter: str(e.chapter),
      title: str(e.title),
      content: Array.isArray(e.content) || isObj(e.content) ? strings(e.content) : [str(e.content)].filter(Boolean),
      postDate: str(e.postDate),
      ...(str(e.file) ? { file: str(e.file) } : {}),
    }));
  const r = productSchema.safeParse({
    productId: id,
    name: str(raw.name),
    imgSrc: str(raw.imgSrc),
    listPrice,
    salePrice,
    launched: bool(raw.launched),
    content: strings(raw.content),
    notice: [...strings(raw.notice), ...(remark ? [remark] : [])],
    erratum,
    bookIntroduction: {
      primaryColor: str(intro.primaryColor) || '#2f5d62',
      slogan: str(intro.slogan),
      overview: str(intro.overview),
      summary: typeof intro.summary === 'string' ? [str(intro.summary)].filter(Boolean) : strings(intro.summary),
      detail: typeof intro.detail === 'string' ? [str(intro.detail)].filter(Boolean) : strings(intro.detail),
    },
  });
  return r.success ? r.data : `invalid: ${issueText(r.error.issues)}`;
}

function issueText(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(record)'} ${i.message}`)
    .join('; ');
}

function mapPlan(planId: string, raw: Json, books: Map<string, ProductWrite>, notes: string[]): PlanWrite | string {
  const plan = isObj(raw.plan) ? raw.plan : null;
  if (!plan) return 'missing field: plan';
  const closingDate = parseTaipeiTime(plan.closingDate, true);
  if (!str(plan.title)) return 'missing field: plan.title';
  if (!closingDate) return plan.closingDate === undefined ? 'missing field: plan.closingDate' : `malformed date: plan.closingDate ${JSON.stringify(plan.closingDate)}`;
  const products: GroupBuyingPlan['products'] = [];
  for (const p of list(plan.products).filter(isObj)) {
    const productId = str(p.productId);
    const book = books.get(productId);
    if (!book) {
      notes.push(`plan ${planId}: book ${productId || '(none)'} is unknown, left out of the plan`);
      continue;
    }
    if (p.launch === false) continue;
    const given = int(p.groupPrice ?? p.price ?? p.discount);
    if (given === null) notes.push(`plan ${planId}: book ${productId} has no group price, the book's price ${book.salePrice} is used`);
    products.push({ productId, groupPrice: given ?? book.salePrice });
  }
  const banner = plan.bannerImg;
  const pc = isObj(banner) ? str(banner.pc) : str(banner);
  const mobile = isObj(banner) ? str(banner.mobile) || pc : pc;
  const r = groupBuyingPlanSchema.safeParse({
    planId,
    title: str(plan.title),
    organizer: str(raw.group),
    closingDate,
    launched: bool(raw.launch),
    bannerImg: { pc, mobile },
    content: strings(plan.content),
    products,
  });
  if (!r.success) {
    // A banner the shop cannot show is not worth refusing the campaign for.
    const bannerOnly = r.error.issues.every((i) => i.path[0] === 'bannerImg');
    if (bannerOnly) {
      notes.push(`plan ${planId}: banner ${JSON.stringify(pc)} is not an image path, left empty`);
      return mapPlan(planId, { ...raw, plan: { ...plan, bannerImg: '' } }, books, []);
    }
    return products.length === 0 ? 'unknown book: the plan has no book that exists' : `invalid: ${issueText(r.error.issues)}`;
  }
  return { ...r.data, createdAt: parseTaipeiTime(raw.buildTime) ?? closingDate };
}

interface OrderSource {
  path: string;
  raw: Json;
  uid: string | null;
  planId: string | null;
}

function mapOrder(src: OrderSource, books: Map<string, ProductWrite>, plans: Set<string>, notes: string[]): OrderDoc | string {
  const { raw } = src;
  const orderNo = str(raw.orderId) || src.path.split('/').at(-1)!;
  if (!orderNoSchema.safeParse(orderNo).success || !/^\d{15}$/.test(orderNo)) return `malformed order number: ${JSON.stringify(orderNo)}`;
  for (const f of ['buyer', 'email', 'orderList', 'totalPrice', 'status'] as const) if (raw[f] === undefined || raw[f] === '') return `missing field: ${f}`;
  // The old shop's field is `oderDate` (sic); a later fix may have written `orderDate`.
  const rawDate = raw.oderDate ?? raw.orderDate;
  if (rawDate === undefined) return 'missing field: oderDate';
  const createdAt = parseTaipeiTime(rawDate);
  if (!createdAt) return `malformed date: oderDate ${JSON.stringify(rawDate)}`;
  const mail = email(raw.email);
  if (!mail) return `malformed email: ${JSON.stringify(str(raw.email))}`;
  const status = LEGACY_STATUS[str(raw.status)];
  if (!status) return `unknown status: ${JSON.stringify(raw.status)}`;
  const planId = src.planId ?? (str(raw.planId) || list(raw.orderList).filter(isObj).map((l) => str(l.planId)).find(Boolean) || null);
  if (planId && !plans.has(planId)) return `unknown campaign: ${planId}`;
  const items: OrderItem[] = [];
  const outOfPrint: string[] = [];
  for (const line of list(raw.orderList)) {
    if (!isObj(line)) return 'malformed orderList line';
    const productId = str(line.productId);
    if (!productIdSchema.safeParse(productId).success) return `missing field: orderList.productId`;
    const qty = int(line.qty);
    const unitPrice = int(line.unitPrice);
    if (qty === null || qty < 1) return `missing field: orderList.qty of ${productId}`;
    if (unitPrice === null || unitPrice < 0) return `missing field: orderList.unitPrice of ${productId}`;
    // A book no longer sold: the order is history, kept with the line's own name and price.
    const name = str(line.productName) || books.get(productId)?.name;
    if (!name) return `missing field: orderList.productName of ${productId} (a book no longer sold)`;
    if (!books.has(productId)) outOfPrint.push(`${productId} 「${name}」 NT$${unitPrice} × ${qty}`);
    items.push({ productId, name, qty, unitPrice, totalPrice: int(line.totalPrice) ?? qty * unitPrice });
  }
  if (outOfPrint.length) notes.push(`order ${src.path}: kept with the line's own name and price for a book no longer sold: ${outOfPrint.join(', ')}`);
  if (!items.length) return 'missing field: orderList (empty)';
  const totalPrice = int(raw.totalPrice);
  if (totalPrice === null || totalPrice < 0) return `missing field: totalPrice`;
  const itemsTotal = items.reduce((n, i) => n + i.totalPrice, 0);
  const receiver = isObj(raw.receiver) ? raw.receiver : {};
  const delivery = isObj(raw.delivery) ? raw.delivery : {};
  const hasDelivery = ['company', 'trackingNo', 'trackingUrl'].some((k) => str(delivery[k]));
  const bank = str(raw.bankAccountNo);
  const taxId = str(raw.taxId);
  const orderStatus: OrderStatus = status;
  return {
    orderId: legacyOrderId(orderNo),
    orderNo,
    userId: src.uid,
    planId,
    buyer: str(raw.buyer),
    email: mail,
    phone: str(raw.phone),
    receiver: { name: str(receiver.name) || str(raw.buyer), address: str(receiver.address) },
    taxId: isValidTaxId(taxId) ? taxId : '',
    invoiceTitle: '',
    // The old shop asked only for a 統一編號: with one, a company invoice without a title (docs/migration.md).
    invoice: invoiceOf({ taxId: isValidTaxId(taxId) ? taxId : '' }),
    // "00000" is how the old shop wrote "not given".
    bankAccountNo: /^\d{5}$/.test(bank) && bank !== '00000' ? bank : '',
    items,
    itemsTotal,
    shippingFee: Math.max(0, totalPrice - itemsTotal),
    totalPrice,
    status: orderStatus,
    // No note: the history is the customer's too. The old status stays in legacy.status, for the owner.
    statusHistory: [{ status: orderStatus, at: createdAt, by: IMPORT_ACTOR }],
    delivery: hasDelivery ? { company: str(delivery.company), trackingNo: str(delivery.trackingNo), trackingUrl: str(delivery.trackingUrl) } : null,
    remark: str(raw.remark),
    paymentDueAt: new Date(Date.parse(createdAt) + PAYMENT_DUE_DAYS * 86_400_000).toISOString(),
    createdAt,
    updatedAt: createdAt,
    requestHash: '',
    legacy: { path: src.path, status: str(raw.status), isClosed: bool(raw.isClosed), isFromGroup: bool(raw.isFromGroup) || planId !== null, files: strings(raw.files) },
  };
}

/** The order's document id: deterministic, so a second run finds what the first wrote. */
export const legacyOrderId = (orderNo: string) => `legacy-${orderNo}`;

/** What every part of an export's mapping shares: the export's root, its counts, refusals and notes, and the import's time. */
interface MapContext {
  root: Json;
  now: string;
  read: Record<RecordKind, number>;
  refusals: Refusal[];
  notes: string[];
  refuse: (kind: RecordKind, path: string, reason: string) => void;
}

/** The records of one top-level key of the export (an empty list where it is absent or not a record). */
const entriesOf = (root: Json, key: string) => Object.entries(isObj(root[key]) ? root[key] : {});

/**
 * A cover the shop cannot show as it is: neither an address (http(s)://, a Storage URL works as it is) nor
 * a path of the shop (/images/...). The old site's relative file names (`book1.jpg`).
 */
export const isRelativeCover = (src: string) => src !== '' && !/^https?:\/\//i.test(src) && !src.startsWith('/');

function mapBooks(ctx: MapContext, covers: CoverToBring[]): Map<string, ProductWrite> {
  const books = new Map<string, ProductWrite>();
  for (const [id, raw] of entriesOf(ctx.root, 'products')) {
    ctx.read.product++;
    if (!productIdSchema.safeParse(id).success) ctx.refuse('product', `products/${id}`, 'malformed id');
    else if (!isObj(raw)) ctx.refuse('product', `products/${id}`, 'not a record');
    else {
      const p = mapProduct(id, raw);
      if (typeof p === 'string') ctx.refuse('product', `products/${id}`, p);
      else if (isRelativeCover(p.imgSrc)) {
        // Unlaunched without a cover until one is brought over (seed/legacy/covers.ts), never a broken picture.
        covers.push({ productId: id, file: p.imgSrc, launched: p.launched });
        books.set(id, { ...p, imgSrc: '', launched: false });
      } else books.set(id, p);
    }
  }
  if (ctx.root.products_simple !== undefined) ctx.notes.push('products_simple is derived from products in the old shop: not imported (the shop derives its own list)');
  return books;
}

function mapStock(ctx: MapContext, books: Map<string, ProductWrite>): ImportPlan['stock'] {
  const stock: ImportPlan['stock'] = [];
  for (const [id, raw] of entriesOf(ctx.root, 'stock')) {
    ctx.read.stock++;
    const qty = int(isObj(raw) ? raw.qty : raw);
    if (!books.has(id)) ctx.refuse('stock', `stock/${id}`, `unknown book: ${id}`);
    else if (qty === null || qty < 0) ctx.refuse('stock', `stock/${id}`, 'missing field: qty');
    else stock.push({ productId: id, qty });
  }
  for (const id of books.keys()) if (!stock.some((s) => s.productId === id)) ctx.notes.push(`book ${id} has no stock record: none is written (the shop shows it as out of stock)`);
  return stock;
}

function mapPlans(ctx: MapContext, books: Map<string, ProductWrite>): PlanWrite[] {
  const plans: PlanWrite[] = [];
  for (const [id, raw] of entriesOf(ctx.root, 'group_buying')) {
    ctx.read.plan++;
    if (!planIdSchema.safeParse(id).success) ctx.refuse('plan', `group_buying/${id}`, 'malformed id');
    else if (!isObj(raw)) ctx.refuse('plan', `group_buying/${id}`, 'not a record');
    else {
      const p = mapPlan(id, raw, books, ctx.notes);
      if (typeof p === 'string') ctx.refuse('plan', `group_buying/${id}`, p);
      else plans.push(p);
    }
  }
  return plans;
}

function mapMembers(ctx: MapContext): Member[] {
  const members: Member[] = [];
  for (const [uid, raw] of entriesOf(ctx.root, 'users')) {
    ctx.read.member++;
    const path = `users/${uid}`;
    if (!uidSchema.safeParse(uid).success) ctx.refuse('member', path, 'malformed uid');
    else if (!isObj(raw)) ctx.refuse('member', path, 'not a record');
    else if (raw.email === undefined || raw.email === '') ctx.refuse('member', path, 'missing field: email');
    else {
      const mail = email(raw.email);
      if (!mail) ctx.refuse('member', path, `malformed email: ${JSON.stringify(str(raw.email))}`);
      else members.push({ userName: str(raw.userName), email: mail, userUid: uid, picture: str(raw.picture), provider: '', newsletter: false, createdAt: ctx.now, updatedAt: ctx.now });
    }
  }
  return members;
}

/**
 * The export's orders: order/{uid}/{orderId} (a member's) and group_order/{planId}/{orderId} (a
 * campaign's), by order number. The same order may sit under both (a member's group order): one order,
 * with the member and the plan.
 */
function orderSources(ctx: MapContext): Map<string, OrderSource> {
  const sources = new Map<string, OrderSource>();
  const add = (src: OrderSource) => {
    const no = str(src.raw.orderId) || src.path.split('/').at(-1)!;
    const seen = sources.get(no);
    if (!seen) {
      sources.set(no, src);
      return;
    }
    ctx.notes.push(`order ${no} is under both ${seen.path} and ${src.path}: imported once`);
    sources.set(no, { ...seen, uid: seen.uid ?? src.uid, planId: seen.planId ?? src.planId });
  };
  for (const [uid, orders] of entriesOf(ctx.root, 'order')) {
    for (const [key, raw] of Object.entries(isObj(orders) ? orders : {})) {
      if (isObj(raw)) add({ path: `order/${uid}/${key}`, raw, uid, planId: null });
      else ctx.refuse('order', `order/${uid}/${key}`, 'not a record');
    }
  }
  for (const [planId, orders] of entriesOf(ctx.root, 'group_order')) {
    for (const [key, raw] of Object.entries(isObj(orders) ? orders : {})) {
      if (isObj(raw)) add({ path: `group_order/${planId}/${key}`, raw, uid: null, planId });
      else ctx.refuse('order', `group_order/${planId}/${key}`, 'not a record');
    }
  }
  return sources;
}

function mapOrders(ctx: MapContext, books: Map<string, ProductWrite>, planIds: Set<string>, memberIds: Set<string>): OrderDoc[] {
  const orders: OrderDoc[] = [];
  for (const src of orderSources(ctx).values()) {
    ctx.read.order++;
    if (src.uid && !memberIds.has(src.uid)) ctx.notes.push(`order ${src.path}: member ${src.uid} is not in users, the order keeps the uid`);
    const o = mapOrder(src, books, planIds, ctx.notes);
    if (typeof o === 'string') ctx.refuse('order', src.path, o);
    else orders.push(o);
  }
  ctx.read.order += ctx.refusals.filter((r) => r.kind === 'order' && r.reason === 'not a record').length;
  return orders;
}

/** The newsletter list, one record per address; a member's `newsletter` follows it. */
function mapSubscriptions(ctx: MapContext, members: Member[]): SubscriptionRecord[] {
  const { now } = ctx;
  const subscriptions = new Map<string, SubscriptionRecord>();
  for (const [key, raw] of entriesOf(ctx.root, 'subscribeList')) {
    ctx.read.subscriber++;
    const path = `subscribeList/${key}`;
    if (!isObj(raw) || raw.email === undefined) ctx.refuse('subscriber', path, 'missing field: email');
    else {
      const mail = email(raw.email);
      if (!mail) ctx.refuse('subscriber', path, `malformed email: ${JSON.stringify(str(raw.email))}`);
      else {
        const active = raw.subscribe === undefined || bool(raw.subscribe);
        // A later entry for the same address wins only when it subscribes (the old list kept duplicates).
        if (subscriptions.get(mail)?.status === 'active' && !active) continue;
        subscriptions.set(mail, { email: mail, status: active ? 'active' : 'unsubscribed', version: 1, subscribedAt: now, unsubscribedAt: active ? null : now, updatedAt: now });
      }
    }
  }
  const subscribed = new Set([...subscriptions.values()].filter((s) => s.status === 'active').map((s) => s.email));
  for (const m of members) m.newsletter = subscribed.has(m.email);
  return [...subscriptions.values()];
}

/** Maps a whole export. `now`: the import's time, for records the old shop kept no time for. */
export function mapLegacyExport(data: unknown, now: string): ImportPlan {
  const refusals: Refusal[] = [];
  const ctx: MapContext = {
    root: isObj(data) ? data : {},
    now,
    read: Object.fromEntries(RECORD_KINDS.map((k) => [k, 0])) as Record<RecordKind, number>,
    refusals,
    notes: [],
    refuse: (kind, path, reason) => refusals.push({ kind, path, reason }),
  };
  const covers: CoverToBring[] = [];
  const books = mapBooks(ctx, covers);
  const stock = mapStock(ctx, books);
  const plans = mapPlans(ctx, books);
  const members = mapMembers(ctx);
  const orders = mapOrders(ctx, books, new Set(plans.map((p) => p.planId)), new Set(members.map((m) => m.userUid)));
  const subscriptions = mapSubscriptions(ctx, members);
  return { products: [...books.values()], covers, stock, plans, orders, members, subscriptions, refusals, read: ctx.read, notes: ctx.notes };
}

/** The top-level keys of the old shop's Realtime Database export. */
const EXPORT_KEYS = ['products', 'products_simple', 'stock', 'group_buying', 'order', 'group_order', 'users', 'subscribeList'];
const WHAT_IT_SHOULD_BE =
  "--file should be the old shop's Realtime Database export (Firebase console → Realtime Database → ⋮ → Export JSON): one JSON object with its products, stock, group_buying, order, group_order, users and subscribeList";

/** The export in a file's text, or an Error that says plainly what the file is and what it should be. */
export function parseLegacyExport(text: string, file: string): unknown {
  if (!text.trim()) throw new Error(`${file} is empty; ${WHAT_IT_SHOULD_BE}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON; ${WHAT_IT_SHOULD_BE}`);
  }
  if (!isObj(data)) throw new Error(`${file} holds ${Array.isArray(data) ? 'a JSON array' : `a JSON ${data === null ? 'null' : typeof data}`}, not an export; ${WHAT_IT_SHOULD_BE}`);
  if (!EXPORT_KEYS.some((k) => k in data)) {
    const keys = Object.keys(data);
    throw new Error(`${file} is JSON but not the old shop's export (${keys.length ? `its keys: ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}` : 'an empty object'}); ${WHAT_IT_SHOULD_BE}`);
  }
  return data;
}
