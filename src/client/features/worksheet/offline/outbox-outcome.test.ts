import { describe, expect, it } from 'vitest';
import { failedOutcome } from './outbox-core';

describe('failedOutcome', () => {
  it('a 409 PERIOD_CLOSED is a refusal the outbox shows (issue 40 §3); a 409 of a send still running is tried again', () => {
    const closed = { status: 409, message: 'The period up to 2026-10-31 is closed', code: 'PERIOD_CLOSED', params: { date: '2026-10-31' }, errors: {} };
    expect(failedOutcome(closed)).toEqual({ kind: 'refused', problem: closed });
    const submitted = { status: 409, message: 'Week 2026-W46 is submitted', code: 'WEEK_SUBMITTED', params: { week: '2026-W46' }, errors: {} };
    expect(failedOutcome(submitted)).toEqual({ kind: 'refused', problem: submitted });
    // Decision 0470: a day over 24 hours, and a queued change whose entry was changed meanwhile (STALE), are refusals too.
    const over = { status: 409, message: 'over', code: 'DAY_OVER_24_HOURS', params: { date: '2026-11-02', hours: '25' }, errors: {} };
    expect(failedOutcome(over)).toEqual({ kind: 'refused', problem: over });
    const stale = { status: 409, message: 'stale', code: 'STALE', errors: {} };
    expect(failedOutcome(stale)).toEqual({ kind: 'refused', problem: stale });
    expect(failedOutcome({ status: 409, message: 'running', code: 'IDEMPOTENCY_RUNNING', errors: {} })).toEqual({ kind: 'network' });
  });
});
