import ExcelJS from 'exceljs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { taiwanDay } from '../../functions/src/contracts/format';
import { HOSTING_URL, testClientHeaders } from '../helpers/emulators';
import { expectBadRequestAt, expectCatalogueBody } from '../helpers/catalogue-body';
import { app, bookInput, contact, doc, newOrderId, ownerSession, shopOrder, type Actors, type OwnerClient } from '../helpers/owner-fixtures';

// The e-invoice choices (issue 36): each refused with a Chinese message at its field when malformed
// (through Hosting), stored and shown when valid, exported for the period (JSON, CSV, xlsx read back
// with exceljs) and marked with its number by the owner alone; a number on one order only (also when two
// marks race); a refunded order's issued invoice voided or given an allowance; the guest lookup's view.

let a: Actors;
let c: OwnerClient;
let book: string;

beforeAll(async () => {
  ({ a, c } = await ownerSession());
  book = `inv-${newOrderId().slice(0, 20)}`;
  expect((await c.post('/products', bookInput(book, { salePrice: 1050, launched: true }))).status).toBe(201);
  expect((await c.put(`/stock/${book}`, { qty: 20, reason: '測試進貨' })).status).toBe(200);
});

describe('a malformed choice, through Hosting', () => {
  it.each([
    [{ type: 'mobile', carrier: '/AB12' }, 'body.invoice.carrier', '手機條碼格式錯誤'],
    [{ type: 'mobile' }, 'body.invoice.carrier', '請填寫手機條碼'],
    [{ type: 'certificate', carrier: 'A1234567890123456' }, 'body.invoice.carrier', '自然人憑證條碼格式錯誤'],
    [{ type: 'donation', loveCode: '12' }, 'body.invoice.loveCode', '愛心碼為 3 到 7 位數字'],
    [{ type: 'company', taxId: '12345678', title: '青嶼' }, 'body.invoice.taxId', '統一編號格式錯誤'],
    [{ type: 'company', taxId: '24536806', title: '' }, 'body.invoice.title', '請填寫發票抬頭'],
    [{ type: 'paper' }, 'body.invoice.type', '請選擇發票開立方式'],
  ])('%j is refused at %s', async (invoice, path, message) => {
    const res = await request(HOSTING_URL)
      .patch(`/api/order/${a.member.uid}/${newOrderId()}`)
      .set('Authorization', `Bearer ${a.member.idToken}`)
      .send({ items: [{ productId: book, qty: 1 }], ...contact(), invoice });
    expectBadRequestAt(res, path);
    expect((res.body.details as { message: string }[])[0]!.message).toContain(message);
  });
});

