import { z } from 'zod';

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
export const lineId = z.string().trim().max(50, { error: 'LINE ID ยาวเกินไป' });
export const referralCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{0,20}$/, { error: 'รหัสผู้แนะนำไม่ถูกต้อง' });
/** Money on the wire: a two-decimal baht string, e.g. "1035.50". */
export const baht = z.string().regex(/^-?\d+\.\d{2}$/);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'วันที่ต้องอยู่ในรูปแบบ YYYY-MM-DD' });
export const timestamp = z.string().describe('ISO 8601 date-time');
export const idParam = z.object({ id: z.coerce.number().int().positive() });
