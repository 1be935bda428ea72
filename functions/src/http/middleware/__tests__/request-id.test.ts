import { describe, expect, it } from 'vitest';
import { traceIdOf } from '../request-id';

// The request id is the trace Google's front end gives the request, taken only when well formed.
describe('traceIdOf', () => {
  const id = '4bf92f3577b34da6a3ce929d0e0e4736';
  it('reads traceparent first, then X-Cloud-Trace-Context', () => {
    expect(traceIdOf({ traceparent: `00-${id}-00f067aa0ba902b7-01` })).toBe(id);
    expect(traceIdOf({ 'x-cloud-trace-context': `${id}/123;o=1` })).toBe(id);
    expect(traceIdOf({ traceparent: `00-${id}-00f067aa0ba902b7-01`, 'x-cloud-trace-context': `${'a'.repeat(32)}/1` })).toBe(id);
    expect(traceIdOf({ 'x-cloud-trace-context': `${id.toUpperCase()}/1;o=1` })).toBe(id);
  });
  it('refuses what is not a trace id, so no caller writes free text into the logs', () => {
    for (const bad of ['', 'abc', `${id}\nfake log line`, '0'.repeat(32), `${id}00`, 'g'.repeat(32)]) {
      expect(traceIdOf({ 'x-cloud-trace-context': bad })).toBeUndefined();
      expect(traceIdOf({ traceparent: `00-${bad}-00f067aa0ba902b7-01` })).toBeUndefined();
    }
    expect(traceIdOf({})).toBeUndefined();
  });
});