describe('valid choices', () => {
  const CHOICES = [
    [{ type: 'email' }, { type: 'email' }, ''],
    [{ type: 'mobile', carrier: ' /abc+12- ' }, { type: 'mobile', carrier: '/ABC+12-' }, '/ABC+12-'],
    [{ type: 'certificate', carrier: 'AB12345678901234' }, { type: 'certificate', carrier: 'AB12345678901234' }, 'AB12345678901234'],
    [{ type: 'donation', loveCode: '919' }, { type: 'donation', loveCode: '919' }, '919'],
    // A title a spreadsheet would run as a formula: the CSV must defuse it.
    [{ type: 'company', taxId: '24536806', title: '=HYPERLINK("x")' }, { type: 'company', taxId: '24536806', title: '=HYPERLINK("x")' }, ''],
  ] as const;
  const placed: { orderId: string; orderNo: string; totalPrice: number }[] = [];

  beforeAll(async () => {
    for (const [invoice] of CHOICES) placed.push(await shopOrder(a.member, book, 1, { invoice }));
  });

  it('are stored as typed fields and shown on the order', async () => {
    for (const [i, [, stored]] of CHOICES.entries()) {
      const d = await doc(`orders/${placed[i]!.orderId}`);
      expect(d?.invoice).toEqual(stored);
      const shown = await request(app).get(`/api/order/${a.member.uid}/${placed[i]!.orderId}`).set('Authorization', `Bearer ${a.member.idToken}`);
      expect(shown.body.invoice).toEqual(stored);
    }
    // A company invoice repeats its 統一編號 and 抬頭 in the older fields.
    expect(await doc(`orders/${placed[4]!.orderId}`)).toMatchObject({ taxId: '24536806', invoiceTitle: '=HYPERLINK("x")' });
  });

  it('are exported once paid, as rows, CSV and an Excel workbook', async () => {
    const unpaidMark = await c.put(`/orders/${placed[0]!.orderId}/invoice`, { number: 'AB12345678' });
    expect(unpaidMark.status).toBe(409);
    expectCatalogueBody(unpaidMark.body, 409, 'INVALID_TRANSITION');
    for (const o of placed) expect((await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: o.totalPrice })).status).toBe(200);

    const today = taiwanDay(Date.now());
    const q = `?from=${today}&to=${today}`;
    const rows = await c.get(`/invoices${q}`);
    expect(rows.status).toBe(200);
    const mine = (rows.body.rows as { orderNo: string }[]).filter((r) => placed.some((p) => p.orderNo === r.orderNo));
    expect(mine).toHaveLength(5);
    expect(mine.find((r) => r.orderNo === placed[1]!.orderNo)).toMatchObject({ type: 'mobile', carrier: '/ABC+12-', total: 1050, untaxed: 1000, tax: 50, issuedInvoice: null });
    expect(mine.find((r) => r.orderNo === placed[3]!.orderNo)).toMatchObject({ type: 'donation', loveCode: '919' });

    const csv = await c.get(`/invoices.csv${q}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF付款日期,訂單號碼,發票類型,載具條碼／愛心碼,買受人,電子郵件,統一編號,發票抬頭,未稅金額,稅額,含稅總額,發票號碼,發票狀態,作廢／折讓');
    expect(lines.find((l) => l.includes(placed[1]!.orderNo))).toContain(',手機條碼載具,/ABC+12-,');
    expect(lines.find((l) => l.includes(placed[4]!.orderNo))).toContain(',"=""24536806""","\'=HYPERLINK(""x"")",1000,50,1050,');

    const xlsx = await c.get(`/invoices.xlsx${q}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (b: Buffer) => chunks.push(b));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(xlsx.status).toBe(200);
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(new Uint8Array(xlsx.body as Buffer).buffer);
    const sheet = book2.getWorksheet('發票')!;
    expect(sheet.getRow(1).getCell(4).value).toBe('載具條碼／愛心碼');
    const values = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
    expect(values.find((v) => v[1] === placed[2]!.orderNo)).toEqual(expect.arrayContaining(['自然人憑證條碼', 'AB12345678901234', 1000, 50, 1050]));
    expect(values.find((v) => v[1] === placed[4]!.orderNo)?.[7]).toBe('=HYPERLINK("x")');
  });

  it('are marked with their number by the owner alone, and the customer sees it', async () => {
    const path = `/api/admin/orders/${placed[1]!.orderId}/invoice`;
    expect((await request(app).put(path).send({ number: 'AB12345678' })).status).toBe(401);
    expect((await request(app).put(path).set('Authorization', `Bearer ${a.member.idToken}`).send({ number: 'AB12345678' })).status).toBe(403);
    expectBadRequestAt(await c.put(`/orders/${placed[1]!.orderId}/invoice`, { number: 'A123456789' }), 'body.number');
    expect((await c.put(`/orders/${newOrderId()}/invoice`, { number: 'AB12345678' })).status).toBe(404);

    const marked = await c.put(`/orders/${placed[1]!.orderId}/invoice`, { number: ' ab12345678 ' });
    expect(marked.status).toBe(200);
    expect(marked.body.issuedInvoice).toMatchObject({ number: 'AB12345678' });
    const shown = await request(app).get(`/api/order/${a.member.uid}/${placed[1]!.orderId}`).set('Authorization', `Bearer ${a.member.idToken}`);
    expect(shown.body.issuedInvoice.number).toBe('AB12345678');
    const today = taiwanDay(Date.now());
    const rows = await c.get(`/invoices?from=${today}&to=${today}`);
    expect((rows.body.rows as { orderNo: string; issuedInvoice: { number: string } | null }[]).find((r) => r.orderNo === placed[1]!.orderNo)?.issuedInvoice?.number).toBe('AB12345678');
  });
});

