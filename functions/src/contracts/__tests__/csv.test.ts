import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvText, toCsv } from '../csv';

describe('csv', () => {
  it('leaves plain cells alone and writes numbers as they are', () => {
    expect(csvRow(['公司登記', 'QY260315AB3K', 3, 1200, null, undefined, ''])).toBe('公司登記,QY260315AB3K,3,1200,,,');
  });

  // Each row: a cell, what the CSV file holds for it, and the rule that wrote it that way.
  const QUOTED = 'quoted: a comma, quote, newline or edge space, quotes doubled';
  const DEFUSED = 'defused: a spreadsheet would run it as a formula';
  const AS_TEXT = 'kept as text: Excel and Google Sheets show ="…" as that text, leading zeros and all';
  const PLAIN = 'plain: a number is a value, and an = inside a cell starts nothing';
  it.each<[string | number, string, string]>([
    ['a,b', '"a,b"', QUOTED],
    ['他說"好"', '"他說""好"""', QUOTED],
    ['第一行\n第二行', '"第一行\n第二行"', QUOTED],
    ['x\r\ny', '"x\r\ny"', QUOTED],
    [' 前後空白 ', '" 前後空白 "', QUOTED],
    ['=1+1', "'=1+1", DEFUSED],
    ['+886 王', "'+886 王", DEFUSED],
    ['-5', "'-5", DEFUSED],
    ['@SUM(A1)', "'@SUM(A1)", DEFUSED],
    ['\tcmd', "'\tcmd", DEFUSED],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`, DEFUSED],
    [-5, '-5', PLAIN],
    ['a=b', 'a=b', PLAIN],
    ['0911111111', '"=""0911111111"""', AS_TEXT],
    ['00000', '"=""00000"""', AS_TEXT],
    ['+886 912-345#12', '"=""+886 912-345#12"""', AS_TEXT],
    ['9789861234567', '"=""9789861234567"""', AS_TEXT],
    ['2026-11', '"=""2026-11"""', AS_TEXT],
  ])('%j -> %j (%s)', (cell, written, rule) => {
    expect(csvCell(cell)).toBe(written);
    // A CSV reader unquotes the cell to ="…"; csvText gives the shopper's text back.
    if (rule === AS_TEXT) expect(csvText(written.slice(1, -1).replace(/""/g, '"'))).toBe(cell);
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
