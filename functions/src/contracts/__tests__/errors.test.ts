import { describe, expect, it } from 'vitest';
import { describeError, UNKNOWN_ERROR } from '../errors';

describe('describeError', () => {
  it('maps the seed catalogue pairs to Chinese', () => {
    expect(describeError(400, 'EMAIL_EXISTS')).toBe('此電子郵件已經註冊過了');
    expect(describeError(401, 'Permission denied')).toBe('權限不足');
    expect(describeError(404, 'Firebase not find')).toBe('外部伺服器連線失敗');
  });
  it("matches Identity Toolkit's 'CODE : detail' messages on their code", () => {
    expect(describeError(400, 'WEAK_PASSWORD : Password should be at least 6 characters')).toBe('密碼至少需要 6 位數');
  });
  it('gives 未知錯誤 for unknown pairs', () => {
    expect(describeError(418, 'TEAPOT')).toBe(UNKNOWN_ERROR);
    expect(describeError(400, 'Unauthorized')).toBe(UNKNOWN_ERROR);
    expect(describeError(500, undefined)).toBe(UNKNOWN_ERROR);
  });
  it('explains the catch-all 404', () => {
    expect(describeError(404, 'Page not found: /x')).toBe('找不到這個頁面');
  });
});
