// The collections the triggers in functions/src/index.ts listen to. Constants only, with no imports, so
// that naming them costs a cold start nothing; the repositories (data/orders.ts, data/mail.ts) use them too.

export const ORDERS = 'orders';
export const MAIL = 'mail';
