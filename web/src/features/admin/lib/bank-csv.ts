import { MAX_STATEMENT_BYTES, MAX_STATEMENT_DEPOSITS, parseStatementAmount, parseStatementDate, type BankDeposit } from '@contracts/bank';
import Papa from 'papaparse';

// Reading a bank's CSV export in the browser: the encoding (UTF-8 or Big5, as Taiwanese banks
// export), the header row (some banks put account details above it), the owner's column mapping,
// and the deposits, with a Chinese message for every row that cannot be read.

export class StatementError extends Error {}

export interface Statement {
  encoding: 'UTF-8' | 'Big5';
  header: string[];
  /** Data rows under the header, each with its row number in the file (1-based line); `problem`: why it cannot be read. */
  rows: { line: number; cells: string[]; problem?: string }[];
  /** The header's signature: the mapping is remembered per layout. */
  layoutKey: string;
}

export interface Mapping {
  date: string;
  amount: string;
  account: string;
}

export function checkSize(bytes: number): void {
  if (bytes === 0) throw new StatementError('檔案是空的，請重新匯出對帳單');
  if (bytes > MAX_STATEMENT_BYTES) {
    throw new StatementError(`檔案過大（${(bytes / 1024 / 1024).toFixed(1)} MB）：請上傳 ${MAX_STATEMENT_BYTES / 1024 / 1024} MB 以內的對帳單 CSV，或縮短匯出的日期範圍`);
  }
}

/** UTF-8 (with or without BOM) first, then Big5; anything else is refused. */
export function decodeStatement(buf: ArrayBuffer | Uint8Array): { text: string; encoding: Statement['encoding'] } {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  checkSize(bytes.byteLength);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    // not UTF-8
  }
  try {
    return { text: new TextDecoder('big5', { fatal: true }).decode(bytes), encoding: 'Big5' };
  } catch {
    throw new StatementError('無法辨識檔案的文字編碼：請以 UTF-8 或 Big5 匯出 CSV 檔（不是 Excel 的 .xlsx）');
  }
}

/** FNV-1a, two 32-bit lanes: a stable 16-hex-digit signature of the header, no async crypto needed. */
function signature(cells: readonly string[]): string {
  const s = cells.join('\u0001');
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    a = Math.imul(a ^ s.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ s.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/**
 * The file's rows with their line numbers. Banks write one record per line, so each line is read on its
 * own: a stray quote then spoils only its own row (reported by number), where a whole-file parse would
 * open a quoted field there and swallow every later row into it.
 */
function readRows(text: string): { line: number; cells: string[]; problem?: string }[] {
  const out: { line: number; cells: string[]; problem?: string }[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const parsed = Papa.parse<string[]>(raw);
    const cells = (parsed.data[0] ?? []).map((c) => (c ?? '').trim());
    const quotes = parsed.errors.some((e) => e.type === 'Quotes') || parsed.data.length > 1;
    out.push(quotes ? { line: i + 1, cells, problem: `第 ${i + 1} 列的引號（"）沒有成對，這一列無法讀取：請在銀行網站重新匯出，或修正後再上傳` } : { line: i + 1, cells });
  });
  return out;
}

export function parseStatement(text: string, encoding: Statement['encoding'] = 'UTF-8'): Statement {
  const all = readRows(text);
  // The header: the first row naming a date column with at least three named columns.
  const at = all.findIndex((r) => !r.problem && r.cells.filter(Boolean).length >= 3 && r.cells.some((c) => /日期|入帳日|交易日|date/i.test(c)));
  if (at < 0) throw new StatementError('找不到標題列：對帳單需要有「交易日期」、「存入」等欄位名稱');
  const header = all[at]!.cells;
  return { encoding, header, rows: all.slice(at + 1), layoutKey: signature(header) };
}

const pick = (header: readonly string[], ...patterns: RegExp[]) => {
  for (const p of patterns) {
    const hit = header.find((h) => p.test(h));
    if (hit) return hit;
  }
  return '';
};

/** A first guess from the usual column names; the owner confirms or changes it. */
export function guessMapping(header: readonly string[]): Mapping {
  return {
    date: pick(header, /交易日期/, /入帳日/, /日期/, /date/i),
    amount: pick(header, /存入/, /存款金額/, /收入/, /deposit|credit/i),
    account: pick(header, /對方帳號/, /轉出帳號/, /帳號/, /備註/, /摘要/),
  };
}

export interface DepositsResult {
  deposits: BankDeposit[];
  /** Rows that could not be read, with the reason. */
  errors: { line: number; message: string }[];
  /** Rows without a deposit (withdrawals). */
  skipped: number;
}

export function toDeposits(st: Statement, m: Mapping): DepositsResult {
  const col = (name: string) => st.header.indexOf(name);
  const [di, ai, ci] = [col(m.date), col(m.amount), col(m.account)];
  if (di < 0 || ai < 0 || ci < 0) throw new StatementError('請為日期、存入金額與帳號選擇欄位');
  const deposits: BankDeposit[] = [];
  const errors: DepositsResult['errors'] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  for (const { line, cells, problem } of st.rows) {
    if (problem) {
      errors.push({ line, message: problem });
      continue;
    }
    if (cells.length < Math.max(di, ai, ci) + 1) {
      errors.push({ line, message: `第 ${line} 列只有 ${cells.length} 欄，少於標題的 ${st.header.length} 欄` });
      continue;
    }
    const amount = parseStatementAmount(cells[ai]!);
    if (amount === null) {
      skipped++;
      continue;
    }
    if (amount === 'invalid') {
      errors.push({ line, message: `第 ${line} 列的存入金額「${cells[ai]}」無法辨識` });
      continue;
    }
    const date = parseStatementDate(cells[di]!);
    if (!date) {
      errors.push({ line, message: `第 ${line} 列的日期「${cells[di]}」無法辨識` });
      continue;
    }
    const account = cells[ci]!.slice(0, 200);
    const id = JSON.stringify([date, amount, account]);
    const occurrence = seen.get(id) ?? 0;
    seen.set(id, occurrence + 1);
    deposits.push({ row: line, date, amount, account, occurrence });
  }
  if (deposits.length > MAX_STATEMENT_DEPOSITS) throw new StatementError(`存入紀錄有 ${deposits.length} 筆，一次最多 ${MAX_STATEMENT_DEPOSITS} 筆：請縮短匯出的日期範圍`);
  return { deposits, errors, skipped };
}
