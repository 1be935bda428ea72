import type { Response } from 'express';

const attachment = (filename: string) => `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** Answers a CSV download: UTF-8, saved under `filename` (its non-ASCII form for browsers that read it). */
export function sendCsv(res: Response, { filename, body }: { filename: string; body: string }): void {
  res.status(200).set('Content-Type', 'text/csv; charset=utf-8').set('Content-Disposition', attachment(filename)).send(body);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers an Excel workbook download (lib/xlsx.ts), saved under `filename`. */
export function sendXlsx(res: Response, { filename, body }: { filename: string; body: Buffer }): void {
  res.status(200).set('Content-Type', XLSX_TYPE).set('Content-Disposition', attachment(filename)).send(body);
}
