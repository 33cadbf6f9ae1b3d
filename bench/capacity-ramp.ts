/**
 * The pure part of the capacity bench (bench/capacity.ts, decision 0360): nearest-rank
 * percentiles, one step's verdict, and what a ramp held.
 */

/** Nearest-rank percentile of `sorted` (ascending); NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface StepFigures {
  users: number;
  /** answers timed in the step's window (logins excluded: see decision 0360) */
  requests: number;
  p95: number;
  /** failed answers (status ≥ 400 or no answer) in the window, logins included */
  errors: number;
}

export const P95_LIMIT_MS = 300;
/** Fewer answers than this in a step say nothing about its p95. */
export const MIN_REQUESTS = 20;

export type Verdict = 'held' | 'p95' | 'errors' | 'too few answers';

/** A step holds when it answered enough requests, none failed, and their p95 stayed within 300 ms. */
export function verdict(s: StepFigures): Verdict {
  if (s.errors > 0) return 'errors';
  if (s.requests < MIN_REQUESTS) return 'too few answers';
  if (!(s.p95 <= P95_LIMIT_MS)) return 'p95';
  return 'held';
}

/**
 * What the ramp held: the users of the last step that held before the first that did not. `capped`:
 * every step held (the ramp ran out of steps or time), so the figure is a floor.
 */
export function held(steps: StepFigures[]): { users: number; capped: boolean } {
  let users = 0;
  for (const s of steps) {
    if (verdict(s) !== 'held') return { users, capped: false };
    users = s.users;
  }
  return { users, capped: true };
}

/** The users of each step: `first`, then ×`factor`, rounded to 5, up to `max`. */
export function rampSteps(first: number, factor: number, max: number): number[] {
  const out: number[] = [];
  for (let n = first; n <= max; n = Math.round((n * factor) / 5) * 5) out.push(n);
  return out;
}
