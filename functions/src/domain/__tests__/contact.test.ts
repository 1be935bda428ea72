import { describe, expect, it } from 'vitest';
import { canonicalEmail, canonicalPhone } from '../contact';

describe('one contact, one key (issue 31)', () => {
  it('reads a phone by its digits, with +886 as the trunk 0', () => {
    for (const p of ['0922000001', '0922-000-001', '0922 000 001', '(09)22-000001', '+886 922 000 001', '+886-0922-000-001', '00886922000001', '886922000001', '0922000001#12']) {
      expect(canonicalPhone(p), p).toBe('0922000001');
    }
    expect(canonicalPhone('02-2345-6789')).toBe('0223456789');
    expect(canonicalPhone('+1 415 555 0100')).toBe('14155550100');
  });

  it('reads an email lower-cased, without its +tag, and Gmail without dots', () => {
    expect(canonicalEmail(' Buyer+2@Example.COM ')).toBe('buyer@example.com');
    for (const e of ['a.b.c@gmail.com', 'A.B.C+x@GMAIL.com', 'abc@googlemail.com', 'a.bc+shop@googlemail.com']) expect(canonicalEmail(e), e).toBe('abc@gmail.com');
    expect(canonicalEmail('a.b@example.com')).toBe('a.b@example.com');
  });
});
