import { describe, expect, it } from 'vitest';
import { newsletterWelcomeMail } from '../../api/content/mail';
import { alertConfirmationMail } from '../../api/stock-alerts/mail';
import type { ShopSettings } from '../../contracts/settings';
import { renderOrderMail } from '../order-mails';
import { formatMoney } from '../../contracts/format';
import { formatTaipeiTime } from '../layout';
import { invalidMail } from '../send-mail';
import { sampleOrder } from '../../contracts/__tests__/sample-order';
import { DEFAULT_SHOP_SETTINGS } from '../../data/settings';

// The shop's defaults with the bank account and the contacts that the mails print.
const settings: ShopSettings = {
  ...DEFAULT_SHOP_SETTINGS,
  bank: { name: '臺灣銀行', code: '004', branch: '府城分行', accountName: '青嶼出版有限公司', account: '0120-0012-3456' },
  contact: { ...DEFAULT_SHOP_SETTINGS.contact, email: 'service@example.com', phone: '06-234-5678' },
};

// Markup in the buyer's name and address, which the HTML part must escape.
const order = sampleOrder({ buyer: '王小明', receiver: { name: '<b>王</b>小明', address: '臺南市 & "中西區"' } });

describe('mail formatting', () => {
  it('writes NT$ as the storefront does and times in Taiwan time', () => {
    expect(formatMoney(1880)).toBe('NT$1,880');
    expect(formatMoney(0)).toBe('NT$0');
    expect(formatTaipeiTime('2026-11-26T15:59:00.000Z')).toBe('2026/11/26 23:59（台灣時間）');
    expect(formatTaipeiTime('2026-12-31T16:30:00.000Z')).toBe('2027/01/01 00:30（台灣時間）');
  });
});

describe('order mails', () => {
  it('the confirmation carries the number, lines, totals, bank details, deadline and lookup link in both parts', () => {
    const m = renderOrderMail({ kind: 'placed' }, order, settings);
    expect(m.to).toBe('ming@example.com');
    expect(m.message.subject).toBe('【青嶼書房】訂單成立通知 QY261123ABCD');
    for (const part of [m.message.text, m.message.html]) {
      for (const s of ['QY261123ABCD', '公司登記實務', 'NT$1,880', 'NT$60', 'NT$1,940', '臺灣銀行', '0120-0012-3456', '青嶼出版有限公司', '2026/11/26 23:59（台灣時間）', '/order?orderNo=QY261123ABCD']) {
        expect(part).toContain(s);
      }
    }
    expect(m.message.html).toMatch(/^<!doctype html>\n<html lang="zh-Hant-TW">/);
    // Inline styles only: clients drop <style> blocks.
    expect(m.message.html).not.toContain('<style');
  });

  it('escapes what customers typed in the HTML part', () => {
    const html = renderOrderMail({ kind: 'placed' }, order, settings).message.html;
    expect(html).not.toContain('<b>王</b>');
    expect(html).toContain('&lt;b&gt;王&lt;/b&gt;小明');
    expect(html).toContain('臺南市 &amp; &quot;中西區&quot;');
  });

  it('the shipment carries the carrier, tracking number and tracking link', () => {
    const shipped = { ...order, status: 'shipped' as const, delivery: { company: '中華郵政', trackingNo: 'RR123456789TW', trackingUrl: 'https://postserv.post.gov.tw/x?a=1&b=2' } };
    const m = renderOrderMail({ kind: 'shipped' }, shipped, settings);
    expect(m.message.subject).toBe('【青嶼書房】您的訂單已出貨 QY261123ABCD');
    expect(m.message.text).toContain('RR123456789TW');
    expect(m.message.text).toContain('https://postserv.post.gov.tw/x?a=1&b=2');
    expect(m.message.html).toContain('href="https://postserv.post.gov.tw/x?a=1&amp;b=2"');
  });

  it('cancellations say why', () => {
    expect(renderOrderMail({ kind: 'overdueCancelled' }, { ...order, status: 'cancelledUnpaid' }, settings).message.text).toContain('未於 2026/11/26 23:59（台灣時間）前完成匯款');
    expect(renderOrderMail({ kind: 'cancelledByShop', note: '客戶來電取消' }, { ...order, status: 'cancelledUnpaid' }, settings).message.text).toContain('說明：客戶來電取消');
  });
});

