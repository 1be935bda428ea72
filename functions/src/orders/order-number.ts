import { randomInt } from 'node:crypto';
import { ORDER_NO_ALPHABET } from '../contracts/orders';

const pad = (n: number) => String(n).padStart(2, '0');

/** QY + yymmdd in Taiwan time + 4 characters without 0/O, 1/I/L: short enough to read out on the phone. */
export function newOrderNo(now: Date): string {
  const tw = new Date(now.getTime() + 8 * 3600_000);
  const date = `${pad(tw.getUTCFullYear() % 100)}${pad(tw.getUTCMonth() + 1)}${pad(tw.getUTCDate())}`;
  let tail = '';
  for (let i = 0; i < 4; i++) tail += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return `QY${date}${tail}`;
}
