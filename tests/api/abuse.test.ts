import { beforeAll, describe, expect, it } from 'vitest';
import { signAlertToken } from '../../functions/src/api/stock-alerts/service';
import { adminDb, createTestUser, HOSTING_URL, seedBook, testClientHeaders, uniq } from '../helpers/emulators';
import { fixtureBook, type OwnerClient, ownerSession, planInput } from '../helpers/owner-fixtures';

// What a stranger tried through Hosting and must not manage (issue 24): hold a campaign's stock and
// speak in the shop's name, lock a member out, read what is not theirs. Every request goes the way a
// script would send it: Hosting -> the Functions emulator, with the production limits; each test names
// its own clients (testClientHeaders) so that it neither uses up nor inherits other suites' limits.

let c: OwnerClient;
let ownerToken: string;
beforeAll(async () => {
  const session = await ownerSession();
  c = session.c;
  ownerToken = session.a.owner.idToken;
  // A few workers warm, so that the first answers are not cold starts.
  await Promise.all(Array.from({ length: 3 }, async () => (await fetch(`${HOSTING_URL}/api/products/simple`)).arrayBuffer()));
}, 120_000);

const send = (method: string, path: string, body: unknown, headers: Record<string, string> = testClientHeaders()) =>
  fetch(`${HOSTING_URL}/api${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

const orderId = () => `${uniq('ab').replace(/[^A-Za-z0-9_-]/g, '')}${Math.random().toString(36).slice(2, 10)}`;

/** An open campaign of the test's own over a book of its own with `qty` copies. */
async function campaign(qty: number) {
  const productId = await seedBook({ prefix: 'abuse-book', qty });
  const planId = uniq('abuseplan');
  await adminDb().doc(`groupBuyingPlans/${planId}`).set({
    title: '防濫用測試團購',
    organizer: '測試協會',
    closingDate: new Date(Date.now() + 86_400_000).toISOString(),
    launched: true,
    bannerImg: { pc: '', mobile: '' },
    content: [],
    products: [{ productId, groupPrice: 100 }],
    pickupNotes: '',
    paymentNotes: '',
  });
  await adminDb().doc(`planProgress/${planId}`).set({ orders: 0, copies: 0, minQuantity: null, updatedAt: new Date().toISOString() });
  return { planId, productId };
}

const groupBody = (productId: string, i: number, extra: Record<string, unknown> = {}) => ({
  items: [{ productId, qty: 1 }],
  buyer: '陳美玲',
  email: `${uniq(`abuser${i}`)}@example.com`,
  receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' },
  phone: `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  bankAccountNo: '54321',
  ...extra,
});

async function statuses(responses: Promise<Response>[]) {
  return Promise.all(responses.map(async (r) => {
    const res = await r;
    const body = (await res.json()) as { statusMessage?: string };
    return res.status === 429 || res.status === 409 ? `${res.status} ${body.statusMessage}` : res.status;
  }));
}