describe('pay after 成團 and the reminder', () => {
  const waiting = sampleOrder({ status: 'awaitingFormation', paymentDueAt: null });

  it('a waiting order is told it pays nothing yet: no bank account, no deadline, the notice to come', () => {
    const m = renderOrderMail({ kind: 'placed' }, waiting, settings);
    expect(m.message.subject).toBe('【青嶼書房】訂單成立通知（等待成團，暫不需匯款） QY261123ABCD');
    for (const part of [m.message.text, m.message.html]) {
      for (const s of ['目前不需要匯款', '收款通知', '不需付任何款項', 'NT$1,940', '/order?orderNo=QY261123ABCD']) expect(part).toContain(s);
      expect(part).not.toContain('0120-0012-3456');
    }
    // The deadline is named (it will come with the notice), never given.
    expect(m.message.text).not.toContain('匯款期限：');
  });

  it('the payment notice and the reminder carry the amount, the bank, the deadline and the lookup link', () => {
    for (const kind of ['paymentDue', 'paymentReminder'] as const) {
      const m = renderOrderMail({ kind }, order, settings);
      expect(m.message.subject).toContain(kind === 'paymentDue' ? '收款通知' : '匯款提醒');
      for (const part of [m.message.text, m.message.html]) {
        for (const s of ['NT$1,940', '臺灣銀行', '0120-0012-3456', '2026/11/26 23:59（台灣時間）', '/order?orderNo=QY261123ABCD']) expect(part).toContain(s);
      }
    }
  });
});

describe('newsletter mail', () => {
  it('links the confirmation page and gives mail clients a one-click List-Unsubscribe', () => {
    const m = newsletterWelcomeMail('ming@example.com', settings, 'payload.sig');
    expect(m.message.text).toMatch(/\/user\/cancelSubscribe\?token=payload\.sig/);
    expect(m.message.html).toMatch(/href="[^"]+\/user\/cancelSubscribe\?token=payload\.sig"/);
    expect(m.headers?.['List-Unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/subscriptions\/one-click\?token=payload\.sig>$/);
    expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe('invalidMail', () => {
  it('refuses documents that no retry could send', () => {
    const message = { subject: 's', text: 't', html: '' };
    expect(invalidMail({ to: 'a@example.com', message }, 'shop@example.com')).toBeNull();
    expect(invalidMail({ to: ['a@example.com', 'b@example.com'], message }, 'shop@example.com')).toBeNull();
    expect(invalidMail({ to: '', message }, 'shop@example.com')).toMatch(/recipient/);
    expect(invalidMail({ to: [], message }, 'shop@example.com')).toMatch(/recipient/);
    expect(invalidMail({ to: 'a@example.com', message: { subject: '', text: 't', html: '' } }, 'shop@example.com')).toMatch(/subject/);
    expect(invalidMail({ to: 'a@example.com', message: { subject: 's', text: '', html: '' } }, 'shop@example.com')).toMatch(/html/);
    expect(invalidMail({ to: 'a@example.com', message }, '')).toMatch(/sender/);
    expect(invalidMail({ to: 'a@example.com', message, from: 'x@example.com' }, '')).toBeNull();
  });
});

describe('到貨通知 mails', () => {
  it('state the cancel link’s deadline in one sentence, with one colon before the address (issue 35 item 8)', () => {
    const m = alertConfirmationMail('ming@example.com', { productId: 'company-registration-guide', name: '公司登記實務' }, settings, 'payload.sig', '2026-11-26T15:59:00.000Z');
    expect(m.message.text).toContain('以下連結在 2026/11/26 23:59（台灣時間）前有效。取消到貨通知：\nhttp');
    expect(m.message.text).not.toMatch(/） 前|：取消|：：/);
  });
});
