// The failed tests of a suite, read from its JSON report, for the summary that closes `npm test`.
// CI keeps only the end of the output, so the names of what failed must be printed there, not only
// where each runner printed them mid-log.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './firebase-env.mjs';

const firstLine = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').find((l) => l.trim())?.trim().slice(0, 240) ?? '';

/** Where a suite writes its JSON report, and the arguments that make its runner write it. */
export function reportFor(name, runner) {
  const file = path.join(ROOT, '.cache', `report-${name}-${process.env.EMULATOR_PORT_OFFSET || 0}.json`);
  rmSync(file, { force: true });
  if (runner === 'vitest') return { file, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env: {} };
  return { file, args: ['--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file } };
}

/** "file > test: first line of the error" for each failed test in a vitest or Playwright report. */
export function failuresIn(file) {
  return outcomesIn(file).filter((o) => !o.flaky).map((o) => o.text);
}

/** The tests that failed first and passed on the retry (Playwright in CI), so the summary names them. */
export function flakyIn(file) {
  return outcomesIn(file).filter((o) => o.flaky).map((o) => o.text);
}

function outcomesIn(file) {
  if (!existsSync(file)) return [];
  const fail = (text) => ({ text, flaky: false });
  let report;
  try { report = JSON.parse(readFileSync(file, 'utf8')); } catch { return [fail(`(unreadable report ${path.relative(ROOT, file)})`)]; }
  const out = [];
  // vitest: { testResults: [{ name, status, message, assertionResults: [{ fullName, status, failureMessages }] }] }
  for (const f of report.testResults ?? []) {
    const rel = path.relative(ROOT, f.name);
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push(fail(`${rel} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`));
    if (!failed.length && f.status === 'failed') out.push(fail(`${rel}: ${firstLine(f.message)}`));
  }
  // Playwright: { suites: [{ file, specs: [{ title, tests: [{ status, results: [{ status, error }] }] }], suites }] }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected' || t.status === 'skipped') continue;
        const error = t.results?.find((r) => r.error)?.error?.message;
        out.push({ text: `${spec.file ?? suite.file} > ${spec.title} [${t.status}]: ${firstLine(error)}`, flaky: t.status === 'flaky' });
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  for (const e of report.errors ?? []) out.push(fail(`(error) ${firstLine(e.message)}`));
  return out;
}
