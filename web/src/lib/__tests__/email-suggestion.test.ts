import { describe, expect, it } from 'vitest';
import { suggestEmail } from '../email-suggestion';

describe('suggestEmail', () => {
  it.each([
    ['name@gmial.con', 'name@gmail.com'],
    ['name@gmail.con', 'name@gmail.com'],
    ['a.b@yahoo.com.w', 'a.b@yahoo.com.tw'],
    ['x@hotmial.com', 'x@hotmail.com'],
    ['x@company.con', 'x@company.com'],
  ])('offers the likely address for %s', (typed, likely) => {
    expect(suggestEmail(typed)).toBe(likely);
  });

  it.each(['name@gmail.com', 'me@qingyu-books.example', 'x@company.com.tw', 'not-an-address', ''])('offers nothing for %s', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });
});
