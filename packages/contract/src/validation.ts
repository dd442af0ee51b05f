import { z } from 'zod';

/**
 * Every validation message is Thai (members read Thai only). A schema's own `error` wins; whatever
 * zod would otherwise say in English falls back to these messages, which never name a type, key,
 * pattern or enum value in English.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'ข้อความ',
  number: 'ตัวเลข',
  int: 'จำนวนเต็ม',
  bigint: 'จำนวนเต็ม',
  boolean: 'ค่าใช่หรือไม่ใช่',
  object: 'ชุดข้อมูล',
  array: 'รายการ',
  date: 'วันที่',
  null: 'ค่าว่าง',
};

function limit(value: unknown): string {
  return typeof value === 'number' || typeof value === 'bigint' ? value.toString() : String(value);
}

export const thaiErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'กรุณากรอกข้อมูลให้ครบถ้วน';
      return `ข้อมูลต้องเป็น${TYPE_NAMES[issue.expected] ?? 'ชนิดที่กำหนด'}`;
    case 'too_small': {
      const n = limit(issue.minimum);
      if (issue.origin === 'string') return `ต้องมีอย่างน้อย ${n} ตัวอักษร`;
      if (issue.origin === 'array' || issue.origin === 'set') return `ต้องมีอย่างน้อย ${n} รายการ`;
      return issue.inclusive ? `ต้องไม่น้อยกว่า ${n}` : `ต้องมากกว่า ${n}`;
    }
    case 'too_big': {
      const n = limit(issue.maximum);
      if (issue.origin === 'string') return `ยาวได้ไม่เกิน ${n} ตัวอักษร`;
      if (issue.origin === 'array' || issue.origin === 'set') return `มีได้ไม่เกิน ${n} รายการ`;
      return issue.inclusive ? `ต้องไม่เกิน ${n}` : `ต้องน้อยกว่า ${n}`;
    }
    case 'invalid_format':
      return 'รูปแบบข้อมูลไม่ถูกต้อง';
    case 'not_multiple_of':
      return `ต้องเป็นจำนวนที่หารด้วย ${limit(issue.divisor)} ลงตัว`;
    case 'unrecognized_keys':
      return 'มีข้อมูลที่ระบบไม่รู้จัก';
    case 'invalid_key':
      return 'ชื่อข้อมูลไม่ถูกต้อง';
    case 'invalid_element':
      return 'ข้อมูลในรายการไม่ถูกต้อง';
    case 'invalid_value':
      return 'กรุณาเลือกจากตัวเลือกที่กำหนด';
    default:
      return 'ข้อมูลไม่ถูกต้อง';
  }
};

z.config({ customError: thaiErrorMap });

/** A character no text field may hold: PostgreSQL text cannot store it. */
export const FORBIDDEN_CHARACTER_MESSAGE = 'ข้อความมีอักขระที่ไม่อนุญาต';
