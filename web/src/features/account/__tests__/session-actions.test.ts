import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { explain, placeError, safeRedirect } from '../session-actions';

describe('safeRedirect', () => {
  it.each(['/cart', '/faq?q=1#a'])('keeps the same-site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  // Another site, a scheme, a protocol-relative or backslash trick, or the sign-in pages themselves.
  it.each([null, '', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/user/logIn?redirect=/x', '/user'])(
    'sends %s home instead',
    (path) => {
      expect(safeRedirect(path)).toBe('/');
    },
  );
});

const apiError = (statusCode: number, statusMessage: string, details?: { path: string; message: string }[]) =>
  new ApiError({ statusCode, statusMessage, message: '', details });

describe('placeError', () => {
  it('puts Identity Toolkit codes beside their field, in Chinese', () => {
    expect(placeError(apiError(400, 'EMAIL_EXISTS'))).toEqual({ field: 'email', message: '此電子郵件已經註冊過了' });
    expect(placeError(apiError(400, 'WEAK_PASSWORD : Password should be at least 6 characters'))).toEqual({ field: 'password', message: '密碼至少需要 6 位數' });
    expect(placeError(apiError(400, 'INVALID_PASSWORD'))).toEqual({ field: 'password', message: '密碼錯誤' });
  });

  it('keeps the others for the whole form', () => {
    expect(placeError(apiError(400, 'INVALID_LOGIN_CREDENTIALS'))).toEqual({ message: '帳號或密碼錯誤，請重新確認' });
    expect(placeError(apiError(429, 'TOO_MANY_ATTEMPTS_TRY_LATER'))).toEqual({ message: '請求次數過多，請稍後再試' });
  });

  it("uses the server's validation details", () => {
    expect(placeError(apiError(400, 'Bad Request', [{ path: 'body.userName', message: '姓名最多 50 字' }]))).toEqual({ field: 'userName', message: '姓名最多 50 字' });
  });
});

describe('explain', () => {
  it('quotes the raw message of an unknown pair', () => {
    expect(explain(apiError(504, 'Gateway Timeout'))).toBe('未知錯誤（504 Gateway Timeout）');
    expect(explain(new Error('x'))).toBe('未知錯誤');
  });
});
