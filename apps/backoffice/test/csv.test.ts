/**
 * The console's CSV export (apps/backoffice/src/lib/csv.ts), the file every table's "ส่งออก CSV"
 * downloads: what a spreadsheet opening it must read back.
 */
import { describe, expect, it } from 'vitest';
import { toCsv } from '../src/lib/csv';

describe('toCsv', () => {
  it('writes a UTF-8 BOM, CRLF lines and RFC 4180 quoting, Thai as it is', () => {
    const text = toCsv(
      ['เบอร์โทร', 'ชื่อ', 'ยอด'],
      [
        ['0812345678', 'สมชาย ใจดี', '1,000.00'],
        ['0899999999', 'ชื่อ "เล่น"\nบรรทัดสอง', null],
      ],
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'เบอร์โทร,ชื่อ,ยอด',
      '0812345678,สมชาย ใจดี,"1,000.00"',
      '0899999999,"ชื่อ ""เล่น""\nบรรทัดสอง",',
      '',
    ]);
  });

  it('keeps a cell from running as a spreadsheet formula, but leaves negative numbers alone', () => {
    const [, row] = toCsv(['a', 'b', 'c', 'd'], [['=HYPERLINK("x")', '+66', '-12.50', '@SUM(A1)']])
      .slice(1)
      .split('\r\n');
    expect(row).toBe(`"'=HYPERLINK(""x"")",'+66,-12.50,'@SUM(A1)`);
  });
});
