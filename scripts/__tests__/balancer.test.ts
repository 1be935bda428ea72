import { describe, expect, it } from 'vitest';
import { pickInstance } from '../lib/balancer.mjs';

// The benches' stand-in for Cloud Run's front end (scripts/lib/balancer.mjs): which instance a request goes to.
describe('pickInstance', () => {
  it('takes the instance with the fewest requests in flight', () => {
    expect(pickInstance([5, 2, 7], 80)).toBe(1);
    expect(pickInstance([5, 2, 7], 80, 2)).toBe(1);
  });

  it('lets equals take turns from the one after the last chosen', () => {
    const inFlight = [0, 0, 0];
    const chosen: number[] = [];
    let from = 0;
    for (let k = 0; k < 6; k++) {
      const i = pickInstance(inFlight, 80, from);
      chosen.push(i);
      from = (i + 1) % inFlight.length;
    }
    expect(chosen).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('never puts more than the cap on an instance, and answers -1 when all are full', () => {
    expect(pickInstance([80, 79, 80], 80)).toBe(1);
    expect(pickInstance([80, 80, 80], 80)).toBe(-1);
    expect(pickInstance([], 80)).toBe(-1);
  });
});
