// The email check of the two one-field forms that load without the form library (the footer's
// newsletter sign-up on every page, a sold-out book's 到貨通知): the same messages as the server's
// emailSchema in functions/src/contracts/common.ts, which still has the last word.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/** What is wrong with `raw` as an email address, or null. */
export function checkEmail(raw: string): string | null {
  const email = raw.trim();
  if (!email) return '請輸入電子郵件';
  if (email.length > 254) return '電子郵件過長';
  if (!EMAIL.test(email)) return '電子郵件格式錯誤';
  return null;
}
