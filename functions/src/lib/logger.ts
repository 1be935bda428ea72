// Structured logs through firebase-functions' logger (one JSON line each, severity and fields as
// Cloud Logging reads them; a last plain-object argument becomes fields of the entry). LOG_LEVEL=silent
// quiets them for the test and bench runs (scripts/test.mjs, scripts/bench/lib.mjs), whose request
// lines would otherwise drown the output and, in the benches, cost time being written.
import * as functionsLogger from 'firebase-functions/logger';

type Fields = Record<string, unknown>;
const silent = () => process.env.LOG_LEVEL === 'silent';
const at = (write: (message: string, fields: Fields) => void) => (message: string, fields: Fields = {}) => {
  if (!silent()) write(message, fields);
};

export const logger = {
  debug: at(functionsLogger.debug),
  info: at(functionsLogger.info),
  warn: at(functionsLogger.warn),
  error: at(functionsLogger.error),
};
