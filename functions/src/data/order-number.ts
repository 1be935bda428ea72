import { randomInt } from 'node:crypto';
import { taipeiParts } from '../contracts/format';
import { ORDER_NO_ALPHABET } from '../contracts/orders';

/** QY + yymmdd in Taiwan time + 4 characters without 0/O, 1/I/L: short enough to read out on the phone. */
export function newOrderNo(now: Date): string {
  const tw = taipeiParts(now);
  const date = `${tw.year.slice(-2)}${tw.month}${tw.day}`;
  let tail = '';
  for (let i = 0; i < 4; i++) tail += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return `QY${date}${tail}`;
}
