import type { z } from 'zod';
import type { AdminProduct, AdminProductInput, adminProductUpdateSchema, SetStockInput, StockMovement } from '../../contracts/admin';
import { ERROR_KEYS } from '../../contracts/errors';
import { productSchema, type Product } from '../../contracts/products';
import { createProductWithStock, getStoredProduct, listStoredProducts, replaceProduct, setProductLaunched as storeLaunched } from '../../data/products';
import { getMember } from '../../data/members';
import { listStockMovements } from '../../data/stock-movements';
import { setStockCounts } from '../stock/service';
import { conflict, notFound } from '../../lib/failure';
import { notifyRestocked, waitingAlertCounts } from '../stock-alerts/service';

/** Stands in for required fields that a stored book lacks or has broken, so the owner can see and fix it. */
const INCOMPLETE: Partial<Product> = {
  name: '（資料不完整）',
  imgSrc: '',
  listPrice: 0,
  salePrice: 0,
  bookIntroduction: { primaryColor: '', slogan: '', overview: '', summary: [], detail: [] },
};

function toAdminProduct(id: string, data: Record<string, unknown>, stock: Record<string, unknown> | undefined): AdminProduct {
  // Stored books went through productSchema; defaults fill fields an older document lacks. A book
  // written some other way (by hand, by an older version) keeps its valid fields and gets defaults or
  // stand-ins for the broken ones: the answer always has the shape the API documents.
  let parsed = productSchema.safeParse({ ...data, productId: id });
  if (!parsed.success) {
    const broken = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    const kept = Object.fromEntries(Object.entries(data).filter(([k]) => !broken.has(k)));
    parsed = productSchema.safeParse({ ...INCOMPLETE, ...kept, productId: id });
  }
  const product = parsed.success ? parsed.data : ({ ...productSchema.parse({ ...INCOMPLETE, productId: id }) } as Product);
  const qty = stock?.qty;
  return { ...product, stock: typeof qty === 'number' && Number.isInteger(qty) && qty >= 0 ? qty : null };
}

/** GET /api/admin/products: every book, launched or hidden, with its stock, in shop order. */
export async function listAdminProducts(): Promise<AdminProduct[]> {
  const products = await listStoredProducts();
  const alerts = await waitingAlertCounts(products.map((p) => p.productId));
  return products
    .map((p) => ({ ...toAdminProduct(p.productId, p.data, p.stock), waitingAlerts: alerts.get(p.productId) ?? 0 }))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.productId.localeCompare(b.productId));
}

export async function getAdminProduct(productId: string): Promise<AdminProduct> {
  const p = await getStoredProduct(productId);
  if (!p) throw notFound(`No product ${productId}`);
  return toAdminProduct(productId, p.data, p.stock);
}

const stored = (p: AdminProductInput | Product) => {
  const { productId: _id, ...fields } = p;
  if ('stock' in fields) delete fields.stock;
  return fields;
};

/**
 * POST /api/admin/products: a new book and its stock record (0 copies) in one transaction, then its
 * first count when the form gave one; an id that exists already is 409 ALREADY_EXISTS and writes nothing.
 */
export async function createProduct(input: AdminProductInput, by: string): Promise<AdminProduct> {
  if (!(await createProductWithStock(input.productId, stored(input)))) throw conflict(ERROR_KEYS.alreadyExists, `A product ${input.productId} exists already`);
  // The first count goes through the allocator like every other, so the log starts with it.
  if (input.stock) await setStockCounts({ [input.productId]: input.stock }, by, '新書建立：初始庫存');
  return getAdminProduct(input.productId);
}

/** PUT /api/admin/products/{productId}: replaces the book's fields (404 when there is no such book). */
export async function updateProduct(productId: string, input: z.infer<typeof adminProductUpdateSchema>): Promise<AdminProduct> {
  if (!(await replaceProduct(productId, input))) throw notFound(`No product ${productId}`);
  return getAdminProduct(productId);
}

/** PATCH /api/admin/products/{productId}/launch: shows or hides the book in the shop. */
export async function setProductLaunched(productId: string, launched: boolean): Promise<AdminProduct> {
  if (!(await storeLaunched(productId, launched))) throw notFound(`No product ${productId}`);
  return getAdminProduct(productId);
}

/** PUT /api/admin/stock/{productId}: sets the count through the stock module, logging the movement. */
export async function setProductStock(
  productId: string,
  input: SetStockInput,
  by: string,
): Promise<{ productId: string; qty: number; movements: StockMovement[]; alertsSent: number }> {
  const r = await setStockCounts({ [productId]: input.qty }, by, input.reason);
  if (!r.ok) throw notFound(`No product ${productId}`);
  // A restock (0 -> above 0) mails the waiting 到貨通知, after the stock write has succeeded; the owner is
  // told how many were mailed.
  const alertsSent = await notifyRestocked(r.changes.filter((c) => c.before === 0 && c.after > 0).map((c) => c.productId));
  return { productId, qty: r.stock[productId]!, movements: await movementsWithWho(productId), alertsSent };
}

export async function stockMovements(productId: string): Promise<StockMovement[]> {
  await getAdminProduct(productId);
  return movementsWithWho(productId);
}

/**
 * A book's movements with `who` for the log's 操作者: `by` is an id (`member:<uid>`, `owner:<email>`,
 * `guest`, `system:sweep`), which tells the owner nothing. Each member of the page is read once.
 */
async function movementsWithWho(productId: string): Promise<StockMovement[]> {
  const movements = await listStockMovements(productId);
  const uids = [...new Set(movements.map((m) => /^member:(.+)$/.exec(m.by)?.[1]).filter((u): u is string => !!u))];
  const names = new Map(await Promise.all(uids.map(async (uid) => [uid, (await getMember(uid))?.userName.trim() || '會員'] as const)));
  const whoOf = (by: string) => {
    const member = /^member:(.+)$/.exec(by)?.[1];
    if (member) return names.get(member) ?? '會員';
    if (by.startsWith('owner:')) return '店長';
    if (by === 'guest') return '顧客';
    if (by.startsWith('system')) return '系統';
    return by;
  };
  return movements.map((m) => ({ ...m, who: whoOf(m.by) }));
}