/** A fresh invoice number (2 letters and 8 digits), so that no two tests of a run share one. */
const invoiceNo = () => `T${String.fromCharCode(65 + Math.floor(Math.random() * 26))}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Paid shop orders of the test's book, each as the owner confirmed it. */
async function paidOrders(n: number, extra: Record<string, unknown> = {}) {
  const orders = [];
  for (let i = 0; i < n; i++) {
    const o = await shopOrder(a.member, book, 1, extra);
    expect((await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: o.totalPrice })).status).toBe(200);
    orders.push(o);
  }
  return orders;
}

describe('an invoice number is recorded on one order only', () => {
  it('is refused on a second order with 409 and the catalogue body, and freed when its order takes another', async () => {
    const [first, second] = await paidOrders(2);
    const number = invoiceNo();
    expect((await c.put(`/orders/${first!.orderId}/invoice`, { number })).status).toBe(200);
    // The same order may be marked with its own number again (nothing changes hands).
    expect((await c.put(`/orders/${first!.orderId}/invoice`, { number: number.toLowerCase() })).status).toBe(200);
    const taken = await c.put(`/orders/${second!.orderId}/invoice`, { number });
    expect(taken.status).toBe(409);
    expectCatalogueBody(taken.body, 409, 'ALREADY_EXISTS');
    expect(taken.body.details).toEqual([{ path: 'body.number', message: `發票號碼 ${number} 已記錄在訂單 ${first!.orderNo}` }]);
    expect((await doc(`orders/${second!.orderId}`))?.issuedInvoice).toBeUndefined();
    expect(await doc(`invoiceNumbers/${number}`)).toMatchObject({ orderId: first!.orderId });

    // A typo corrected on the first order frees the number it had.
    expect((await c.put(`/orders/${first!.orderId}/invoice`, { number: invoiceNo() })).status).toBe(200);
    expect(await doc(`invoiceNumbers/${number}`)).toBeUndefined();
    expect((await c.put(`/orders/${second!.orderId}/invoice`, { number })).status).toBe(200);
  });

  it('goes to one of two orders marked with it at the same moment', async () => {
    const [x, y] = await paidOrders(2);
    const number = invoiceNo();
    const mark = (orderId: string) =>
      request(app).put(`/api/admin/orders/${orderId}/invoice`).set('Authorization', `Bearer ${a.owner.idToken}`).send({ number });
    const answers = await Promise.all([mark(x!.orderId), mark(y!.orderId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expectCatalogueBody(lost.body, 409, 'ALREADY_EXISTS');
    const won = answers.find((r) => r.status === 200)!.body as { orderId: string };
    const loser = won.orderId === x!.orderId ? y! : x!;
    expect(await doc(`invoiceNumbers/${number}`)).toMatchObject({ orderId: won.orderId });
    expect((await doc(`orders/${won.orderId}`))?.issuedInvoice).toMatchObject({ number });
    expect((await doc(`orders/${loser.orderId}`))?.issuedInvoice).toBeUndefined();
  });
});

describe('a refunded order whose invoice was issued', () => {
  let order: { orderId: string; orderNo: string; totalPrice: number };
  const number = invoiceNo();
  const today = taiwanDay(Date.now());

  beforeAll(async () => {
    [order] = await paidOrders(1, { invoice: { type: 'mobile', carrier: '/ABC+123' } });
    expect((await c.put(`/orders/${order.orderId}/invoice`, { number })).status).toBe(200);
  });

  it('is voided or given an allowance only once refunded, recorded by the owner alone', async () => {
    const early = await c.put(`/orders/${order.orderId}/invoice/correction`, { kind: 'void', date: today });
    expect(early.status).toBe(409);
    expectCatalogueBody(early.body, 409, 'INVALID_TRANSITION');
    // A refunded order never invoiced has nothing to void.
    const [plain] = await paidOrders(1);
    expect((await c.post(`/orders/${plain!.orderId}/status`, { status: 'refunded' })).status).toBe(200);
    expect((await c.put(`/orders/${plain!.orderId}/invoice/correction`, { kind: 'void', date: today })).status).toBe(409);

    expect((await c.post(`/orders/${order.orderId}/status`, { status: 'refunded' })).status).toBe(200);
    const rows = await c.get(`/invoices?from=${today}&to=${today}`);
    expect((rows.body.rows as { orderNo: string; state: string }[]).find((r) => r.orderNo === order.orderNo)?.state).toBe('toCorrect');
    expect((rows.body.rows as { orderNo: string }[]).some((r) => r.orderNo === plain!.orderNo)).toBe(false);
    const member = () => request(app).get(`/api/order/${a.member.uid}/${order.orderId}`).set('Authorization', `Bearer ${a.member.idToken}`);
    expect((await member()).body.invoiceCorrection ?? null).toBeNull();
    // Its number stays its own: refunded, it is not marked again.
    expect((await c.put(`/orders/${order.orderId}/invoice`, { number: invoiceNo() })).status).toBe(409);

    const path = `/api/admin/orders/${order.orderId}/invoice/correction`;
    expect((await request(app).put(path).set('Authorization', `Bearer ${a.member.idToken}`).send({ kind: 'void', date: today })).status).toBe(403);
    expectBadRequestAt(await c.put(`/orders/${order.orderId}/invoice/correction`, { kind: 'allowance', date: today }), 'body.number');
    expectBadRequestAt(await c.put(`/orders/${order.orderId}/invoice/correction`, { kind: 'void', date: '2026-02-30' }), 'body.date');
    expectBadRequestAt(await c.put(`/orders/${order.orderId}/invoice/correction`, { kind: 'erase', date: today }), 'body.kind');

    const allowance = await c.put(`/orders/${order.orderId}/invoice/correction`, { kind: 'allowance', number: 'al-0001', date: today });
    expect(allowance.status).toBe(200);
    expect(allowance.body.invoiceCorrection).toMatchObject({ kind: 'allowance', number: 'AL-0001', date: today });
    // A second record replaces the first; a 作廢's number is the invoice's own.
    const voided = await c.put(`/orders/${order.orderId}/invoice/correction`, { kind: 'void', date: today });
    expect(voided.status).toBe(200);
    expect(voided.body.invoiceCorrection).toMatchObject({ kind: 'void', number, date: today });
    expect((await member()).body.invoiceCorrection).toMatchObject({ kind: 'void', number, date: today });

    const after = await c.get(`/invoices?from=${today}&to=${today}`);
    expect((after.body.rows as { orderNo: string }[]).find((r) => r.orderNo === order.orderNo)).toMatchObject({ state: 'voided', correction: { kind: 'void', number } });
    const csv = await c.get(`/invoices.csv?from=${today}&to=${today}`);
    expect(csv.text.split('\r\n').find((l) => l.includes(order.orderNo))).toMatch(new RegExp(`,${number},已作廢,作廢 ${number}（${today}）$`));
  });

  it('shows in the guest lookup with the choice, the carrier masked', async () => {
    const found = await request(app).post('/api/order/lookup').set(testClientHeaders()).send({ orderNo: order.orderNo, phone: '0912345678' });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ invoice: { type: 'mobile', carrier: '/A****' }, issuedInvoice: { number }, invoiceCorrection: { kind: 'void', number, date: today } });
    expect(found.body.issuedInvoice).not.toHaveProperty('by');
    expect(found.body.invoiceCorrection).not.toHaveProperty('by');
  });
});
