import { parseStatementAmount, parseStatementDate } from '@contracts/bank';
import { describe, expect, it } from 'vitest';
import { checkSize, decodeStatement, guessMapping, parseStatement, StatementError, toDeposits } from '../bank-csv';

// "交易日期,摘要,存入,支出,餘額,備註" and one 民國-dated deposit, encoded in Big5 (by iconv-lite, once).
const BIG5 =
  'peap9qTptMEsukutbiymc6RKLKTkpVgsvmzDQiyzxrX5DQoxMTUvMTEvMjAsuPOm5sLgpEosIjEsNzAwIiwsIjUxLDcwMCIsODIyLTAwMDEyMzQ1Njc4DQo=';

describe('bank statement CSV', () => {
  it('reads Big5 and UTF-8 (with BOM), finds the header under a preamble, and guesses the columns', () => {
    const big5 = decodeStatement(Uint8Array.from(Buffer.from(BIG5, 'base64')));
    expect(big5.encoding).toBe('Big5');
    const st = parseStatement(big5.text, big5.encoding);
    expect(st.header).toEqual(['交易日期', '摘要', '存入', '支出', '餘額', '備註']);
    const m = guessMapping(st.header);
    expect(m).toEqual({ date: '交易日期', amount: '存入', account: '備註' });
    expect(toDeposits(st, m).deposits).toEqual([{ row: 2, date: '2026-11-20', amount: 1700, account: '822-00012345678', occurrence: 0 }]);

    const utf8 = '\uFEFF帳號：0123-456789\n查詢期間：2026/11/01-2026/11/23\n入帳日,說明,存款金額,提款金額,對方帳號\n2026/11/21,轉入,"2,200",,12345\n2026/11/21,轉入,"2,200",,12345\n2026/11/21,ATM,,500,\n';
    const d = decodeStatement(new TextEncoder().encode(utf8));
    expect(d.encoding).toBe('UTF-8');
    const st2 = parseStatement(d.text);
    expect(st2.header[0]).toBe('入帳日');
    const m2 = guessMapping(st2.header);
    expect(m2).toEqual({ date: '入帳日', amount: '存款金額', account: '對方帳號' });
    const r = toDeposits(st2, m2);
    expect(r.deposits.map((x) => [x.row, x.occurrence])).toEqual([
      [4, 0],
      [5, 1],
    ]);
    expect(r.skipped).toBe(1);
    expect(st2.layoutKey).toMatch(/^[a-f0-9]{16}$/);
    expect(parseStatement(d.text).layoutKey).toBe(st2.layoutKey);
  });

  it('names malformed rows, refuses other encodings, empty and oversized files in Chinese', () => {
    const st = parseStatement('交易日期,摘要,存入,備註\n2026/13/01,轉入,100,1\n2026/11/02,轉入,abc,2\n2026/11/03,轉入\n2026/11/04,轉入,300,33333\n');
    const r = toDeposits(st, guessMapping(st.header));
    expect(r.deposits).toHaveLength(1);
    expect(r.errors.map((e) => e.message)).toEqual([
      '第 2 列的日期「2026/13/01」無法辨識',
      '第 3 列的存入金額「abc」無法辨識',
      '第 4 列只有 2 欄，少於標題的 4 欄',
    ]);
    expect(() => decodeStatement(Uint8Array.from([0xff, 0xfe, 0x00, 0xd8, 0x00, 0xdc, 0x81]))).toThrow(StatementError);
    expect(() => checkSize(10 * 1024 * 1024)).toThrow(/檔案過大（10.0 MB）/);
    expect(() => checkSize(0)).toThrow(/空的/);
    expect(() => parseStatement('a,b\n1,2\n')).toThrow(/找不到標題列/);
  });

  it('a stray quote spoils only its own row, reported by number; the rows after it are read (issue 24)', () => {
    const st = parseStatement('交易日期,摘要,存入,備註\n2026/11/01,轉入,100,11111\n2026/11/02,"轉入,200,22222\n2026/11/03,轉入,300,33333\n2026/11/04,轉入,400,44444\n');
    const r = toDeposits(st, guessMapping(st.header));
    expect(r.deposits.map((d) => [d.row, d.amount])).toEqual([
      [2, 100],
      [4, 300],
      [5, 400],
    ]);
    expect(r.errors).toEqual([{ line: 3, message: expect.stringContaining('第 3 列的引號（"）沒有成對') }]);
  });

  it('normalises the dates and amounts banks print', () => {
    expect(parseStatementDate('2026/11/20')).toBe('2026-11-20');
    expect(parseStatementDate('115/1/5')).toBe('2026-01-05');
    expect(parseStatementDate('20261120')).toBe('2026-11-20');
    expect(parseStatementDate('1151120')).toBe('2026-11-20');
    expect(parseStatementDate('2026-11-20 13:05:00')).toBe('2026-11-20');
    expect(parseStatementDate('2026/02/30')).toBeNull();
    expect(parseStatementAmount('1,700')).toBe(1700);
    expect(parseStatementAmount('NT$1,700.00')).toBe(1700);
    expect(parseStatementAmount('')).toBeNull();
    expect(parseStatementAmount('0.00')).toBeNull();
    expect(parseStatementAmount('17.5')).toBe('invalid');
    expect(parseStatementAmount('-100')).toBe('invalid');
  });
});
