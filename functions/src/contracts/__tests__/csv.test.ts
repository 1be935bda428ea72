import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvText, toCsv } from '../csv';

describe('csv', () => {
  it('leaves plain cells alone and writes numbers as they are', () => {
    expect(csvRow(['公司登記', 'QY260315AB3K', 3, 1200, null, undefined, ''])).toBe('公司登記,QY260315AB3K,3,1200,,,');
  });

  it.each([
    ['a,b', '"a,b"'],
    ['他說"好"', '"他說""好"""'],
    ['第一行\n第二行', '"第一行\n第二行"'],
    ['x\r\ny', '"x\r\ny"'],
    [' 前後空白 ', '" 前後空白 "'],
  ])('quotes commas, quotes, newlines and edge spaces, doubling quotes: %j -> %j', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+886 王', "'+886 王"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    // A number is a value, not a formula; an = inside a cell starts nothing.
    [-5, '-5'],
    ['a=b', 'a=b'],
  ])('defuses cells a spreadsheet would run as formulas: %j -> %j', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it.each([
    ['0911111111', '"=""0911111111"""'],
    ['00000', '"=""00000"""'],
    ['+886 912-345#12', '"=""+886 912-345#12"""'],
    ['9789861234567', '"=""9789861234567"""'],
    ['2026-11', '"=""2026-11"""'],
  ])('writes number-like text as ="…", which Excel and Google Sheets show as that text: %j -> %j', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
    // A CSV reader unquotes the cell to ="…" and gets the text back with csvText.
    expect(csvText(written.slice(1, -1).replace(/""/g, '"'))).toBe(cell);
  });

  it('leaves other text and numbers alone: a letter, a colon or a leading minus is no number to keep', () => {
    expect(csvRow(['QY260315AB3K', '2026/11/28 01:36', '-5', 0, 1200])).toBe("QY260315AB3K,2026/11/28 01:36,'-5,0,1200");
    expect(csvCell('1'.repeat(51))).toBe('1'.repeat(51));
  });

  it('starts with a BOM and ends every row with CRLF', () => {
    const out = toCsv([['書名', '數量'], ['甲', 1]]);
    expect(out.charCodeAt(0)).toBe(0xfeff);
    expect(out.slice(1)).toBe('書名,數量\r\n甲,1\r\n');
  });
});