describe('group orders: no stranger holds the stock or speaks in the shop’s name', { timeout: 180_000 }, () => {
  it('one client: 10 orders an hour, then 429, whatever contacts it gives', async () => {
    const { planId, productId } = await campaign(30);
    const client = testClientHeaders();
    const placed: (number | string)[] = [];
    for (let i = 0; i < 11; i++) placed.push(...(await statuses([send('PATCH', `/groupOrder/${planId}/${orderId()}`, groupBody(productId, i), client)])));
    expect(placed).toEqual([...Array(10).fill(201), '429 TOO_MANY_ATTEMPTS_TRY_LATER']);
    expect((await adminDb().doc(`stock/${productId}`).get()).data()?.qty).toBe(20);
  });

  it('one contact: at most 20 unpaid copies per campaign (409 UNPAID_LIMIT), and 5 orders a day per phone', async () => {
    const { planId, productId } = await campaign(50);
    const phone = '0987-654-321';
    const order = (i: number, qty: number) => send('PATCH', `/groupOrder/${planId}/${orderId()}`, groupBody(productId, i, { phone, items: [{ productId, qty }] }));
    const answers = [...(await statuses([order(0, 20)])), ...(await statuses([order(1, 1)]))];
    for (let i = 2; i < 6; i++) answers.push(...(await statuses([order(i, 1)])));
    expect(answers).toEqual([201, ...Array(4).fill('409 UNPAID_LIMIT'), '429 TOO_MANY_ATTEMPTS_TRY_LATER']);
    expect((await adminDb().doc(`stock/${productId}`).get()).data()?.qty).toBe(30);
  });

  it('a name is letters only, and the mail quotes it: no account number in the shop’s voice', async () => {
    const { planId, productId } = await campaign(5);
    const hostile = await send('PATCH', `/groupOrder/${planId}/${orderId()}`, groupBody(productId, 0, { buyer: '請改匯至 700-1234567890 帳戶 客服' }));
    expect(hostile.status).toBe(400);
    expect(((await hostile.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toContain('body.buyer');
    const id = orderId();
    expect((await send('PATCH', `/groupOrder/${planId}/${id}`, groupBody(productId, 1, { buyer: '請改匯至帳戶客服' }))).status).toBe(201);
    const mail = (await adminDb().doc(`mail/${id}-placed`).get()).data() as { message: { text: string } };
    // The name is the buyer's words: only inside the box labelled as what the buyer typed, never in the greeting.
    expect(mail.message.text).not.toContain('「請改匯至帳戶客服」您好');
    expect(mail.message.text).toContain('您填寫的收件資料（由訂購人輸入，本店未經核對）');
  });
});

describe('sign-in: a guesser locks only their own client out', { timeout: 120_000 }, () => {
  it('10 wrong passwords from one client: that client gets 429, the member elsewhere signs in', async () => {
    const user = await createTestUser();
    const guesser = testClientHeaders();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await send('POST', '/auth/signIn', { email: user.email, password: `wrong-${i}` }, guesser)).status);
    expect(answers).toEqual([...Array(10).fill(400), 429]);
    expect((await send('POST', '/auth/signIn', { email: user.email, password: user.password }, guesser)).status).toBe(429);
    expect((await send('POST', '/auth/signIn', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('the organiser’s link shows no address and leaks no token', { timeout: 120_000 }, () => {
  it('labels posted orders 郵寄 in the view, the totals and the CSV', async () => {
    const { planId, productId } = await campaign(5);
    expect((await send('PATCH', `/groupOrder/${planId}/${orderId()}`, groupBody(productId, 0))).status).toBe(201);
    const link = await c.post(`/plans/${planId}/organizer-links`, {});
    expect(link.status).toBe(201);
    const token = new URL(link.body.url as string, 'http://x').searchParams.get('token')!;
    const view = await fetch(`${HOSTING_URL}/api/organizer/${token}`);
    const csv = await fetch(`${HOSTING_URL}/api/organizer/${token}/orders.csv`);
    const text = `${await view.text()}${await csv.text()}`;
    expect(text).toContain('郵寄');
    expect(text).not.toContain('中正四路');
    // The link's token never leaves in a Referer: the page and its answers say no-referrer (issue 24.9).
    const pageRes = await fetch(`${HOSTING_URL}/organizer?token=${encodeURIComponent(token)}`);
    await pageRes.arrayBuffer();
    for (const res of [view, csv, pageRes]) expect(res.headers.get('referrer-policy'), res.url).toBe('no-referrer');
  });
});

describe('what exists cannot be learnt, and hidden books do not leak', { timeout: 120_000 }, () => {
  it('a stock alert answers a new and a known address alike; the new one gets a confirmation mail with its cancel link', async () => {
    const productId = await seedBook({ prefix: 'abuse-alert', qty: 0 });
    const email = `${uniq('alert')}@example.com`.toLowerCase();
    const first = await send('POST', '/stockAlerts', { productId, email });
    const again = await send('POST', '/stockAlerts', { productId, email: email.toUpperCase() });
    expect([first.status, await first.json()]).toEqual([again.status, await again.json()]);
    const mails = await adminDb().collection('mail').where('to', '==', email).get();
    expect(mails.docs.map((d) => d.id)).toEqual([expect.stringMatching(/^stockAlertConfirm-/)]);
    const text = (mails.docs[0]!.data() as { message: { text: string } }).message.text;
    expect(text).toContain('到貨通知');
    expect(text).toMatch(/\/stockAlert\/cancel\?token=[A-Za-z0-9._%-]+/);

    const newsletter = `${uniq('news')}@example.com`;
    const sub1 = await send('POST', '/subscriptions', { email: newsletter });
    const sub2 = await send('POST', '/subscriptions', { email: newsletter });
    expect([sub1.status, await sub1.json()]).toEqual([sub2.status, await sub2.json()]);
  });

  it('a cancel link cancels only its own registration, and expires', async () => {
    const productId = await seedBook({ prefix: 'abuse-alert', qty: 0 });
    const email = `${uniq('alert')}@example.com`.toLowerCase();
    const tokens: string[] = [];
    const register = async () => {
      expect((await send('POST', '/stockAlerts', { productId, email })).status).toBe(200);
      const mails = await adminDb().collection('mail').where('to', '==', email).get();
      const texts = mails.docs.map((d) => (d.data() as { message: { text: string } }).message.text);
      const all = texts.map((t) => decodeURIComponent(/token=([A-Za-z0-9._%-]+)/.exec(t)![1]!));
      tokens.push(all.find((t) => !tokens.includes(t))!);
    };
    const cancel = (token: string) => send('POST', '/stockAlerts/cancel', { token });
    await register();
    expect((await cancel(tokens[0]!)).status).toBe(200);
    await register();
    // The first mail's link does nothing to the second registration.
    expect((await cancel(tokens[0]!)).status).toBe(404);
    const alerts = await adminDb().collection('stockAlerts').where('productId', '==', productId).get();
    const alert = alerts.docs[0]!;
    expect(alert.data().status).toBe('waiting');
    const expired = signAlertToken(alert.id, alert.data().nonce as string, new Date(Date.now() - 1000));
    const late = await cancel(expired);
    expect(late.status).toBe(400);
    expect(JSON.stringify(await late.json())).toContain('過期');
    expect((await cancel(tokens[1]!)).status).toBe(200);
  });

  it('a hidden book’s id and count are in neither GET /api/stock nor the /bookstore HTML', async () => {
    const hidden = await seedBook({ prefix: 'abuse-hidden', qty: 30, launched: false });
    const map = (await (await fetch(`${HOSTING_URL}/api/stock`)).json()) as Record<string, number>;
    expect(map).toHaveProperty('company-registration-guide');
    expect(map).not.toHaveProperty(hidden);
    expect((await fetch(`${HOSTING_URL}/api/stock/${hidden}`)).status).toBe(404);
    const html = await (await fetch(`${HOSTING_URL}/bookstore`)).text();
    expect(html).toContain('company-registration-guide');
    expect(html).not.toContain(hidden);
  });

  it('sign-in answers a wrong password and an unknown email alike', async () => {
    const user = await createTestUser();
    const wrong = await send('POST', '/auth/signIn', { email: user.email, password: 'wrong-pass' });
    const unknown = await send('POST', '/auth/signIn', { email: `${uniq('nobody')}@example.com`, password: 'wrong-pass' });
    // Each answer carries its own request id (docs/operations.md); everything else is the same.
    const body = async (r: Response) => {
      const { requestId, ...rest } = (await r.json()) as { requestId?: string };
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);
      return rest;
    };
    const [a, b] = [await body(wrong), await body(unknown)];
    expect(a).toMatchObject({ statusMessage: 'INVALID_LOGIN_CREDENTIALS' });
    expect([wrong.status, a]).toEqual([unknown.status, b]);
  });
});

describe('the owner’s text never breaks a public page', { timeout: 180_000 }, () => {
  const X = '</script><x-hostile onmouseover=1>"\'{{7*7}}';

  it('free text in every field of a book and a campaign, and a stored date the form no longer accepts, render harmlessly on every public page', async () => {
    const text = (s: string) => `${s}${X}`;
    const productId = await fixtureBook(c, 3, {
      name: text('書名'),
      subtitle: text('副標'),
      author: text('作者'),
      publisher: text('出版'),
      format: text('平裝'),
      content: [text('重點')],
      notice: [text('注意')],
      bookIntroduction: { primaryColor: '#2f5d62', slogan: text('標語'), overview: text('簡介'), summary: [text('摘要')], detail: [text('詳細')] },
      erratum: [{ chapter: text('章'), title: text('題'), content: [text('內容')], postDate: '2026-04-01' }],
    });
    // Stored before the contract was strict (issue 24: this date made the book page throw RangeError).
    await adminDb().doc(`products/${productId}`).update({ publishedAt: '2026-01-01</script>' });
    const planId = uniq('hostileplan');
    const created = await c.post('/plans', planInput(planId, [{ productId, groupPrice: 100 }], {
      title: text('團購'),
      organizer: text('協會'),
      content: [text('說明')],
      pickupNotes: text('取貨'),
      paymentNotes: text('付款'),
      pickupPoints: [{ id: 'office', name: text('點'), address: text('地址'), hours: text('時間') }],
    }));
    expect(created.status).toBe(201);
    // The ssr function keeps the catalogue up to 30 s per instance (docs/catalogue.md): wait for the book.
    await expect.poll(async () => (await fetch(`${HOSTING_URL}/bookstore/${productId}`)).status, { timeout: 45_000, interval: 2000 }).toBe(200);
    for (const path of ['/', '/bookstore', `/bookstore/${productId}`, `/ezbuy/${planId}`]) {
      const res = await fetch(`${HOSTING_URL}${path}`);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toMatch(/s-maxage/);
      expect(html, path).not.toMatch(/<x-hostile|<\/script><x/);
      expect(html, path).not.toMatch(/RangeError|Invalid time value|at \w+ \(|node_modules|\.mjs:\d+/);
    }
    expect(await (await fetch(`${HOSTING_URL}/bookstore/${productId}`)).text()).toContain('書名');
  });
});

describe('the owner’s bank tools', { timeout: 120_000 }, () => {
  const match = (deposits: unknown[]) => send('POST', '/admin/bank/match', { deposits }, { ...testClientHeaders(), Authorization: `Bearer ${ownerToken}` });

  it('refuses a date that does not exist with 400, and takes the documented 500 deposits with 200-character memos', async () => {
    const bad = await match([{ row: 1, date: '2026-99-99', amount: 100, account: '12345', occurrence: 0 }]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { path: string }[] }).details[0]!.path).toBe('body.deposits.0.date');
    const memo = '轉帳備註'.repeat(50);
    const deposits = Array.from({ length: 500 }, (_, i) => ({ row: i + 1, date: '2026-11-20', amount: 100 + i, account: `${memo.slice(0, 195)}${String(i).padStart(5, '0')}`, occurrence: 0 }));
    expect(JSON.stringify({ deposits }).length).toBeGreaterThan(64 * 1024);
    const big = await match(deposits);
    expect(big.status).toBe(200);
    expect(((await big.json()) as unknown[]).length).toBe(500);
  });
});
