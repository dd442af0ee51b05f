import { describe, expect, it } from 'vitest';
import {
  blockActive,
  blockEnd,
  changeLimit,
  limitInForce,
  mayStartBlock,
  periodEnd,
  periodStart,
} from '../src/engagement/protection.ts';

// docs/rules/protection.md §1 (periods, changes), §3–4 (blocks).
const at = (iso: string) => new Date(iso);

describe('Bangkok periods', () => {
  it('a day, a Monday week and a month, by Bangkok time', () => {
    // Sunday 2026-11-29 23:30 Bangkok is 16:30 UTC; 00:30 Monday Bangkok is 17:30 UTC.
    expect(periodStart('day', at('2026-11-29T16:30:00Z'))).toBe('2026-11-29');
    expect(periodStart('day', at('2026-11-29T17:30:00Z'))).toBe('2026-11-30');
    expect(periodStart('week', at('2026-11-29T16:30:00Z'))).toBe('2026-11-23');
    expect(periodStart('week', at('2026-11-29T17:30:00Z'))).toBe('2026-11-30');
    expect(periodStart('month', at('2026-11-30T17:30:00Z'))).toBe('2026-12-01');
    expect(periodEnd('day', at('2026-11-29T16:30:00Z')).toISOString()).toBe('2026-11-29T17:00:00.000Z');
    expect(periodEnd('week', at('2026-11-27T05:00:00Z')).toISOString()).toBe('2026-11-29T17:00:00.000Z');
    expect(periodEnd('month', at('2026-12-15T05:00:00Z')).toISOString()).toBe('2026-12-31T17:00:00.000Z');
  });
});

describe('changing a limit', () => {
  const now = at('2026-11-27T05:00:00Z');
  const none = { amount: null, pendingAmount: null, pendingFrom: null };

  it('a new or lower limit at once; a higher one or a removal after the cooling-off', () => {
    expect(changeLimit(none, 1000, now, 24)).toEqual({
      state: { amount: 1000, pendingAmount: null, pendingFrom: null },
      effect: 'now',
    });
    const set = { amount: 1000, pendingAmount: null, pendingFrom: null };
    expect(changeLimit(set, 500, now, 24).effect).toBe('now');
    const raise = changeLimit(set, 5000, now, 24);
    expect(raise).toEqual({
      state: { amount: 1000, pendingAmount: 5000, pendingFrom: at('2026-11-28T05:00:00Z') },
      effect: 'pending',
    });
    expect(changeLimit(set, null, now, 24).state).toMatchObject({ amount: 1000, pendingAmount: null });
    expect(changeLimit(set, 1000, now, 24).effect).toBe('unchanged');
    // The same limit again drops a waiting raise.
    expect(changeLimit(raise.state, 1000, now, 24)).toEqual({ state: set, effect: 'now' });
  });

  it('a waiting change is in force from its time on', () => {
    const s = { amount: 1000, pendingAmount: 5000, pendingFrom: at('2026-11-28T05:00:00Z') };
    expect(limitInForce(s, at('2026-11-28T04:59:59Z'))).toBe(1000);
    expect(limitInForce(s, at('2026-11-28T05:00:00Z'))).toBe(5000);
    expect(limitInForce({ ...s, pendingAmount: null }, at('2026-11-28T06:00:00Z'))).toBeNull();
  });
});

describe('time-outs and self-exclusion', () => {
  const now = at('2026-08-31T05:00:00Z');
  it('ends: hours for a time-out, calendar months for an exclusion, never for a permanent one', () => {
    expect(blockEnd('1d', now)?.toISOString()).toBe('2026-09-01T05:00:00.000Z');
    expect(blockEnd('30d', now)?.toISOString()).toBe('2026-09-30T05:00:00.000Z');
    expect(blockEnd('6m', now)?.toISOString()).toBe('2027-02-28T05:00:00.000Z');
    expect(blockEnd('5y', now)?.toISOString()).toBe('2031-08-31T05:00:00.000Z');
    expect(blockEnd('permanent', now)).toBeNull();
  });

  it('is never shortened; a time-out never replaces a self-exclusion', () => {
    const timeout = { kind: 'timeout' as const, until: at('2026-09-07T05:00:00Z') };
    expect(blockActive(timeout, now)).toBe(true);
    expect(blockActive(timeout, at('2026-09-07T05:00:00Z'))).toBe(false);
    expect(mayStartBlock(timeout, { kind: 'timeout', until: at('2026-09-01T05:00:00Z') }, now)).toBe(false);
    expect(mayStartBlock(timeout, { kind: 'timeout', until: at('2026-09-30T05:00:00Z') }, now)).toBe(true);
    expect(mayStartBlock(timeout, { kind: 'exclusion', until: null }, now)).toBe(true);
    const forever = { kind: 'exclusion' as const, until: null };
    expect(mayStartBlock(forever, { kind: 'exclusion', until: null }, now)).toBe(false);
    expect(mayStartBlock(forever, { kind: 'timeout', until: at('2030-01-01T00:00:00Z') }, now)).toBe(false);
    expect(mayStartBlock(timeout, timeout, at('2026-09-08T00:00:00Z'))).toBe(true);
  });
});
