import { beforeAll, describe, expect, it } from 'vitest';
import { alertId } from '../../functions/src/api/stock-alerts/service';
import { reminderId } from '../../functions/src/api/close-reminders/service';
import { adminDb, HOSTING_URL, testClientHeaders, uniq } from '../helpers/emulators';
import { doc, fixtureBook, type OwnerClient, ownerSession, planInput } from '../helpers/owner-fixtures';

// 到貨通知我, 截止前提醒我 and the footer's 訂閱 sent by a browser without JavaScript (issue 35 item 2): a
// form body posted to the page, through Hosting -> the ssr function (functions/src/ssr/forms.ts), served
// by the API route's own limits, schema and service. Done: 303 to the page with ?signedUp=<form>, never
// the address; refused: the page again with the refusal beside the field and the API's status.

let c: OwnerClient;
beforeAll(async () => ({ c } = await ownerSession()));

/** A form as a browser sends it: urlencoded, same-origin, not followed (the 303 is what is checked). */
function post(path: string, fields: Record<string, string>, client: Record<string, string> = testClientHeaders(), site = 'same-origin') {
  return fetch(`${HOSTING_URL}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': site, ...client },
    body: new URLSearchParams(fields).toString(),
  });
}
const api = (path: string, body: unknown, client: Record<string, string>) =>
  fetch(`${HOSTING_URL}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...client }, body: JSON.stringify(body) });
const page = async (path: string) => (await fetch(`${HOSTING_URL}${path}`)).text();
const alertsOf = async (productId: string) => (await adminDb().collection('stockAlerts').where('productId', '==', productId).get()).size;
const email = (prefix: string) => `${uniq(prefix)}@example.com`.toLowerCase();

describe('the sign-ups without JavaScript', () => {
  it('到貨通知我 signs up and sends the browser to the book saying so, the address in no URL', async () => {
    const book = await fixtureBook(c, 0);
    const to = email('nojs-alert');
    const res = await post(`/bookstore/${book}`, { form: 'stockAlert', productId: book, email: to });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/bookstore/${book}?signedUp=stockAlert`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await doc(`stockAlerts/${alertId(book, to)}`))?.status).toBe('waiting');
    const html = await page(res.headers.get('location')!);
    expect(html).toContain('已登記到貨通知！');
    expect(html).not.toContain(to);
  });

  it('a bad email is the book page again, 400, with the reason beside the field and nothing stored', async () => {
    const book = await fixtureBook(c, 0);
    const res = await post(`/bookstore/${book}`, { form: 'stockAlert', productId: book, email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/<p[^>]*class="stock-alert__error"[^>]*role="alert"[^>]*>電子郵件格式錯誤<\/p>/);
    // What was typed comes back in the field (a body, never a URL), and the page hydrates with it.
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"/);
    expect(html).toContain('"posted":{"form":"stockAlert"');
    expect(await alertsOf(book)).toBe(0);
  });

  it('a book back in stock before the post answers 409 as the API does: the page offers the book and says why', async () => {
    const book = await fixtureBook(c, 0);
    expect((await c.put(`/stock/${book}`, { qty: 3, reason: '到貨' })).status).toBe(200);
    const to = email('nojs-instock');
    const res = await post(`/bookstore/${book}`, { form: 'stockAlert', productId: book, email: to });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('這本書目前有庫存，可以直接訂購');
    expect(html).toContain('加入購物車');
    expect(await alertsOf(book)).toBe(0);
  });

  it('shares the API route\'s per-client limit: after ten API sign-ups the form is refused 429, and nothing is stored', async () => {
    const book = await fixtureBook(c, 0);
    const client = testClientHeaders();
    for (let i = 0; i < 10; i++) expect((await api('/api/stockAlerts', { productId: book, email: email(`nojs-limit${i}`) }, client)).status).toBe(200);
    const to = email('nojs-limited');
    const res = await post(`/bookstore/${book}`, { form: 'stockAlert', productId: book, email: to }, client);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toContain('請求次數過多，請稍後再試');
    expect(await doc(`stockAlerts/${alertId(book, to)}`)).toBeUndefined();
    // Another client is not held by this one's limit.
    expect((await post(`/bookstore/${book}`, { form: 'stockAlert', productId: book, email: to })).status).toBe(303);
  });

  it('截止前提醒我 signs up from the campaign page; a bad email is refused there', async () => {
    const book = await fixtureBook(c, 5);
    const planId = uniq('nojsplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }]))).status).toBe(201);
    const to = email('nojs-remind');
    const res = await post(`/ezbuy/${planId}`, { form: 'closeReminder', planId, email: to });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/ezbuy/${planId}?signedUp=closeReminder`);
    expect((await doc(`closeReminders/${reminderId(planId, to)}`))?.status).toBe('waiting');
    expect(await page(res.headers.get('location')!)).toContain('已登記截止前提醒！');

    const bad = await post(`/ezbuy/${planId}`, { form: 'closeReminder', planId, email: 'x@' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/class="gb-remind__error"[^>]*>電子郵件格式錯誤</);
    expect((await adminDb().collection('closeReminders').where('planId', '==', planId).get()).size).toBe(1);
  });

  it('訂閱 from any page subscribes; ten by form use up the API route\'s limit too', async () => {
    const client = testClientHeaders();
    const first = email('nojs-news');
    const res = await post('/faq', { form: 'newsletter', email: first }, client);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/faq?signedUp=newsletter');
    expect((await adminDb().doc(`subscriptions/${first}`).get()).data()).toMatchObject({ status: 'active' });
    expect(await page('/faq?signedUp=newsletter')).toContain('訂閱成功！確認信已寄到您填寫的信箱。');
    for (let i = 1; i < 10; i++) expect((await post('/bookstore', { form: 'newsletter', email: email(`nojs-news${i}`) }, client)).status).toBe(303);
    expect((await api('/api/subscriptions', { email: email('nojs-news-api') }, client)).status).toBe(429);
    const refused = await post('/bookstore', { form: 'newsletter', email: email('nojs-news-over') }, client);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/newsletter__msg--error"[^>]*>請求次數過多，請稍後再試</);
  });

  it('refuses a post from another site (403) and leaves the other forms to their 303 back, body unread', async () => {
    const book = await fixtureBook(c, 0);
    const to = email('nojs-xsite');
    expect((await post(`/bookstore/${book}`, { form: 'stockAlert', productId: book, email: to }, testClientHeaders(), 'cross-site')).status).toBe(403);
    expect(await alertsOf(book)).toBe(0);
    const other = await post(`/bookstore/${book}`, { email: to, password: 'secret123' });
    expect(other.status).toBe(303);
    expect(other.headers.get('location')).toBe(`/bookstore/${book}`);
  });
});
