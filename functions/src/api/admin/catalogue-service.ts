import type { z } from 'zod';
import type { AdminProduct, AdminProductInput, adminProductUpdateSchema, SetStockInput, StockMovement } from '../../contracts/admin';
import { ERROR_KEYS } from '../../contracts/errors';
import { productSchema, type Product } from '../../contracts/products';
import { invalidateCatalogue } from '../../data/products';
import { listStockMovements } from '../../data/stock-movements';
import { setStockCounts } from '../../orders/set-stock';
import { conflict, notFound } from '../../http/errors';
import { db } from '../../lib/firebase';

const PRODUCTS = 'products';
const STOCK = 'stock';

/** Stands in for required fields that a stored book lacks or has broken, so the owner can see and fix it. */
const INCOMPLETE: Partial<Product> = {
  name: '（資料不完整）',
  imgSrc: '',
  listPrice: 0,
  salePrice: 0,
  bookIntroduction: { primaryColor: '', slogan: '', overview: '', summary: [], detail: [] },
};

function toAdminProduct(id: string, data: FirebaseFirestore.DocumentData, stock: FirebaseFirestore.DocumentData | undefined): AdminProduct {
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
  const firestore = await db();
  const [products, stock] = await Promise.all([firestore.collection(PRODUCTS).limit(500).get(), firestore.collection(STOCK).limit(1000).get()]);
  const qty = new Map(stock.docs.map((d) => [d.id, d.data()]));
  return products.docs
    .map((d) => toAdminProduct(d.id, d.data(), qty.get(d.id)))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.productId.localeCompare(b.productId));
}

export async function getAdminProduct(productId: string): Promise<AdminProduct> {
  const firestore = await db();
  const [p, s] = await firestore.getAll(firestore.collection(PRODUCTS).doc(productId), firestore.collection(STOCK).doc(productId));
  if (!p!.exists) throw notFound(`No product ${productId}`);
  return toAdminProduct(productId, p!.data()!, s!.data());
}

const stored = (p: AdminProductInput | Product) => {
  const { productId: _id, ...fields } = p;
  return fields;
};

/**
 * POST /api/admin/products: a new book and its stock record (0 copies) in one transaction; an id
 * that exists already is 409 ALREADY_EXISTS and writes nothing.
 */
export async function createProduct(input: AdminProductInput): Promise<AdminProduct> {
  const firestore = await db();
  const ref = firestore.collection(PRODUCTS).doc(input.productId);
  const stockRef = firestore.collection(STOCK).doc(input.productId);
  const now = new Date().toISOString();
  await firestore.runTransaction(async (tx) => {
    const [p, s] = await tx.getAll(ref, stockRef);
    if (p!.exists) throw conflict(ERROR_KEYS.alreadyExists, `A product ${input.productId} exists already`);
    tx.create(ref, { ...stored(input), createdAt: now, updatedAt: now });
    if (!s!.exists) tx.create(stockRef, { qty: 0, updatedAt: now });
  });
  invalidateCatalogue();
  return getAdminProduct(input.productId);
}

/** PUT /api/admin/products/{productId}: replaces the book's fields (404 when there is no such book). */
export async function updateProduct(productId: string, input: z.infer<typeof adminProductUpdateSchema>): Promise<AdminProduct> {
  const firestore = await db();
  const ref = firestore.collection(PRODUCTS).doc(productId);
  await firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(`No product ${productId}`);
    const createdAt = (snap.data() as { createdAt?: string }).createdAt;
    tx.set(ref, { ...input, ...(createdAt ? { createdAt } : {}), updatedAt: new Date().toISOString() });
  });
  invalidateCatalogue();
  return getAdminProduct(productId);
}

/** PATCH /api/admin/products/{productId}/launch: shows or hides the book in the shop. */
export async function setProductLaunched(productId: string, launched: boolean): Promise<AdminProduct> {
  const firestore = await db();
  const ref = firestore.collection(PRODUCTS).doc(productId);
  await firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(`No product ${productId}`);
    tx.update(ref, { launched, updatedAt: new Date().toISOString() });
  });
  invalidateCatalogue();
  return getAdminProduct(productId);
}

/** PUT /api/admin/stock/{productId}: sets the count through the stock module, logging the movement. */
export async function setProductStock(productId: string, input: SetStockInput, by: string): Promise<{ productId: string; qty: number; movements: StockMovement[] }> {
  const r = await setStockCounts({ [productId]: input.qty }, by, input.reason);
  if (!r.ok) throw notFound(`No product ${productId}`);
  return { productId, qty: r.stock[productId]!, movements: await listStockMovements(productId) };
}

export async function stockMovements(productId: string): Promise<StockMovement[]> {
  await getAdminProduct(productId);
  return listStockMovements(productId);
}

