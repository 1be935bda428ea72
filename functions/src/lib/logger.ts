// Structured logs through firebase-functions' logger (one JSON line each, severity and fields as
// Cloud Logging reads them; a last plain-object argument becomes fields of the entry). LOG_LEVEL=silent
// quiets them for the test and bench runs (scripts/test.mjs, scripts/bench/lib.mjs), whose request
// lines would otherwise drown the output and, in the benches, cost time being written.
import { AsyncLocalStorage } from 'node:async_hooks';
import * as functionsLogger from 'firebase-functions/logger';
import { config } from '../config';

type Fields = Record<string, unknown>;
const silent = () => config().logSilent;
// Fields of the work in progress (a request's id, a job's name), added to every line written within it.
const context = new AsyncLocalStorage<Fields>();
const at = (write: (message: string, fields: Fields) => void) => (message: string, fields: Fields = {}) => {
  if (!silent()) write(message, { ...context.getStore(), ...fields });
};

/** Runs fn with these fields on every log line it (and what it awaits) writes. */
export function withLogFields<T>(fields: Fields, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

export const logger = {
  debug: at(functionsLogger.debug),
  info: at(functionsLogger.info),
  warn: at(functionsLogger.warn),
  error: at(functionsLogger.error),
};
