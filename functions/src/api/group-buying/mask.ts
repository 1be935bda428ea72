import type { GroupOrderView } from '../../contracts/group-buying';
import type { Order } from '../../contracts/orders';

// Whoever holds a group order's id may see it (the success page, a shared link), but only the
// buyer (signed in) and the owner see who ordered and where it goes.

const chars = (s: string) => Array.from(s);

/** 王小明 -> 王*明, 林安 -> 林*, A -> * */
export function maskName(name: string): string {
  const c = chars(name.trim());
  if (c.length <= 1) return '*';
  if (c.length === 2) return `${c[0]}*`;
  return `${c[0]}${'*'.repeat(c.length - 2)}${c[c.length - 1]}`;
}

/** 0912-345-678 -> 0912****78 (the first 4 and last 2 digits). */
export function maskPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length <= 6) return '*'.repeat(d.length || 1);
  return `${d.slice(0, 4)}${'*'.repeat(d.length - 6)}${d.slice(-2)}`;
}

/** Keeps the city and district (the first 6 characters). */
export function maskAddress(address: string): string {
  const c = chars(address.trim());
  return `${c.slice(0, 6).join('')}${'*'.repeat(Math.max(4, Math.min(10, c.length - 6)))}`;
}

/** a***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** The invoice choice without the buyer's carrier, 統一編號 or 抬頭 (a donation's 愛心碼 is a charity's, not theirs). */
export function maskInvoice(invoice: Order['invoice']): Order['invoice'] {
  switch (invoice.type) {
    case 'mobile':
    case 'certificate':
      return { type: invoice.type, carrier: `${invoice.carrier.slice(0, 2)}****` };
    case 'company':
      return { type: 'company', taxId: `${invoice.taxId.slice(0, 2)}****${invoice.taxId.slice(-2)}`, title: maskName(invoice.title) };
    default:
      return invoice;
  }
}

export function toGroupOrderView(order: Order, canSeeAll: boolean): GroupOrderView {
  if (canSeeAll) return { ...order, masked: false };
  return {
    ...order,
    userId: null,
    buyer: maskName(order.buyer),
    email: maskEmail(order.email),
    phone: maskPhone(order.phone),
    receiver: { name: maskName(order.receiver.name), address: maskAddress(order.receiver.address) },
    taxId: order.taxId ? `${order.taxId.slice(0, 2)}****${order.taxId.slice(-2)}` : '',
    invoiceTitle: order.invoiceTitle ? maskName(order.invoiceTitle) : '',
    invoice: maskInvoice(order.invoice),
    ...(order.issuedInvoice ? { issuedInvoice: { ...order.issuedInvoice, by: '' } } : {}),
    ...(order.invoiceCorrection ? { invoiceCorrection: { ...order.invoiceCorrection, by: '' } } : {}),
    bankAccountNo: '*****',
    remark: order.remark ? '（已隱藏）' : '',
    statusHistory: order.statusHistory.map(({ status, at }) => ({ status, at, by: '' })),
    // Whether and when it was collected, not the name of who handed it over (the desk link's holder).
    ...(order.pickedUp ? { pickedUp: { at: order.pickedUp.at, by: '' } } : {}),
    masked: true,
  };
}
