import { describe, expect, it } from 'vitest';
import { held, percentile, rampSteps, verdict } from '../../bench/capacity-ramp';

describe('capacity ramp (bench/capacity-ramp.ts)', () => {
  it('takes the nearest-rank percentile', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([], 95)).toBeNaN();
  });

  it('judges a step on errors first, then the number of answers, then the p95', () => {
    expect(verdict({ users: 10, requests: 500, p95: 300, errors: 0 })).toBe('held');
    expect(verdict({ users: 10, requests: 500, p95: 300.1, errors: 0 })).toBe('p95');
    expect(verdict({ users: 10, requests: 500, p95: 12, errors: 1 })).toBe('errors');
    expect(verdict({ users: 10, requests: 5, p95: 12, errors: 0 })).toBe('too few answers');
    expect(verdict({ users: 10, requests: 500, p95: NaN, errors: 0 })).toBe('p95');
  });

  it('holds the last step before the first that failed, and says when every step held', () => {
    const ok = (users: number) => ({ users, requests: 100, p95: 50, errors: 0 });
    expect(held([ok(25), ok(50), { users: 100, requests: 100, p95: 400, errors: 0 }, ok(200)])).toEqual({ users: 50, capped: false });
    expect(held([ok(25), ok(50)])).toEqual({ users: 50, capped: true });
    expect(held([{ users: 25, requests: 100, p95: 10, errors: 3 }])).toEqual({ users: 0, capped: false });
  });

  it('ramps geometrically in steps rounded to 5', () => {
    expect(rampSteps(25, 2, 800)).toEqual([25, 50, 100, 200, 400, 800]);
    expect(rampSteps(20, 3, 1000)).toEqual([20, 60, 180, 540]);
  });
});
