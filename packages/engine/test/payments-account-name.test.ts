import { describe, expect, it } from 'vitest';
import { accountNameKey, sameAccountName } from '../src/payments/account-name.ts';

describe('the first-payout name check (docs/rules/payments.md §4)', () => {
  it('titles, spacing, dots and case do not make another person', () => {
    expect(sameAccountName('สมชาย ใจดี', 'นาย สมชาย  ใจดี')).toBe(true);
    expect(sameAccountName('สมหญิง ใจดี', 'น.ส.สมหญิง ใจดี')).toBe(true);
    expect(sameAccountName('Somchai Jaidee', 'MR. SOMCHAI JAIDEE')).toBe(true);
    expect(accountNameKey('นางสาว มานี มีนา')).toBe('มานีมีนา');
  });

  it('another name, or a name that is only a title, does not pass', () => {
    expect(sameAccountName('สมชาย ใจดี', 'สมชาย ใจร้าย')).toBe(false);
    expect(sameAccountName('สมชาย ใจดี', 'สมศักดิ์ ใจดี')).toBe(false);
    expect(sameAccountName('นาย', 'นาย')).toBe(false);
    expect(sameAccountName('', '')).toBe(false);
  });
});
