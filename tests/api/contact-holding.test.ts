import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createTestUser, HOSTING_URL, seedBook, testClientHeaders, uniq } from '../helpers/emulators';
import { DEFAULT_HOLDING_LIMITS } from '../../functions/src/contracts/settings';

// One rule for every path (issue 31), the way a script sends it: through Hosting, each request its own
// client address (testClientHeaders), so only the per-contact rules stand in the way. A contact is one
// contact however it is typed (phones in five formats, +tags, upper case, Gmail dots); guests and members
// meet the same holding caps (docs/limits.md, "Holding stock"); and the shop's mail carries no URL, mail
// address or control character that a customer typed.

const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${HOSTING_URL}/api${path}`, { method, headers: { 'Content-Type': 'application/json', ...testClientHeaders(), ...headers }, body: JSON.stringify(body) });
const orderId = () => `${uniq('ch').replace(/[^A-Za-z0-9_-]/g, '')}${Math.random().toString(36).slice(2, 10)}`;

const PHONES = ['0922000001', '0922-000-001', '+886 922 000 001', '09 2200 0001', '00886-922-000-001'];
const EMAILS = (local: string) => [`${local}@gmail.com`, `${local.toUpperCase()}@GMAIL.COM`, `${local}+2@gmail.com`, `${local.slice(0, 3)}.${local.slice(3)}@googlemail.com`, `${local}+x@Gmail.com`];

async function campaign(qty: number) {
  const productId = await seedBook({ prefix: 'hold-book', qty });
  const planId = uniq('holdplan');
  await adminDb().doc(`groupBuyingPlans/${planId}`).set({
    title: '持有上限測試團購', organizer: '測試協會', closingDate: new Date(Date.now() + 86_400_000).toISOString(), launched: true,
    bannerImg: { pc: '', mobile: '' }, content: [], products: [{ productId, groupPrice: 100 }], pickupNotes: '', paymentNotes: '',
  });
  await adminDb().doc(`planProgress/${planId}`).set({ orders: 0, copies: 0, minQuantity: null, updatedAt: new Date().toISOString() });
  return { planId, productId };
}

/** Copies held unpaid by the orders of these ids (what the stock lost to this contact). */
async function heldCopies(ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const snaps = await adminDb().getAll(...ids.map((id) => adminDb().doc(`orders/${id}`)));
  return snaps.filter((s) => s.exists && ['awaitingPayment', 'awaitingFormation'].includes(s.get('status') as string)).reduce((n, s) => n + (s.get('items') as { qty: number }[]).reduce((m, i) => m + i.qty, 0), 0);
}

/** Every mail the shop queued to these addresses, as text and HTML. */
async function mailsTo(addresses: string[]): Promise<string[]> {
  const snap = await adminDb().collection('mail').where('to', 'in', addresses).get();
  return snap.docs.map((d) => `${d.get('message.subject')}\n${d.get('message.text')}\n${d.get('message.html')}`);
}

const limits = DEFAULT_HOLDING_LIMITS;
let local: string;
beforeAll(() => {
  local = `holder${Math.random().toString(36).slice(2, 8)}`;
});

describe('one contact, however it is typed, holds no more than the documented copies', () => {
  it('guest group orders: five phone formats, +tags, upper case and Gmail dots are one contact', async () => {
    const { planId, productId } = await campaign(200);
    const per = 8;
    const placed: string[] = [];
    const answers: number[] = [];
    for (let i = 0; i < PHONES.length; i++) {
      const id = orderId();
      const res = await send('PATCH', `/groupOrder/${planId}/${id}`, {
        items: [{ productId, qty: per }], buyer: '陳美玲', email: EMAILS(local)[i], receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' }, phone: PHONES[i], bankAccountNo: '54321',
      });
      answers.push(res.status);
      if (res.status === 201) placed.push(id);
    }
    // Two orders of 8 fit in the campaign's 20; every other spelling of the same contact is refused.
    expect(answers).toEqual([201, 201, 409, 409, 409]);
    expect(await heldCopies(placed)).toBeLessThanOrEqual(limits.unpaidCopiesPerCampaign);
    // A new email with the same phone, or a new phone with the same email, is the same contact too.
    const samePhone = await send('PATCH', `/groupOrder/${planId}/${orderId()}`, { items: [{ productId, qty: per }], buyer: '陳美玲', email: `${uniq('other')}@example.com`, receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' }, phone: '+886-922000001', bankAccountNo: '54321' });
    // Refused by the cap, or already by the per-phone limit of 5 a day (also canonical).
    expect([409, 429]).toContain(samePhone.status);
    const sameEmail = await send('PATCH', `/groupOrder/${planId}/${orderId()}`, { items: [{ productId, qty: per }], buyer: '陳美玲', email: `${local.slice(0, 2)}.${local.slice(2)}+z@GMAIL.com`, receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' }, phone: '0933111222', bankAccountNo: '54321' });
    expect([409, 429]).toContain(sameEmail.status);
    // One order carries at most copiesPerOrder.
    const big = await send('PATCH', `/groupOrder/${planId}/${orderId()}`, { items: [{ productId, qty: limits.copiesPerOrder + 1 }], buyer: '陳美玲', email: `${uniq('big')}@example.com`, receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' }, phone: '0944555666', bankAccountNo: '54321' });
    expect(big.status).toBe(400);
  });

  it('the 5-a-day mail limit keys on the canonical email: +tags, case and dots count as one address', async () => {
    const { planId, productId } = await campaign(50);
    const mailbox = `daily${Math.random().toString(36).slice(2, 8)}`;
    const spellings = [...EMAILS(mailbox), `${mailbox}+6@gmail.com`];
    const answers: number[] = [];
    for (const [i, email] of spellings.entries()) {
      const res = await send('PATCH', `/groupOrder/${planId}/${orderId()}`, { items: [{ productId, qty: 1 }], buyer: '陳美玲', email, receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' }, phone: `09550000${String(i).padStart(2, '0')}`, bankAccountNo: '54321' });
      answers.push(res.status);
    }
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('members meet the same caps on shop orders: per book, across accounts that share a phone', async () => {
    const productId = await seedBook({ prefix: 'hold-shop', qty: 40 });
    const member = await createTestUser({ emailVerified: true });
    const other = await createTestUser({ emailVerified: true });
    const shop = (who: typeof member, qty: number, phone: string) => {
      const id = orderId();
      return send('PATCH', `/order/${who.uid}/${id}`, { items: [{ productId, qty }], receiver: { name: '林測試', address: '臺南市中西區青年路 1 號' }, phone, bankAccountNo: '54321' }, { Authorization: `Bearer ${who.idToken}` }).then(async (r) => ({ id, status: r.status, body: (await r.json()) as { statusMessage?: string } }));
    };
    const first = await shop(member, 6, PHONES[0]!);
    expect(first.status).toBe(201);
    // The same account with another phone: the account is the contact too.
    const again = await shop(member, 6, '0911222333');
    expect([again.status, again.body.statusMessage]).toEqual([409, 'UNPAID_LIMIT']);
    // Another account with the same phone typed another way.
    const shared = await shop(other, 6, PHONES[2]!);
    expect([shared.status, shared.body.statusMessage]).toEqual([409, 'UNPAID_LIMIT']);
    const fits = await shop(other, limits.unpaidCopiesPerBook - 6, PHONES[4]!);
    expect(fits.status).toBe(201);
    expect(await heldCopies([first.id, fits.id])).toBeLessThanOrEqual(limits.unpaidCopiesPerBook);
    expect((await adminDb().doc(`stock/${productId}`).get()).get('qty')).toBe(40 - limits.unpaidCopiesPerBook);
  });
});

describe('the shop’s mail carries none of a stranger’s words', () => {
  it('refuses URLs, mail addresses, account numbers and control or bidirectional characters; the mail quotes the rest only in the labelled box', async () => {
    const { planId, productId } = await campaign(20);
    const email = `${uniq('words')}@example.com`;
    const body = (extra: Record<string, unknown>) => ({ items: [{ productId, qty: 1 }], buyer: '陳美玲', email, receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' }, phone: '0966000111', bankAccountNo: '54321', ...extra });
    const hostile: [string, Record<string, unknown>][] = [
      ['a notice in the address', { receiver: { name: '陳美玲', address: '【重要】本店收款帳號已變更，請改匯至 郵局(700) 0001234-5678901 並至 https://evil.example 登錄' } }],
      ['an account number in an address shape', { receiver: { name: '陳美玲', address: '台北市請改匯至郵局700 0001234-5678901號' } }],
      ['a link in the address', { receiver: { name: '陳美玲', address: '台北市中正區 bit.ly/pay 1號' } }],
      ['a mail address in the address', { receiver: { name: '陳美玲', address: '台北市中正區 pay@evil.example 1號' } }],
      ['an RLO in the address', { receiver: { name: '陳美玲', address: '台北市中正區gnp\u202Eexe.png路1號' } }],
      ['an RLO in the remark', { remark: '請開啟 gnp\u202Eexe.png' }],
      ['a control character in the invoice title', { invoiceTitle: '青嶼\u0007書房' }],
      ['a bidirectional isolate in the name', { buyer: '陳\u2067美玲' }],
      ['an address on a pickup order', { pickupPointId: 'office', receiver: { name: '陳美玲', address: 'https://evil.example' } }],
    ];
    for (const [what, extra] of hostile) {
      const res = await send('PATCH', `/groupOrder/${planId}/${orderId()}`, body(extra));
      expect(res.status, what).toBe(400);
    }
    const id = orderId();
    expect((await send('PATCH', `/groupOrder/${planId}/${id}`, body({ remark: '週末 https://evil.example 請聯絡 pay@evil.example' }))).status).toBe(201);
    // The placed mail is queued in the same batch as the order.
    const mails = await mailsTo([email]);
    expect(mails.length).toBe(1);
    for (const m of mails) {
      // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
      expect(m).not.toMatch(/evil\.example|bit\.ly|0001234|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
      expect(m).not.toContain('「陳美玲」您好');
      expect(m).toContain('您填寫的收件資料（由訂購人輸入，本店未經核對）');
    }
  });

  it('the organiser’s and the desk’s pages and the auth-action page are served with no-referrer', async () => {
    for (const path of ['/organizer?t=secret', '/organizer/desk?t=secret', '/user/authAction?mode=resetPassword&oobCode=secret']) {
      const res = await fetch(`${HOSTING_URL}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });
});
