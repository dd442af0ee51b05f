/**
 * Money is integer satang (1 baht = 100 satang). On the wire it is a two-decimal baht string
 * ("1035.50"). Arithmetic never touches floats: parsing works on the digits of the string.
 */
declare const satangBrand: unique symbol;
export type Satang = number & { readonly [satangBrand]: 'Satang' };

export class MoneyError extends Error {}

export function satang(value: number): Satang {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`not a whole number of satang: ${value}`);
  return value as Satang;
}

const BAHT_PATTERN = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "1035.5", "1035.50" or "1035" into satang; a third decimal or anything else is rejected. */
export function parseBaht(text: string): Satang {
  const m = BAHT_PATTERN.exec(text.trim());
  if (!m) throw new MoneyError(`not a baht amount with at most two decimals: ${text}`);
  const whole = Number(m[2]);
  const fraction = Number((m[3] ?? '0').padEnd(2, '0'));
  const value = whole * 100 + fraction;
  return satang(m[1] ? -value : value);
}

export function isBahtText(text: string): boolean {
  return BAHT_PATTERN.test(text.trim());
}

/** Formats satang as a plain two-decimal baht string: 103550 → "1035.50". */
export function formatBaht(value: Satang | number): string {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`not a whole number of satang: ${value}`);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = Math.trunc(abs / 100);
  const fraction = abs % 100;
  return `${sign}${whole}.${String(fraction).padStart(2, '0')}`;
}

export function bahtToSatang(wholeBaht: number): Satang {
  return satang(wholeBaht * 100);
}
