import { describe, expect, it } from 'vitest';
import { fromRest } from '../live/live-document';

// The live documents are read through Firestore's REST API (lib/live/live-document.tsx), which encodes
// every value by type; the pages read them as the SDK gave them.
describe('fromRest', () => {
  it('gives a document as the SDK did: integers as numbers, maps and arrays nested', () => {
    const doc = {
      mapValue: {
        fields: {
          qty: { integerValue: '12' },
          price: { doubleValue: 450.5 },
          open: { booleanValue: false },
          name: { stringValue: '公司登記實務' },
          updatedAt: { timestampValue: '2026-12-02T01:00:00Z' },
          gone: { nullValue: null },
          contact: { mapValue: { fields: { line: { stringValue: 'https://line.me/R/ti/p/@qingyu-books' } } } },
          tags: { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '2' }] } },
          empty: { arrayValue: {} },
          nothing: { mapValue: {} },
        },
      },
    };
    expect(fromRest(doc)).toEqual({
      qty: 12,
      price: 450.5,
      open: false,
      name: '公司登記實務',
      updatedAt: '2026-12-02T01:00:00Z',
      gone: null,
      contact: { line: 'https://line.me/R/ti/p/@qingyu-books' },
      tags: ['a', 2],
      empty: [],
      nothing: {},
    });
  });
  it('keeps a zero and a negative count as numbers (a sold-out book reads 0, not a missing value)', () => {
    expect(fromRest({ integerValue: '0' })).toBe(0);
    expect(fromRest({ integerValue: '-3' })).toBe(-3);
  });
});
