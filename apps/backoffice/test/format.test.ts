/**
 * The console writes dates and times as the member site does (one formatter,
 * packages/engine/src/thai-dates.ts): Buddhist era, Bangkok time, "5 มี.ค. 69 14:05".
 */
import { describe, expect, it } from 'vitest';
import * as member from '../../web/src/lib/dates';
import { formatDate, formatDateTime, formatDay } from '../src/lib/format';

describe('console dates', () => {
  it('are the member site’s: Bangkok time, Buddhist year', () => {
    expect(formatDateTime('2026-03-05T07:05:09Z')).toBe('5 มี.ค. 69 14:05');
    // 23:30 UTC is already the next day in Bangkok.
    expect(formatDateTime('2026-12-31T23:30:00Z')).toBe('1 ม.ค. 70 06:30');
    expect(formatDate('2026-03-05T20:00:00Z')).toBe('6 มีนาคม 2569');
    expect(formatDay('2026-11-27')).toBe('27 พฤศจิกายน 2569');
    for (const at of ['2026-01-01T00:00:00Z', '2027-06-15T16:59:59Z', '2026-11-27T11:55:00+07:00']) {
      expect(formatDateTime(at)).toBe(member.formatDateTime(at));
      expect(formatDate(at)).toBe(member.formatDate(at));
    }
  });

  it('print a dash for none and leave what is not a date as it came', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDateTime('ไม่ใช่วันที่')).toBe('ไม่ใช่วันที่');
  });
});
