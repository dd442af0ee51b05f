/**
 * Numbers with Thai grouping, "12,345.5", written out by hand rather than with `Intl.NumberFormat` or
 * `toLocaleString('th-TH')`: the first number format a browser tab makes loads ICU data on the main
 * thread (3–13 ms measured on a phone-speed CPU, before the page can run; docs/benchmarks.md, "the main
 * thread of a phone"). `th-TH` writes Arabic digits with "," between thousands and "." before the
 * fraction, as here (apps/web/test/format.test.ts compares them).
 */

/** Digits grouped by thousands: "1234567" → "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `n` with grouping and between `minFraction` and `maxFraction` decimals (trailing zeros beyond the
 * minimum dropped): formatNumber(2500) → "2,500", formatNumber(3.25) → "3.25",
 * formatNumber(1035.5, 2, 2) → "1,035.50". The defaults are those of `toLocaleString`.
 */
export function formatNumber(n: number, minFraction = 0, maxFraction = 3): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = '0', fraction = ''] = Math.abs(n).toFixed(maxFraction).split('.');
  let digits = fraction.replace(/0+$/, '');
  if (digits.length < minFraction) digits = digits.padEnd(minFraction, '0');
  const zero = /^0*$/.test(whole) && /^0*$/.test(digits);
  return `${n < 0 && !zero ? '-' : ''}${groupThousands(whole)}${digits ? `.${digits}` : ''}`;
}
