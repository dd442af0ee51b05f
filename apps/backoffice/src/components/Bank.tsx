import { bankColor, banks, findBank } from '@chok/contract/banks';

/**
 * Banks by name and logo, never by a bare code like "004": the list and colours the member site uses
 * (packages/contract/src/banks.ts), so staff and members see the same bank the same way.
 */

/** The bank's Thai name ("ธนาคารกสิกรไทย"); a code not in the list reads "ธนาคารรหัส 999". */
export function bankName(code: string | null | undefined): string {
  if (!code) return '-';
  return findBank(code)?.name ?? `ธนาคารรหัส ${code}`;
}

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or black, whichever reads better on the bank's colour (one of them always reaches 4.5:1). */
function textOn(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance('#000000') + 0.05) ? '#ffffff' : '#000000';
}

/** The code of a bank the server names by its short name ("KBANK"), for `BankName`. */
export function bankCodeOf(short: string | null | undefined): string | null {
  return banks.find((b) => b.short === short)?.code ?? null;
}

/** The bank's badge (its colour and short name, as the member site draws it) and its Thai name. */
export function BankName({ code, account }: { code: string | null | undefined; account?: string | null }) {
  if (!code) return <>-</>;
  const bank = findBank(code);
  return (
    <span className="bank" title={`รหัสธนาคาร ${code}`}>
      <span
        className="bank-logo"
        style={{ background: bankColor(code), color: textOn(bankColor(code)) }}
        aria-hidden="true"
      >
        {bank?.short.slice(0, 5) ?? code}
      </span>
      <span>
        {bankName(code)}
        {account ? ` ${account}` : ''}
      </span>
    </span>
  );
}
