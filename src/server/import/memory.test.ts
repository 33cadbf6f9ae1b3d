import { expect, it } from 'vitest';
import { releaseGarbage } from './memory';

it('releaseGarbage really collects (a big import relies on it to stay within its memory budget)', async () => {
  let big: number[] | null = Array.from({ length: 100_000 }, (_, i) => i);
  const ref = new WeakRef(big);
  big = null;
  // A WeakRef's target lives to the end of the current job.
  await new Promise((resolve) => setTimeout(resolve, 0));
  releaseGarbage();
  expect(ref.deref()).toBeUndefined();
});
