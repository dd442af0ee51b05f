import { z } from 'zod';
import './validation.ts';

/** Field schemas shared by several endpoints, with the Thai message a member sees next to the field. */
export const phone = z.string().regex(/^0[0-9]{9}$/, { error: 'เบอร์โทรศัพท์ต้องเป็นตัวเลข 10 หลัก ขึ้นต้นด้วย 0' });
export const otp = z.string().regex(/^[0-9]{6}$/, { error: 'รหัส OTP ต้องเป็นตัวเลข 6 หลัก' });
export const password = z
  .string()
  .min(6, { error: 'รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร' })
  .max(64, { error: 'รหัสผ่านต้องไม่เกิน 64 ตัวอักษร' })
  .refine((p) => p.trim() !== '', { error: 'รหัสผ่านต้องไม่เป็นช่องว่างทั้งหมด' });
export const bankCode = z.string().regex(/^[0-9]{3}$/, { error: 'กรุณาเลือกธนาคาร' });
export const accountNo = z.string().regex(/^[0-9]{10,15}$/, { error: 'เลขบัญชีต้องเป็นตัวเลข 10-15 หลัก' });
export const accountName = z
  .string()
  .trim()
  .min(2, { error: 'กรุณากรอกชื่อ-นามสกุลตามบัญชีธนาคาร' })
  .max(100, { error: 'ชื่อ-นามสกุลยาวเกินไป' });
export const lineId = z.string().trim().max(50, { error: 'ไอดีไลน์ยาวเกินไป' });
export const referralCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{0,20}$/, { error: 'รหัสผู้แนะนำไม่ถูกต้อง' });
/** Money on the wire: a two-decimal baht string, e.g. "1035.50". */
export const baht = z.string().regex(/^-?\d+\.\d{2}$/);

/** A real calendar date as YYYY-MM-DD: 2026-02-31 and 2026-13-01 are refused, not rolled over. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'วันที่ต้องอยู่ในรูปแบบ ปปปป-ดด-วว' })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && d.getUTCFullYear() >= 1;
    },
    { error: 'ไม่มีวันที่นี้ในปฏิทิน' },
  );
export const timestamp = z.string().describe('ISO 8601 date-time');

// ─── Numbers a client sends: parsed from their text, never coerced ────────────────────────────────
// zod's coercion (Number(value)) reads " 0x64 " as 100, "1e3" as 1000, "" as 0 and true as 1; these accept only
// decimal digits (strings, as paths and queries carry them) or JSON numbers of the right kind.

const ID_TEXT = /^[1-9]\d{0,15}$/;
const ID_MESSAGE = 'รหัสอ้างอิงไม่ถูกต้อง';
/** The largest id of a `serial`/`integer` column (PostgreSQL integer). */
export const MAX_INT_ID = 2_147_483_647;

/**
 * A record id: a positive decimal integer, "42" or 42. `%201`, `true`, `[2]`, `-1`, `1e3` and `0x10`
 * are refused. `max` is the column's range: MAX_INT_ID for `serial` tables (the default),
 * Number.MAX_SAFE_INTEGER for `bigserial` ones (see bigId).
 */
export function positiveId(max: number = MAX_INT_ID) {
  return z
    .union(
      [
        z.string().regex(ID_TEXT, { error: ID_MESSAGE }),
        z.number({ error: ID_MESSAGE }).int({ error: ID_MESSAGE }).positive({ error: ID_MESSAGE }),
      ],
      { error: ID_MESSAGE },
    )
    .transform(Number)
    .pipe(z.number().max(max, { error: ID_MESSAGE }));
}
/** Id of a `serial`/`integer` table. */
export const intId = positiveId();
/** Id of a `bigserial` table. */
export const bigId = positiveId(Number.MAX_SAFE_INTEGER);
/** `/:id` of a `serial` table. */
export const idParam = z.object({ id: intId });
/** `/:id` of a `bigserial` table. */
export const bigIdParam = z.object({ id: bigId });

const COUNT_TEXT = /^(0|[1-9]\d{0,8})$/;
/** A whole number such as a page, a limit or a channel: "20" or 20, within [min, max]. */
export function wholeNumber(min: number, max: number, error = 'กรุณากรอกตัวเลขจำนวนเต็ม') {
  return z
    .union([z.string().regex(COUNT_TEXT, { error }), z.number({ error }).int({ error })], { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

const AMOUNT_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;
/** Whole baht digits beyond this are no amount anyone pays (and leave the exact integer range). */
const AMOUNT_MAX_DIGITS = 13;

export interface AmountMessages {
  /** Missing. */
  required?: string;
  /** Not an amount: wrong type, sign, exponent, hex, spaces or a third decimal. */
  format?: string;
  /** More than 13 whole-baht digits. */
  tooBig?: string;
}

/**
 * Money as a client sends it: "100", "100.5", "100.50" (`^\d+(\.\d{1,2})?$`) or a JSON number with
 * at most two decimals. Output: satang. " 0x64 ", "1e3", "-1", "" and 100.005 are refused.
 */
function satangAmount(m: AmountMessages = {}) {
  const format = m.format ?? 'จำนวนเงินไม่ถูกต้อง';
  const required = m.required ?? 'กรุณาระบุจำนวนเงิน';
  const error = (issue: { input?: unknown }) => (issue.input === undefined ? required : format);
  return z
    .union(
      [
        z.string({ error }).regex(AMOUNT_TEXT, { error: format }),
        z.number({ error }).refine((n) => AMOUNT_TEXT.test(String(n)), { error: format }),
      ],
      { error },
    )
    .transform((value, ctx) => {
      const [, wholeDigits = '0', fraction = ''] = AMOUNT_TEXT.exec(String(value)) ?? [];
      const whole = wholeDigits.replace(/^0+(?=\d)/, '');
      if (whole.length > AMOUNT_MAX_DIGITS) {
        ctx.issues.push({ code: 'custom', message: m.tooBig ?? 'จำนวนเงินสูงเกินไป', input: value });
        return z.NEVER;
      }
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    });
}

/** An amount in baht and satang; the handler gets the canonical text "100.50". */
export function bahtAmount(m: AmountMessages = {}) {
  return satangAmount(m).transform((s) => `${Math.trunc(s / 100)}.${String(s % 100).padStart(2, '0')}`);
}

/** An amount in whole baht ("500", "500.00" or 500); the handler gets the number of baht. */
export function wholeBahtAmount(m: AmountMessages & { whole?: string } = {}) {
  return satangAmount(m)
    .refine((s) => s % 100 === 0, { error: m.whole ?? 'จำนวนเงินต้องเป็นจำนวนเต็มบาท' })
    .transform((s) => s / 100);
}
