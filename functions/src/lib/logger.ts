// Structured JSON logs, one line each, in the shape Cloud Logging understands.
type Severity = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';

const silent = () => process.env.LOG_LEVEL === 'silent';

function write(severity: Severity, message: string, fields: Record<string, unknown> = {}) {
  if (silent()) return;
  const line = JSON.stringify({ severity, message, ...fields });
  if (severity === 'ERROR' || severity === 'WARNING') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('DEBUG', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('INFO', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('WARNING', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('ERROR', message, fields),
};
