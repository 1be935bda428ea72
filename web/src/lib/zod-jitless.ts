// zod 4 probes `new Function('')` when it builds its first object schema (a JIT fast path), which the
// shop's Content-Security-Policy (no 'unsafe-eval') reports as a violation on every page that loads
// the shared contracts. zod reads its global config from globalThis (zod/v4/core/core.js), so setting
// `jitless` here, before any chunk with zod runs, skips the probe without putting zod in the first JS.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
