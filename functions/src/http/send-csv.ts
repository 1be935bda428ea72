import type { Response } from 'express';

/** Answers a CSV download: UTF-8, saved under `filename` (its non-ASCII form for browsers that read it). */
export function sendCsv(res: Response, { filename, body }: { filename: string; body: string }): void {
  res
    .status(200)
    .set('Content-Type', 'text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(body);
}
