import { checksum, decode, encode, tag, withCrcTag } from 'promptparse';
import { formatBaht, type Satang } from '../money.ts';

/** PromptPay application id (tag 29, sub 00). */
export const PROMPTPAY_AID = 'A000000677010111';

export type PromptPayTarget = { type: 'phone'; phone: string } | { type: 'tax_id'; taxId: string };

export class PromptPayError extends Error {}

/** `0812345678` → `0066812345678`: digits only, leading 0 dropped, 66 prefixed, left-padded to 13. */
export function normalisePromptPayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!/^0[0-9]{9}$/.test(digits)) throw new PromptPayError(`not a Thai mobile number: ${phone}`);
  return `66${digits.slice(1)}`.padStart(13, '0');
}

function merchantAccount(target: PromptPayTarget): string {
  if (target.type === 'phone') {
    return encode([tag('00', PROMPTPAY_AID), tag('01', normalisePromptPayPhone(target.phone))]);
  }
  const taxId = target.taxId.replace(/\D/g, '');
  if (!/^[0-9]{13}$/.test(taxId)) throw new PromptPayError(`a tax ID has 13 digits: ${target.taxId}`);
  return encode([tag('00', PROMPTPAY_AID), tag('02', taxId)]);
}

/**
 * The dynamic PromptPay payload of docs/rules/payments.md §2, tags in the document's order
 * (00, 01, 29, 53, 54, 58, then 63 = CRC-16/CCITT-FALSE over everything before it, including `6304`).
 * TLV encoding and the CRC come from `promptparse`; the amount is formatted from satang, never a float.
 */
export function promptPayPayload(target: PromptPayTarget, paySatang: Satang): string {
  if (!Number.isSafeInteger(paySatang) || paySatang <= 0) {
    throw new PromptPayError(`pay amount must be positive satang: ${paySatang}`);
  }
  const body = encode([
    tag('00', '01'),
    tag('01', '12'),
    tag('29', merchantAccount(target)),
    tag('53', '764'),
    tag('54', formatBaht(paySatang)),
    tag('58', 'TH'),
  ]);
  return withCrcTag(body, '63', true);
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0) as 4 uppercase hex digits. */
export function crc16CcittFalse(text: string): string {
  return checksum(text, true).padStart(4, '0');
}

/** The payload's tags (sub-tags of 29 flattened as `29.00`, `29.01`, …), in the order they appear. */
export function parsePromptPay(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of decode(payload)) {
    out.set(t.id, t.value);
    if (t.id === '29' || t.id === '30') {
      for (const s of decode(t.value)) out.set(`${t.id}.${s.id}`, s.value);
    }
  }
  return out;
}

/** True when the payload ends in tag 63 of length 4 and that CRC matches everything before it. */
export function hasValidCrc(payload: string): boolean {
  const m = /^(.*6304)([0-9A-F]{4})$/.exec(payload);
  if (!m) return false;
  return crc16CcittFalse(m[1]!) === m[2];
}
