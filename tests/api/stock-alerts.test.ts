import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { signAlertToken, alertId } from '../../functions/src/api/stock-alerts/service';
import { adminDb, uniq } from '../helpers/emulators';
import { type Actors, app, doc, fixtureBook, type OwnerClient, ownerSession } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// 到貨通知: an email on a sold-out book, once per email and book; the owner's restock (0 -> above 0)
// mails each waiting shopper once and spends the alert; the signed link cancels it.

let a: Actors;
let c: OwnerClient;

beforeAll(async () => ({ a, c } = await ownerSession()));

/** The restock mails to this address (its confirmation mails, `stockAlertConfirm-...`, left out). */
const alertMails = async (to: string) =>
  (await adminDb().collection('mail').where('to', '==', to).get()).docs.filter((d) => d.id.startsWith('stockAlert-')).map((d) => d.data());

describe('back-in-stock alerts', () => {
  it('one alert per email and book; a restock mails it once; the owner sees the count', async () => {
    const book = await fixtureBook(c, 0);
    const email = `${uniq('alert')}@example.com`.toLowerCase();
    const first = await request(app).post('/api/stockAlerts').send({ productId: book, email });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ productId: book, status: 'waiting' });
    const again = await request(app).post('/api/stockAlerts').send({ productId: book, email: email.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = `${uniq('alert2')}@example.com`.toLowerCase();
    expect((await request(app).post('/api/stockAlerts').send({ productId: book, email: other })).status).toBe(200);
    expect((await adminDb().collection('stockAlerts').where('productId', '==', book).get()).size).toBe(2);

    const list = await c.get('/products');
    expect(list.body.find((p: { productId: string }) => p.productId === book).waitingAlerts).toBe(2);

    // A change that is no restock (0 -> 0) mails nothing.
    expect((await c.put(`/stock/${book}`, { qty: 0, reason: '盤點' })).status).toBe(200);
    expect(await alertMails(email)).toHaveLength(0);

    expect((await c.put(`/stock/${book}`, { qty: 5, reason: '再刷到貨' })).status).toBe(200);
    const mails = await alertMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toContain('到貨通知');
    expect(mails[0]!.message.text).toContain(`/bookstore/${book}`);
    expect(mails[0]!.message.html).toContain('/stockAlert/cancel?token=');
    expect(await alertMails(other)).toHaveLength(1);
    expect((await doc(`stockAlerts/${alertId(book, email)}`))!.status).toBe('sent');

    // Sold out and restocked again: a spent alert mails nothing more.
    await c.put(`/stock/${book}`, { qty: 0, reason: '售完' });
    await c.put(`/stock/${book}`, { qty: 3, reason: '再刷' });
    expect(await alertMails(email)).toHaveLength(1);
    expect((await c.get('/products')).body.find((p: { productId: string }) => p.productId === book).waitingAlerts).toBe(0);
  });

  it('the owner PATCH /api/stock restock mails too', async () => {
    const book = await fixtureBook(c, 0);
    const email = `${uniq('alert3')}@example.com`.toLowerCase();
    expect((await request(app).post('/api/stockAlerts').send({ productId: book, email })).status).toBe(200);
    const res = await request(app).patch('/api/stock').set('Authorization', `Bearer ${a.owner.idToken}`).send({ [book]: 2 });
    expect(res.status).toBe(200);
    expect(await alertMails(email)).toHaveLength(1);
  });

  it('the signed link cancels an alert; a forged one is refused', async () => {
    // The forgery changes the signature's first character: all six of its bits count, where the last of
    // 43 base64url characters carries two padding bits the decoder ignores (A and B decode alike).
    const book = await fixtureBook(c, 0);
    const email = `${uniq('alert4')}@example.com`.toLowerCase();
    await request(app).post('/api/stockAlerts').send({ productId: book, email });
    const id = alertId(book, email);
    const token = signAlertToken(id, (await doc(`stockAlerts/${id}`))!.nonce as string, new Date(Date.now() + 86_400_000));
    const forged = await request(app).post('/api/stockAlerts/cancel').send({ token: token.replace(/\.(.)/, (_, ch: string) => `.${ch === 'A' ? 'B' : 'A'}`) });
    expectCatalogueBody(forged.body, 400, 'Bad Request');
    const ok = await request(app).post('/api/stockAlerts/cancel').send({ token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ productId: book, status: 'cancelled' });
    await c.put(`/stock/${book}`, { qty: 4, reason: '到貨' });
    expect(await alertMails(email)).toHaveLength(0);
  });

  it('refuses bad emails, unknown books and books in stock with the catalogue body', async () => {
    const inStock = await fixtureBook(c, 3);
    expectCatalogueBody((await request(app).post('/api/stockAlerts').send({ productId: inStock, email: 'x@example.com' })).body, 409, 'IN_STOCK');
    expectCatalogueBody((await request(app).post('/api/stockAlerts').send({ productId: inStock, email: 'not-an-email' })).body, 400, 'Bad Request');
    expectCatalogueBody((await request(app).post('/api/stockAlerts').send({ productId: uniq('nobook'), email: 'x@example.com' })).body, 404, 'Not Found, No record found');
    expectCatalogueBody((await request(app).post('/api/stockAlerts').send({})).body, 400, 'Bad Request');
    expect((await adminDb().collection('stockAlerts').where('productId', '==', inStock).get()).empty).toBe(true);
  });
});
