import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, toCsv } from '../csv';

describe('csv', () => {
  it('leaves plain cells alone and writes numbers as they are', () => {
    expect(csvRow(['公司登記', 'QY260315AB3K', 3, 1200, null, undefined, ''])).toBe('公司登記,QY260315AB3K,3,1200,,,');
  });

  it('quotes commas, quotes and newlines, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('他說"好"')).toBe('"他說""好"""');
    expect(csvCell('第一行\n第二行')).toBe('"第一行\n第二行"');
    expect(csvCell('x\r\ny')).toBe('"x\r\ny"');
    expect(csvCell(' 前後空白 ')).toBe('" 前後空白 "');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+886 912')).toBe("'+886 912");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('starts with a BOM and ends every row with CRLF', () => {
    const out = toCsv([['書名', '數量'], ['甲', 1]]);
    expect(out.charCodeAt(0)).toBe(0xfeff);
    expect(out.slice(1)).toBe('書名,數量\r\n甲,1\r\n');
  });
});
