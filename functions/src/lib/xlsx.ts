import type { Cell } from '../contracts/csv';

/**
 * The rows of a CSV export as a one-sheet workbook: the first row bold and frozen, numbers as numbers and
 * every text as a string value, so a phone or 00000 stays text and a buyer's "=..." is never a formula
 * (exceljs makes formulas only of { formula } values). `widths` in characters, per column.
 */
export async function toXlsx(sheetName: string, rows: readonly (readonly Cell[])[], widths: readonly number[]): Promise<Buffer> {
  // Loaded on the first export only: cold starts of every other route stay short.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  rows.forEach((r, i) => {
    const row = sheet.addRow(r.map((c) => (typeof c === 'number' && !Number.isFinite(c) ? '' : (c ?? ''))));
    if (i === 0) row.font = { bold: true };
  });
  sheet.columns.forEach((c, i) => (c.width = widths[i] ?? 12));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
