import { groupThousands } from './numbers';

/**
 * Money arrives as two-decimal baht strings ("1035.50"). Arithmetic happens on integer satang
 * parsed from the string, never on floats (docs/architecture.md, "Money, ids and units").
 */
export type Satang = number & { readonly __brand: 'satang' };

const BAHT = /^(-?)(\d+)\.(\d{2})$/;

export function parseBaht(value: string): Satang {
  const m = BAHT.exec(value.trim());
  if (!m) throw new Error(`not a baht amount: ${value}`);
  const whole = Number(m[2]) * 100 + Number(m[3]);
  return (m[1] === '-' ? -whole : whole) as Satang;
}

export function sumBaht(values: readonly string[]): Satang {
  return values.reduce((total, v) => total + parseBaht(v), 0) as Satang;
}

/** Thai number formatting with exactly 2 decimals: 535000 satang → "5,350.00". */
export function formatSatang(amount: Satang): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const baht = Math.trunc(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${groupThousands(String(baht))}.${cents}`;
}

export function formatBaht(value: string): string {
  return formatSatang(parseBaht(value));
}
