/**
 * The error catalogue: every non-zero `error` the API answers, with its Thai message and HTTP status.
 * Business refusals are HTTP 200 (ARCHITECTURE.md §4); only auth, rate limits, malformed requests and
 * server faults use other statuses. Messages may hold `{name}` placeholders filled from params.
 */
export const errorCatalogue = {
  MALFORMED_REQUEST: { error: 1000, status: 400, message: 'คำขอไม่ถูกต้อง กรุณาลองใหม่อีกครั้ง' },
  VALIDATION_FAILED: { error: 1001, status: 200, message: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง' },
  UNAUTHORIZED: { error: 1002, status: 401, message: 'เซสซั่นหมดอายุ กรุณาเข้าสู่ระบบใหม่' },
  FORBIDDEN: { error: 1003, status: 403, message: 'ไม่มีสิทธิ์ทำรายการนี้' },
  NOT_FOUND: { error: 1004, status: 404, message: 'ไม่พบข้อมูลที่ต้องการ' },
  RATE_LIMITED: { error: 1005, status: 429, message: 'ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่' },
  INTERNAL: { error: 1006, status: 500, message: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง' },
  IDEMPOTENCY_CONFLICT: { error: 1007, status: 200, message: 'รหัสอ้างอิงรายการนี้ถูกใช้กับรายการอื่นแล้ว' },
  RECORD_NOT_FOUND: { error: 1008, status: 200, message: 'ไม่พบรายการที่ต้องการ' },
  DUPLICATE_RECORD: { error: 1009, status: 200, message: 'ข้อมูลนี้มีอยู่ในระบบแล้ว' },

  AGENT_NOT_FOUND: { error: 1100, status: 200, message: 'ไม่พบรหัสเอเย่นต์นี้' },

  PHONE_TAKEN: { error: 1200, status: 200, message: 'เบอร์โทรศัพท์นี้ถูกใช้สมัครสมาชิกแล้ว' },
  BANK_ACCOUNT_TAKEN: { error: 1201, status: 200, message: 'เลขบัญชีนี้ถูกใช้สมัครสมาชิกแล้ว' },
  OTP_INVALID: { error: 1202, status: 200, message: 'รหัส OTP ไม่ถูกต้อง' },
  OTP_EXPIRED: { error: 1203, status: 200, message: 'รหัส OTP หมดอายุหรือยังไม่ได้ขอรหัส กรุณาขอรหัสใหม่' },
  OTP_TOO_MANY_ATTEMPTS: {
    error: 1204,
    status: 200,
    message: 'กรอกรหัส OTP ผิดเกินจำนวนครั้งที่กำหนด กรุณาขอรหัสใหม่',
  },
  OTP_COOLDOWN: { error: 1205, status: 200, message: 'กรุณารอ {seconds} วินาทีก่อนขอรหัส OTP ใหม่' },
  OTP_LIMIT: { error: 1206, status: 200, message: 'ขอรหัส OTP เกินจำนวนครั้งที่กำหนด กรุณาลองใหม่ภายหลัง' },
  BANK_NOT_SUPPORTED: { error: 1207, status: 200, message: 'ไม่รองรับธนาคารนี้' },
  REFERRAL_NOT_FOUND: { error: 1208, status: 200, message: 'ไม่พบรหัสผู้แนะนำนี้' },
  PHONE_NOT_REGISTERED: { error: 1209, status: 200, message: 'ไม่พบเบอร์โทรศัพท์นี้ในระบบ' },
  SUB_ACCOUNT_TAKEN: { error: 1210, status: 200, message: 'เบอร์ทรูมันนี่วอลเล็ทนี้ถูกใช้กับบัญชีอื่นแล้ว' },

  LOGIN_FAILED: { error: 1300, status: 200, message: 'เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง' },
  LOGIN_LOCKED: {
    error: 1301,
    status: 200,
    message: 'เข้าสู่ระบบผิดหลายครั้ง กรุณาลองใหม่ในอีก {minutes} นาที',
  },
  ACCOUNT_SUSPENDED: { error: 1302, status: 200, message: 'บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่' },
  WRONG_PASSWORD: { error: 1303, status: 200, message: 'รหัสผ่านเดิมไม่ถูกต้อง' },
  SAME_PASSWORD: { error: 1304, status: 200, message: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านเดิม' },
  STAFF_LOGIN_FAILED: { error: 1305, status: 200, message: 'ชื่อผู้ใช้ รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง' },

  INSUFFICIENT_FUNDS: { error: 1400, status: 200, message: 'ยอดเงินในกระเป๋าไม่เพียงพอ' },
  WALLET_NOT_FOUND: { error: 1401, status: 200, message: 'ไม่พบกระเป๋าเงิน' },

  // lotto: 2000–2099

  // payments: 2100–2199

  // games: 2200–2299
} as const satisfies Record<string, { error: number; status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export function errorMessage(code: ErrorCode, params: Record<string, string | number> = {}): string {
  return errorCatalogue[code].message.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
