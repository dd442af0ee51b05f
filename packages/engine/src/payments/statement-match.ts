import type { Satang } from '../money.ts';

/** Digits a statement must show before a counterparty can confirm anything (docs/rules/payments.md §3.2.4). */
export const MIN_VISIBLE_DIGITS = 4;
/** A late posting still matches up to this long after the request expired. */
export const LATE_MATCH_MS = 10 * 60_000;

/**
 * A statement's counterparty as a mask: digits stay, any masking character (x, X, *, •) becomes `x`,
 * separators (space, -, /, .) are dropped. `xxx-x-x6789-x` → `xxxxx6789x`; `+66 81 234 5678` → `0812345678`.
 */
export function normaliseCounterparty(raw: string | null | undefined): string {
  if (!raw) return '';
  let s = raw.trim();
  if (/^\+?66\s*[0-9]/.test(s) && s.replace(/\D/g, '').length === 11) s = `0${s.replace(/\D/g, '').slice(2)}`;
  return s
    .replace(/[\s\-/.()]/g, '')
    .replace(/[xX*•#]/g, 'x')
    .replace(/[^0-9x]/g, '');
}

export function visibleDigits(mask: string): number {
  return mask.replace(/[^0-9]/g, '').length;
}

/**
 * Does the registered account (or wallet number) agree with every visible digit of the mask, aligned
 * from the right? At least 4 digits must be visible; a mask longer than the account cannot match a
 * digit it does not have.
 */
export function counterpartyMatches(mask: string, registered: string): boolean {
  const account = registered.replace(/\D/g, '');
  if (visibleDigits(mask) < MIN_VISIBLE_DIGITS) return false;
  for (let i = 1; i <= mask.length; i++) {
    const c = mask[mask.length - i]!;
    if (c === 'x') continue;
    const a = account[account.length - i];
    if (a !== c) return false;
  }
  return true;
}

export interface StatementLineFacts {
  postedAt: Date;
  amountSatang: Satang;
  /** Already normalised; empty when the statement shows none. */
  counterparty: string;
}

export interface DepositCandidate {
  id: number;
  paySatang: Satang;
  createdAt: Date;
  expiresAt: Date;
  status: 'open' | 'expired' | 'cancelled' | 'paid' | 'review' | 'rejected';
  /** The member's registered bank account (channel 1 and PromptPay) or TrueMoney number (channel 2). */
  registered: string;
}

/**
 * The requests a statement credit line can belong to (docs/rules/payments.md §3.2.3–4): open, expired or
 * cancelled, same pay amount, posted between creation and expiry + 10 minutes, and — when the line
 * shows a counterparty — a registered account agreeing with it. Exactly one means a match.
 */
export function candidatesFor<C extends DepositCandidate>(
  line: StatementLineFacts,
  requests: readonly C[],
): C[] {
  const t = line.postedAt.getTime();
  const checkCounterparty = line.counterparty !== '';
  return requests.filter(
    (r) =>
      (r.status === 'open' || r.status === 'expired' || r.status === 'cancelled') &&
      r.paySatang === line.amountSatang &&
      r.createdAt.getTime() <= t &&
      t <= r.expiresAt.getTime() + LATE_MATCH_MS &&
      (!checkCounterparty || counterpartyMatches(line.counterparty, r.registered)),
  );
}

/**
 * How far apart in time two sightings of one transfer may be (docs/rules/payments.md §3.7): a bank's
 * notification, the wallet's webhook and the statement line of one transfer carry times a few minutes
 * apart at most.
 */
export const TWIN_WINDOW_MS = 10 * 60_000;

/** The longest run of digits a counterparty shows. */
function longestDigits(mask: string): string {
  return (mask.match(/[0-9]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
}

/**
 * Do two counterparties, as two sources show them, allow one transfer? Each source masks the account
 * its own way (`xxxxx6789x` on a statement, `x6789` in an SMS, a full phone number in a webhook), so
 * they are not aligned: with at least 4 digits on both sides, the last 4 digits of the shorter run
 * must appear in the longer one; with fewer on either side nothing contradicts.
 */
export function counterpartiesAgree(a: string, b: string): boolean {
  const [x, y] = [longestDigits(a), longestDigits(b)];
  if (x.length < MIN_VISIBLE_DIGITS || y.length < MIN_VISIBLE_DIGITS) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return long.includes(short.slice(-MIN_VISIBLE_DIGITS));
}

export interface LineFingerprint {
  postedAt: Date;
  amountSatang: number;
  counterparty: string;
  bankRef: string | null;
}

/**
 * Are two credit lines of one receiving account, from two different sources, the same transfer? The
 * same reference says yes; otherwise the same amount, times within TWIN_WINDOW_MS and agreeing
 * counterparties. References of different sources are not compared otherwise: an SMS, a webhook and
 * a statement number one transfer differently.
 */
export function sameTransfer(a: LineFingerprint, b: LineFingerprint, windowMs = TWIN_WINDOW_MS): boolean {
  if (a.bankRef !== null && a.bankRef === b.bankRef) return a.amountSatang === b.amountSatang;
  return (
    a.amountSatang === b.amountSatang &&
    Math.abs(a.postedAt.getTime() - b.postedAt.getTime()) <= windowMs &&
    counterpartiesAgree(a.counterparty, b.counterparty)
  );
}
