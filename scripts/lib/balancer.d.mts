// Types of ./balancer.mjs for the TypeScript tests that share it.
export function pickInstance(inFlight: number[], cap: number, from?: number): number;
export function startBalancer(
  targets: string[],
  opts?: { concurrency?: number },
): Promise<{ url: string; stats: () => { served: number[]; peakInFlight: number[]; longestWaitMs: number }; close: () => Promise<void> }>;
