// CSV for Excel (RFC 4180 with CRLF, UTF-8 with a BOM so the Chinese opens correctly). Shared by the
// server's exports and the console's own CSV (web/src/features/admin/components/dashboard-page.tsx).

export type Cell = string | number | null | undefined;

/** A text cell a spreadsheet would read as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet would turn into a number or a date: phones (0911111111, +886 912…), bank digits
 * (00000), tax ids, ISBN-like book ids, all-digit order numbers, postcodes, 2026-11. Excel would show
 * 911111111, 0, 9.78986E+12 or Nov-26.
 */
const NUMBER_LIKE = /^[0-9+][0-9 ()#./+-]{0,49}$/;

/**
 * Why `="0911111111"`: of the ways to keep such text in a CSV, it is the only one both Excel and Google
 * Sheets (and LibreOffice, Numbers) open showing exactly the text. A leading apostrophe is shown as part
 * of the value when a CSV is opened (it hides only when typed), and a leading tab or space is trimmed
 * by Google Sheets, which then reads a number again. The formula holds a string literal of digits and
 * `+ -()#./` only, so it can run nothing (the apostrophe above still defuses every other `=`), and a
 * reader of the raw CSV gets the text back with `csvText` below.
 */
const asText = (s: string) => `"=""${s}"""`;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (NUMBER_LIKE.test(value) && /\d/.test(value)) return asText(value);
  let s = value;
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** What a CSV reader gets for a cell written by `csvCell` (after unquoting): `="0911"` is 0911 again. */
export const csvText = (cell: string) => /^="(.*)"$/.exec(cell)?.[1] ?? cell;

export const csvRow = (cells: readonly Cell[]) => cells.map(csvCell).join(',');

export const BOM = '\uFEFF';

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return BOM + rows.map(csvRow).join('\r\n') + '\r\n';
}
