import { describe, expect, it } from 'vitest';
import { emailSchema } from '@contracts/common';
import { checkEmail } from '../email';

describe('checkEmail', () => {
  it('says what is wrong in the words of the server', () => {
    expect(checkEmail('   ')).toBe('請輸入電子郵件');
    expect(checkEmail(`${'a'.repeat(250)}@b.tw`)).toBe('電子郵件過長');
    for (const bad of ['not-an-email', 'a@b', 'a b@c.tw', 'a@b.c', '<a>@b.tw']) expect(checkEmail(bad), bad).toBe('電子郵件格式錯誤');
  });
  it('passes the addresses shoppers type, and none the server would refuse', () => {
    for (const good of ['reader@example.com', ' reader@example.com ', 'a.b+tag@mail.example.com.tw']) {
      expect(checkEmail(good), good).toBeNull();
      expect(emailSchema.safeParse(good).success, good).toBe(true);
    }
  });
});
