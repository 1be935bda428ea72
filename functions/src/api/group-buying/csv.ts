// CSV for Excel (RFC 4180 with CRLF, UTF-8 with a BOM so the Chinese opens correctly).

export type Cell = string | number | null | undefined;

/** A text cell a spreadsheet would read as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let s = value;
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: readonly Cell[]) => cells.map(csvCell).join(',');

export const BOM = '\uFEFF';

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return BOM + rows.map(csvRow).join('\r\n') + '\r\n';
}
