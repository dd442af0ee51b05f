import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../platform/errors.ts';
import { SERVER_ROOT } from '../../platform/paths.ts';

/**
 * What a new password may not be (docs/decisions/0005-sessions-and-staff.md, "Passwords"): the member's
 * own phone number, blank (the contract's field schema refuses whitespace-only), or easy to guess — a
 * bundled list of the most common passwords, the same words typed with the Thai keyboard layout, one
 * character or a short unit repeated (`aaaaaa`, `121212`), and straight runs (`234567`, `987654`,
 * `abcdef`).
 */
const COMMON = new Set(
  readFileSync(path.join(SERVER_ROOT, 'src/modules/auth/common-passwords.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#')),
);

// Kedmanee, unshifted: the Thai character on each key of a US layout's digit and letter keys.
const THAI_KEYS: Record<string, string> = {
  ๅ: '1',
  '/': '2',
  '-': '3',
  ภ: '4',
  ถ: '5',
  'ุ': '6',
  'ึ': '7',
  ค: '8',
  ต: '9',
  จ: '0',
  ๆ: 'q',
  ไ: 'w',
  ำ: 'e',
  พ: 'r',
  ะ: 't',
  'ั': 'y',
  'ี': 'u',
  ร: 'i',
  น: 'o',
  ย: 'p',
  ฟ: 'a',
  ห: 's',
  ก: 'd',
  ด: 'f',
  เ: 'g',
  '้': 'h',
  '่': 'j',
  า: 'k',
  ส: 'l',
  ผ: 'z',
  ป: 'x',
  แ: 'c',
  อ: 'v',
  'ิ': 'b',
  'ื': 'n',
  ท: 'm',
};
const RUNS = ['01234567890123456789', 'abcdefghijklmnopqrstuvwxyz'];

function asTypedOnUsLayout(p: string): string | null {
  const chars = [...p];
  if (!chars.some((c) => /[\u0E00-\u0E7F]/.test(c))) return null;
  if (!chars.every((c) => THAI_KEYS[c] !== undefined)) return null;
  return chars.map((c) => THAI_KEYS[c]).join('');
}

function isRun(p: string): boolean {
  return RUNS.some((r) => r.includes(p) || [...r].reverse().join('').includes(p));
}

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  const candidates = [p, asTypedOnUsLayout(p)].filter((c): c is string => c !== null);
  return candidates.some((c) => COMMON.has(c) || /^(.{1,3})\1+$/su.test(c) || isRun(c));
}

/** The phone number in any usual spelling: 0812345678, 081-234-5678, 812345678, 66812345678. */
function isPhone(password: string, phone: string): boolean {
  if (!/^[+\d\s-]+$/.test(password)) return false;
  const digits = password.replace(/\D/g, '');
  const national = phone.replace(/^0/, '');
  return digits === phone || digits === national || digits === `66${national}`;
}

/** Refuses a new password with a Thai message on `field`; `phone` is the account's own number. */
export function assertPasswordAllowed(password: string, phone: string, field: string): void {
  const code = isPhone(password, phone)
    ? 'PASSWORD_IS_PHONE'
    : isCommonPassword(password)
      ? 'PASSWORD_TOO_COMMON'
      : null;
  if (code) throw new AppError(code, {}, { [field]: new AppError(code).message });
}
