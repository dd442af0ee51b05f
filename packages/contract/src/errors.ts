/**
 * The error catalogue: every non-zero `error` the API answers, with its Thai message and HTTP status.
 * Business refusals are HTTP 200 (docs/decisions/0003-http-status-and-validation.md); only auth, rate limits, malformed requests and
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
  DATABASE_UNAVAILABLE: {
    error: 1010,
    status: 503,
    message: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่',
  },

  AGENT_NOT_FOUND: { error: 1100, status: 200, message: 'ไม่พบรหัสเอเย่นต์นี้' },
  AGENT_MISMATCH: { error: 1101, status: 200, message: 'รหัสเอเย่นต์ไม่ตรงกับเว็บไซต์นี้ กรุณาโหลดหน้าเว็บใหม่' },

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
  OTP_BUSY: {
    error: 1211,
    status: 200,
    message: 'ขณะนี้มีการขอรหัส OTP จำนวนมาก กรุณาลองใหม่ภายหลัง',
  },
  OTP_NETWORK_LIMIT: {
    error: 1212,
    status: 200,
    message: 'มีการขอรหัส OTP จากเครือข่ายนี้มากเกินไป กรุณาลองใหม่ภายหลัง',
  },

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
  STAFF_LOGIN_LOCKED: {
    error: 1306,
    status: 200,
    message: 'เข้าสู่ระบบผิดหลายครั้ง กรุณาลองใหม่ในอีก {minutes} นาที',
  },
  PASSWORD_TOO_COMMON: {
    error: 1307,
    status: 200,
    message: 'รหัสผ่านนี้ถูกใช้กันทั่วไปและเดาง่าย กรุณาตั้งรหัสผ่านที่คาดเดายากกว่านี้',
  },
  PASSWORD_IS_PHONE: { error: 1308, status: 200, message: 'รหัสผ่านต้องไม่ใช่เบอร์โทรศัพท์ของคุณ' },
  LOGIN_EXCLUDED: {
    error: 1309,
    status: 200,
    message:
      'บัญชีนี้ระงับการเล่นด้วยตนเอง{until} จึงเข้าสู่ระบบไม่ได้ หากมีเงินคงเหลือ กรุณาติดต่อเจ้าหน้าที่ เจ้าหน้าที่จะโอนคืนเข้าบัญชีธนาคารที่ลงทะเบียนไว้',
  },

  INSUFFICIENT_FUNDS: { error: 1400, status: 200, message: 'ยอดเงินในกระเป๋าไม่เพียงพอ' },
  WALLET_NOT_FOUND: { error: 1401, status: 200, message: 'ไม่พบกระเป๋าเงิน' },

  // lotto: 2000–2099
  LOTTO_ROUND_NOT_FOUND: { error: 2000, status: 200, message: 'ไม่พบงวดหวยนี้' },
  LOTTO_ROUND_CLOSED: { error: 2001, status: 200, message: 'งวดนี้ปิดรับแทงแล้ว' },
  LOTTO_INVALID_NUMBER: { error: 2002, status: 200, message: 'เลข {number} ไม่ถูกต้องสำหรับ {type}' },
  LOTTO_TYPE_DISABLED: { error: 2003, status: 200, message: '{type} ไม่เปิดรับในงวดนี้' },
  LOTTO_NUMBER_CLOSED: { error: 2004, status: 200, message: 'เลข {number} ({type}) ปิดรับแทง' },
  LOTTO_RATE_REDUCED: { error: 2005, status: 200, message: 'เลข {number} ({type}) จ่ายลดเหลือบาทละ {rate}' },
  LOTTO_BELOW_MIN: { error: 2006, status: 200, message: '{type} แทงขั้นต่ำ {min} บาท' },
  LOTTO_ABOVE_MAX: { error: 2007, status: 200, message: '{type} แทงได้สูงสุด {max} บาทต่อรายการ' },
  LOTTO_OVER_CEILING: { error: 2008, status: 200, message: 'เลข {number} ({type}) รับได้อีก {remaining} บาท' },
  LOTTO_DUPLICATE_LINE: { error: 2009, status: 200, message: 'เลข {number} ({type}) ซ้ำในโพย' },
  LOTTO_WALLET_NOT_ELIGIBLE: { error: 2010, status: 200, message: 'กระเป๋าเงินนี้ใช้แทงหวยไม่ได้' },
  LOTTO_BILL_NOT_FOUND: { error: 2011, status: 200, message: 'ไม่พบโพยนี้' },
  LOTTO_CANCEL_NOT_ALLOWED: {
    error: 2012,
    status: 200,
    message: 'ยกเลิกโพยได้ก่อนปิดรับ {minutes} นาทีเท่านั้น',
  },
  LOTTO_YEEKEE_NOT_CANCELLABLE: { error: 2013, status: 200, message: 'โพยหวยยี่กียกเลิกไม่ได้' },
  LOTTO_BILL_NOT_PENDING: { error: 2014, status: 200, message: 'โพยนี้ไม่อยู่ในสถานะรอผล' },
  LOTTO_NOT_YEEKEE: { error: 2015, status: 200, message: 'งวดนี้ไม่ใช่หวยยี่กี' },
  LOTTO_SHOOT_CLOSED: { error: 2016, status: 200, message: 'หมดเวลายิงเลขรอบนี้แล้ว' },
  LOTTO_SHOOT_NOT_OPEN: { error: 2017, status: 200, message: 'รอบนี้ยังไม่เปิดให้ยิงเลข' },
  LOTTO_SHOOT_COOLDOWN: { error: 2018, status: 200, message: 'กรุณารอ {seconds} วินาทีก่อนยิงเลขครั้งถัดไป' },
  LOTTO_SHOOT_LIMIT: { error: 2019, status: 200, message: 'ยิงเลขครบ {max} ครั้งของรอบนี้แล้ว' },
  LOTTO_SHOOT_IP_LIMIT: { error: 2020, status: 429, message: 'ยิงเลขบ่อยเกินไป กรุณารอสักครู่' },
  LOTTO_RESULT_TOO_EARLY: { error: 2021, status: 200, message: 'ยังไม่ถึงเวลาออกรางวัลของงวดนี้ บันทึกผลไม่ได้' },
  LOTTO_RESULT_INVALID: { error: 2022, status: 200, message: 'ผลรางวัลไม่ถูกต้อง: {detail}' },
  LOTTO_REASON_REQUIRED: { error: 2023, status: 200, message: 'การแก้ไขผลรางวัลต้องระบุเหตุผล' },
  LOTTO_ROUND_FINAL: { error: 2024, status: 200, message: 'งวดนี้{state}แล้ว ทำรายการนี้ไม่ได้' },
  LOTTO_RESULT_BY_SHOOTING: { error: 2025, status: 200, message: 'ผลหวยยี่กีคำนวณจากการยิงเลขเท่านั้น' },
  LOTTO_OPEN_BILL: { error: 2026, status: 200, message: 'มีโพยหวยที่รอผล' },
  LOTTO_MEMBER_DEBT: {
    error: 2027,
    status: 200,
    message: 'มียอดค้างชำระ {amount} บาทจากการแก้ไขผลหวย ถอนได้เมื่อหักชำระครบจากยอดเงินเข้าครั้งถัดไป',
  },
  LOTTO_BONUS_WALLET: {
    error: 2028,
    status: 200,
    message: 'กระเป๋าโบนัสใช้ได้กับ{categories}เท่านั้น กรุณาแทงหวยด้วยกระเป๋าหลัก',
  },
  // A bill met changed round rules (or exposure rows) on every try: nothing was bought, try again.
  LOTTO_RULES_CHANGING: {
    error: 2029,
    status: 503,
    message: 'กติกาของงวดนี้เพิ่งมีการเปลี่ยนแปลง ยังไม่ได้ซื้อโพยนี้ กรุณาตรวจสอบโพยแล้วลองใหม่อีกครั้ง',
  },

  // payments: 2100–2199
  PAYMENT_CHANNEL_DISABLED: { error: 2100, status: 200, message: 'ช่องทางนี้ปิดให้บริการชั่วคราว กรุณาเลือกช่องทางอื่น' },
  DEPOSIT_AMOUNT_RANGE: { error: 2101, status: 200, message: 'ยอดฝากช่องทางนี้ต้องอยู่ระหว่าง {min}–{max} บาท' },
  DEPOSIT_AMOUNT_BUSY: { error: 2102, status: 200, message: 'ยอดนี้มีผู้ทำรายการมาก กรุณาเปลี่ยนยอด' },
  DEPOSIT_PENDING: { error: 2103, status: 200, message: 'มีรายการฝากค้างอยู่' },
  NO_RECEIVING_ACCOUNT: {
    error: 2104,
    status: 200,
    message: 'ช่องทางนี้ยังไม่มีบัญชีรับเงิน กรุณาเลือกช่องทางอื่น',
  },
  DEPOSIT_NOT_OPEN: { error: 2105, status: 200, message: 'รายการฝากนี้ปิดไปแล้ว' },
  SECOND_APPROVER_REQUIRED: {
    error: 2106,
    status: 200,
    message: 'รายการตั้งแต่ {amount} บาทต้องให้เจ้าหน้าที่อีกคนเป็นผู้ยืนยัน',
  },
  PROMOTION_NOT_AVAILABLE: { error: 2107, status: 200, message: 'โปรโมชั่นนี้ไม่สามารถเลือกได้' },
  WEBHOOK_SIGNATURE_INVALID: { error: 2108, status: 401, message: 'ลายเซ็นของรายการไม่ถูกต้อง' },
  GATEWAY_NOT_FOUND: { error: 2109, status: 404, message: 'ไม่พบช่องทางชำระเงินนี้' },
  SANDBOX_DISABLED: { error: 2110, status: 404, message: 'ระบบชำระเงินทดสอบไม่เปิดใช้งาน' },
  STATEMENT_TEMPLATE_UNKNOWN: { error: 2111, status: 200, message: 'ไม่รู้จักรูปแบบไฟล์นี้สำหรับบัญชีที่เลือก' },
  STATEMENT_FILE_INVALID: { error: 2112, status: 200, message: 'ไฟล์รายการเดินบัญชีไม่ถูกต้อง: {detail}' },
  STATEMENT_LINE_CLOSED: { error: 2113, status: 200, message: 'รายการนี้ได้รับการจัดการไปแล้ว' },
  DEPOSIT_STATE_CHANGED: { error: 2114, status: 200, message: 'สถานะรายการฝากเปลี่ยนไปแล้ว กรุณารีเฟรช' },
  SANDBOX_NOT_ALLOWED: {
    error: 2115,
    status: 200,
    message: 'เปิดระบบชำระเงินทดสอบไม่ได้ในระบบจริง (ต้องอนุญาตในการตั้งค่าเซิร์ฟเวอร์ก่อน)',
  },
  WITHDRAW_BELOW_MIN: { error: 2120, status: 200, message: 'ถอนขั้นต่ำ {min} บาท' },
  WITHDRAW_DAILY_CAP: {
    error: 2121,
    status: 200,
    message: 'เกินวงเงินถอนต่อวัน วันนี้ถอนได้อีก {left} บาท',
  },
  WITHDRAW_PENDING: { error: 2122, status: 200, message: 'มีรายการถอนรอดำเนินการอยู่ กรุณารอให้เสร็จก่อน' },
  TURNOVER_INCOMPLETE: { error: 2123, status: 200, message: 'ยังทำเทิร์นไม่ครบ {done}/{required}' },
  WITHDRAWAL_STATE_CHANGED: {
    error: 2125,
    status: 200,
    message: 'สถานะรายการถอนเปลี่ยนไปแล้ว กรุณารีเฟรช',
  },
  WITHDRAW_FROZEN: {
    error: 2126,
    status: 200,
    message: 'ระงับการถอนชั่วคราว: ยอดในกระเป๋าไม่ตรงกับรายการบัญชี ถอนได้อีกครั้งเมื่อเจ้าหน้าที่ตรวจสอบเสร็จ',
  },
  WITHDRAW_FREEZE_NOT_OPEN: { error: 2127, status: 200, message: 'รายการระงับการถอนนี้ถูกปลดไปแล้วหรือไม่มีอยู่' },
  WITHDRAW_NAME_CHECK_REQUIRED: {
    error: 2128,
    status: 200,
    message: 'การจ่ายครั้งแรกของสมาชิกนี้ ต้องกรอกชื่อบัญชีที่ธนาคารแสดงเพื่อตรวจสอบกับชื่อที่สมัครไว้',
  },
  WITHDRAW_NAME_MISMATCH: {
    error: 2129,
    status: 200,
    message: 'ชื่อบัญชีที่ธนาคารแสดง ({shown}) ไม่ตรงกับชื่อที่สมาชิกสมัครไว้ ({registered}) ยังไม่ได้จ่ายเงิน',
  },
  MEMBER_NOT_FOUND: { error: 2130, status: 200, message: 'ไม่พบสมาชิกนี้' },
  WITHDRAW_SECOND_OPERATOR: {
    error: 2132,
    status: 200,
    message:
      'รายการถอนที่ผ่านการตรวจสอบ (ยอดตั้งแต่ {review} บาทหรือสมาชิกที่ถูกตั้งข้อสังเกต) ต้องให้เจ้าหน้าที่อีกคนเป็นผู้จ่าย ไม่ใช่ผู้ที่ปล่อยรายการจากการตรวจสอบ',
  },
  WITHDRAW_REQUESTER_CANNOT_PAY: {
    error: 2133,
    status: 200,
    message: 'รายการถอนที่เจ้าหน้าที่แจ้งแทนสมาชิก ต้องให้เจ้าหน้าที่อีกคนเป็นผู้จ่าย ไม่ใช่ผู้ที่แจ้งรายการ',
  },
  WITHDRAW_MEMBER_NOT_EXCLUDED: {
    error: 2131,
    status: 200,
    message: 'สมาชิกนี้ไม่ได้ระงับการเล่นด้วยตนเองและเข้าสู่ระบบได้ ให้สมาชิกแจ้งถอนเงินเองจากหน้าถอนเงิน',
  },

  // games: 2200–2299
  GAME_NOT_FOUND: { error: 2200, status: 200, message: 'ไม่พบเกมที่ต้องการ' },
  GAME_WALLET_NOT_ALLOWED: { error: 2201, status: 200, message: 'กระเป๋าเงินนี้ไม่สามารถใช้เล่นเกมนี้ได้' },
  GAME_DEMO_UNAVAILABLE: { error: 2202, status: 200, message: 'เกมนี้ไม่เปิดให้ทดลองเล่น' },
  GAME_SESSION_INVALID: { error: 2203, status: 200, message: 'เซสชันเกมหมดอายุ กรุณาปิดเกมแล้วเข้าใหม่อีกครั้ง' },
  GAME_BET_INVALID: { error: 2204, status: 200, message: 'จำนวนเงินเดิมพันไม่ถูกต้อง' },
  GAME_BETTING_CLOSED: { error: 2205, status: 200, message: 'ปิดรับเดิมพันแล้ว กรุณารอรอบถัดไป' },
  GAME_TOO_FAST: { error: 2206, status: 200, message: 'ทำรายการเร็วเกินไป กรุณารอสักครู่' },
  GAME_PROVIDER_UNAVAILABLE: { error: 2207, status: 200, message: 'ค่ายเกมนี้ปิดปรับปรุงชั่วคราว' },
  // rewards (points, check-in, quests, wheel, shop, risk holds): 2300–2399
  POINTS_INSUFFICIENT: { error: 2300, status: 200, message: 'แต้มสะสมไม่พอสำหรับรายการนี้' },
  REWARD_HOLD_NOT_OPEN: { error: 2301, status: 200, message: 'รายการรางวัลนี้ได้รับการพิจารณาไปแล้วหรือไม่มีอยู่' },
  REWARD_SETTING_INVALID: { error: 2302, status: 200, message: 'ค่าตั้งค่ากิจกรรมไม่ถูกต้อง: {reason}' },
  REWARD_HOLD_MEMBER_BLOCKED: {
    error: 2303,
    status: 200,
    message: 'สมาชิกอยู่ในช่วงพักการเล่นหรือระงับการเล่นด้วยตนเอง จึงจ่ายรางวัลไม่ได้ในตอนนี้ (เลือกไม่อนุมัติได้ หรือรอให้ช่วงนั้นสิ้นสุด)',
  },
  CHECKIN_DEPOSIT_REQUIRED: {
    error: 2310,
    status: 200,
    message: 'เช็คอินได้หลังมียอดฝากที่ยืนยันแล้วอย่างน้อย {amount} บาทในวันนี้',
  },
  CHECKIN_CLOSED: { error: 2311, status: 200, message: 'ระบบเช็คอินปิดให้บริการชั่วคราว' },
  QUEST_NOT_FOUND: { error: 2320, status: 200, message: 'ไม่พบภารกิจนี้ หรือภารกิจหมดเวลาแล้ว' },
  QUEST_NOT_COMPLETE: { error: 2321, status: 200, message: 'ภารกิจยังไม่สำเร็จ ทำต่ออีกนิดแล้วค่อยกดรับรางวัล' },
  EVENT_NOT_FOUND: { error: 2322, status: 200, message: 'ไม่พบกิจกรรมนี้ หรือกิจกรรมสิ้นสุดแล้ว' },
  QUEST_HAS_CLAIMS: {
    error: 2323,
    status: 200,
    message: 'ภารกิจนี้มีผู้รับรางวัลแล้ว เปลี่ยนประเภทงาน รอบเวลา หรือวันเริ่มไม่ได้ กรุณาสร้างภารกิจใหม่แทน',
  },
  WHEEL_NO_SPINS: { error: 2330, status: 200, message: 'วันนี้ใช้สิทธิ์หมุนฟรีไปแล้ว กรุณาใช้แต้มเพื่อหมุนเพิ่ม' },
  WHEEL_NO_POINTS: { error: 2331, status: 200, message: 'แต้มไม่พอสำหรับหมุนวงล้อ (ต้องใช้ {points} แต้มต่อครั้ง)' },
  WHEEL_DAILY_LIMIT: { error: 2332, status: 200, message: 'วันนี้หมุนด้วยแต้มครบ {limit} ครั้งแล้ว กลับมาใหม่พรุ่งนี้' },
  WHEEL_SPIN_NOT_FOUND: { error: 2333, status: 200, message: 'ไม่พบรายการหมุนวงล้อนี้' },
  WHEEL_CLOSED: { error: 2334, status: 200, message: 'วงล้อเสี่ยงโชคปิดให้บริการชั่วคราว' },
  WHEEL_TABLE_INVALID: { error: 2335, status: 200, message: 'ตารางรางวัลวงล้อไม่ถูกต้อง: {reason}' },
  SHOP_ITEM_NOT_FOUND: { error: 2340, status: 200, message: 'ไม่พบของรางวัลนี้ หรือของรางวัลปิดการแลกแล้ว' },
  SHOP_INVALID_QUANTITY: { error: 2341, status: 200, message: 'จำนวนที่แลกไม่ถูกต้อง' },
  SHOP_OUT_OF_STOCK: { error: 2342, status: 200, message: 'ของรางวัลหมดแล้ว' },
  SHOP_MONTHLY_LIMIT: { error: 2343, status: 200, message: 'แลกของรางวัลนี้ครบ {limit} ชิ้นในเดือนนี้แล้ว' },
  SHOP_QUOTE_EXPIRED: { error: 2344, status: 200, message: 'ใบเสนอราคาหมดอายุแล้ว กรุณาคำนวณแต้มใหม่อีกครั้ง' },
  SHOP_QUOTE_USED: { error: 2345, status: 200, message: 'ใบเสนอราคานี้ถูกใช้ไปแล้ว' },
  SHOP_PRICE_CHANGED: { error: 2346, status: 200, message: 'ราคาของรางวัลเปลี่ยนแล้ว กรุณาคำนวณแต้มใหม่อีกครั้ง' },
  SHOP_ORDER_ILLEGAL_MOVE: { error: 2347, status: 200, message: 'เปลี่ยนสถานะคำสั่งแลกนี้ไม่ได้' },
  SHOP_QUOTE_NOT_FOUND: { error: 2348, status: 200, message: 'ไม่พบใบเสนอราคานี้ กรุณาคำนวณแต้มใหม่อีกครั้ง' },
  // rewards II: promotions and coupons 2400–2429
  PROMOTION_NOT_ELIGIBLE: { error: 2400, status: 200, message: 'รับโปรโมชั่นนี้ไม่ได้: {reason}' },
  PROMOTION_MIN_DEPOSIT: { error: 2401, status: 200, message: 'โปรโมชั่นนี้ต้องฝากขั้นต่ำ {min} บาท' },
  PROMOTION_NOT_ACTIVE: { error: 2402, status: 200, message: 'โปรโมชั่นนี้สิ้นสุดไปแล้ว หรือไม่ได้อยู่ระหว่างใช้งาน' },
  PROMOTION_CANCEL_OPEN_ROUND: {
    error: 2403,
    status: 200,
    message: 'ยกเลิกโปรโมชั่นไม่ได้ระหว่างที่มีเกมจากกระเป๋าโบนัสรอผล กรุณารอให้เกมจบก่อน',
  },
  PROMOTION_NOT_EDITABLE: { error: 2404, status: 200, message: 'โปรโมชั่นนี้สิ้นสุดหรือมีเวอร์ชันใหม่แล้ว แก้ไขไม่ได้' },
  COUPON_INVALID: { error: 2410, status: 200, message: 'โค้ดคูปองไม่ถูกต้อง' },
  COUPON_EXPIRED: { error: 2411, status: 200, message: 'คูปองนี้หมดอายุแล้ว' },
  COUPON_DISABLED: { error: 2412, status: 200, message: 'คูปองนี้ถูกปิดใช้งานแล้ว' },
  COUPON_USED_UP: { error: 2413, status: 200, message: 'คูปองนี้ถูกใช้ครบจำนวนแล้ว' },
  COUPON_ALREADY_USED: { error: 2414, status: 200, message: 'คุณใช้คูปองนี้ไปแล้ว' },
  COUPON_BALANCE_TOO_HIGH: {
    error: 2415,
    status: 200,
    message: 'ใช้คูปองได้เมื่อยอดเงินทุกกระเป๋ารวมกันต่ำกว่า {amount} บาทเท่านั้น',
  },
  COUPON_OPEN_PLAY: { error: 2416, status: 200, message: 'ใช้คูปองได้เมื่อไม่มีเกมหรือโพยหวยที่รอผลเท่านั้น' },
  COUPON_LOCKED: {
    error: 2417,
    status: 200,
    message: 'กรอกโค้ดคูปองผิดครบ {limit} ครั้ง ใช้คูปองได้อีกครั้งในอีก {minutes} นาที',
  },
  COUPON_MEMBER_NOT_FOUND: { error: 2418, status: 200, message: 'ไม่พบสมาชิกรหัส {ids}' },
  COUPON_CODE_TAKEN: {
    error: 2419,
    status: 200,
    message: 'โค้ดนี้มีคูปองอื่นใช้อยู่แล้ว (ไม่นับตัวพิมพ์เล็ก-ใหญ่) กรุณาเลือกโค้ดอื่น',
  },
  // affiliate (docs/rules/engagement.md §11): 2460–2489
  AFFILIATE_REDEEM_MIN: { error: 2460, status: 200, message: 'ถอนค่าแนะนำเพื่อนได้ขั้นต่ำครั้งละ {min} บาท' },
  AFFILIATE_BALANCE_LOW: {
    error: 2461,
    status: 200,
    message: 'ยอดค่าแนะนำเพื่อนคงเหลือไม่พอ (คงเหลือ {balance} บาท)',
  },
  AFFILIATE_DAILY_LIMIT: {
    error: 2462,
    status: 200,
    message: 'ถอนค่าแนะนำเพื่อนได้สูงสุดวันละ {limit} บาท วันนี้ถอนได้อีก {left} บาท',
  },
  AFFILIATE_DAY_NOT_OVER: { error: 2463, status: 200, message: 'คำนวณค่าแนะนำได้เฉพาะวันที่สิ้นสุดไปแล้วเท่านั้น' },
  // loss cashback and turnover commission (docs/rules/engagement.md §3, §4): 2430–2459
  CASHBACK_NO_LOSS: {
    error: 2430,
    status: 200,
    message: 'วันที่ {date} ไม่มียอดเสีย{source} จึงไม่มียอดคืนให้รับ',
  },
  CASHBACK_BELOW_MINIMUM: {
    error: 2431,
    status: 200,
    message: 'ยอดคืนของวันที่ {date} คือ {amount} บาท ต่ำกว่าขั้นต่ำ {minimum} บาท จึงรับไม่ได้',
  },
  CASHBACK_WINDOW_CLOSED: {
    error: 2432,
    status: 200,
    message: 'หมดเวลารับคืนยอดเสียของวันที่ {date} แล้ว (รับได้เฉพาะวันถัดไป เวลา 00:00–23:59 น.)',
  },
  CASHBACK_NOT_OPEN: {
    error: 2433,
    status: 200,
    message: 'ยังไม่ถึงเวลารับคืนยอดเสียของวันที่ {date} (รับได้วันถัดไป เวลา 00:00–23:59 น.)',
  },
  CASHBACK_CLOSED: { error: 2434, status: 200, message: 'ระบบคืนยอดเสียปิดให้บริการชั่วคราว' },
  COMMISSION_CLOSED: { error: 2435, status: 200, message: 'ระบบคืนยอดเทิร์นปิดให้บริการชั่วคราว' },
  CASHBACK_RERUN_DAY: {
    error: 2436,
    status: 200,
    message: 'คำนวณซ้ำได้เฉพาะวันที่จบไปแล้ว ย้อนหลังไม่เกิน {days} วัน',
  },
  // polls and LINE (LIFF) pages: 2500–2529
  POLL_NOT_FOUND: { error: 2500, status: 200, message: 'ไม่พบโพลนี้ หรือโพลยังไม่เปิดให้ร่วมสนุก' },
  POLL_NOT_STARTED: { error: 2501, status: 200, message: 'โพลนี้ยังไม่เปิดโหวต เริ่มโหวตได้ {open_at}' },
  POLL_CLOSED: { error: 2502, status: 200, message: 'โพลนี้ปิดโหวตแล้ว ไม่สามารถโหวตเพิ่มได้' },
  POLL_NO_VOTES_LEFT: {
    error: 2503,
    status: 200,
    message: 'คุณใช้สิทธิ์โหวตครบ {quota} สิทธิ์แล้ว ฝากเงินเพิ่มระหว่างเปิดโพลเพื่อรับสิทธิ์เพิ่ม',
  },
  POLL_MAX_VOTES: { error: 2504, status: 200, message: 'คุณใช้สิทธิ์โหวตครบ {quota} สิทธิ์ซึ่งเป็นจำนวนสูงสุดแล้ว' },
  POLL_CHOICE_NOT_FOUND: { error: 2505, status: 200, message: 'ไม่พบตัวเลือกนี้ในโพล' },
  POLL_INVALID: { error: 2506, status: 200, message: 'ข้อมูลโพลไม่ถูกต้อง: {reason}' },
  POLL_WRONG_STATE: { error: 2507, status: 200, message: 'ทำรายการนี้ไม่ได้: {reason}' },
  POLL_NOT_CLOSED: {
    error: 2508,
    status: 200,
    message: 'ยังประกาศผลไม่ได้ โพลนี้ยังเปิดโหวตอยู่ (ปิดโหวต {close_at})',
  },
  POLL_RESULT_SET: { error: 2509, status: 200, message: 'โพลนี้ประกาศผลไปแล้ว เปลี่ยนผลไม่ได้' },
  LINE_NOT_CONFIGURED: { error: 2520, status: 200, message: 'เว็บไซต์นี้ยังไม่เปิดใช้งานการเชื่อมต่อบัญชีไลน์' },
  LINE_TOKEN_INVALID: {
    error: 2521,
    status: 200,
    message: 'ยืนยันบัญชีไลน์ไม่สำเร็จหรือหมดเวลาแล้ว กรุณาเปิดหน้านี้จากแอปไลน์แล้วลองใหม่',
  },
  LINE_ALREADY_LINKED: { error: 2522, status: 200, message: 'บัญชีไลน์นี้เชื่อมกับสมาชิกอื่นอยู่แล้ว' },
  LINE_UNAVAILABLE: { error: 2523, status: 503, message: 'ติดต่อไลน์ไม่ได้ในขณะนี้ กรุณาลองใหม่อีกครั้งในอีกสักครู่' },
  // LINE messages (docs/rules/connectors.md §5): 2760–2779
  LINE_NOTIFY_NOT_LINKED: {
    error: 2760,
    status: 200,
    message: 'กรุณาเชื่อมบัญชีไลน์ก่อน จึงจะเลือกรับการแจ้งเตือนทางไลน์ได้',
  },
  LINE_MESSAGES_NOT_CONFIGURED: {
    error: 2761,
    status: 200,
    message: 'ยังไม่ได้ตั้งค่าโทเคนสำหรับส่งข้อความไลน์ของเว็บไซต์',
  },
  LINE_USER_ID_INVALID: {
    error: 2762,
    status: 200,
    message: 'รหัสผู้ใช้ไลน์ไม่ถูกต้อง (รหัสยาว 33 ตัวอักษร ดูได้จากหน้าตั้งค่าช่องทางของไลน์)',
  },
  LINE_SIGNATURE_INVALID: { error: 2763, status: 401, message: 'ลายเซ็นของข้อความจากไลน์ไม่ถูกต้อง' },
  LINE_SEND_FAILED: { error: 2764, status: 200, message: 'ส่งข้อความไลน์ไม่สำเร็จ: {reason}' },
  // connectors (docs/rules/connectors.md): 2700–2799 (2700–2719 common and SMS, 2720–2739 bank QR,
  // 2740–2759 wallet webhook and relay, 2760–2779 LINE messages, 2780–2799 operations)
  CONNECTOR_KEY_MISSING: {
    error: 2700,
    status: 200,
    message: 'ยังไม่ได้ตั้งกุญแจเข้ารหัสของระบบ จึงบันทึกรหัสผ่านของผู้ให้บริการไม่ได้ (ดูคู่มือการติดตั้ง)',
  },
  // operations (docs/operations.md, "Health and readiness"): 2780–2799
  NOT_READY: {
    error: 2780,
    status: 503,
    message: 'ระบบยังไม่พร้อมให้บริการ ({reason}) กรุณาลองใหม่อีกครั้งในอีกสักครู่',
  },
  // SCB QR payment (docs/rules/payments.md §3.4): 2720–2739
  SCB_UNAVAILABLE: {
    error: 2720,
    status: 503,
    message: 'ระบบชำระเงินของธนาคารไทยพาณิชย์ไม่ตอบสนองในขณะนี้ กรุณาลองใหม่อีกครั้งหรือเลือกช่องทางอื่น',
  },
  SCB_REFUSED: {
    error: 2721,
    status: 503,
    message: 'ธนาคารไทยพาณิชย์ปฏิเสธคำขอ (รหัส {code}) กรุณาเลือกช่องทางอื่น',
  },
  SCB_CALLBACK_INVALID: { error: 2722, status: 400, message: 'ข้อมูลยืนยันการชำระเงินไม่ครบหรือไม่ถูกต้อง' },
  SCB_CALLBACK_UNCONFIRMED: {
    error: 2723,
    status: 401,
    message: 'ธนาคารไม่ยืนยันรายการชำระเงินนี้ จึงไม่ได้บันทึกรายการ',
  },
  SCB_NOT_CONFIGURED: { error: 2724, status: 404, message: 'ยังไม่ได้ตั้งค่าการรับชำระผ่านธนาคารไทยพาณิชย์' },
  CONNECTOR_UNKNOWN: { error: 2701, status: 200, message: 'ไม่พบการเชื่อมต่อนี้' },
  CONNECTOR_SECRET_UNKNOWN: { error: 2702, status: 200, message: 'การเชื่อมต่อนี้ไม่มีรหัสชื่อนี้' },
  CONNECTOR_SECRET_FROM_ENV: {
    error: 2703,
    status: 200,
    message: 'รหัสนี้ตั้งไว้ในการตั้งค่าของเซิร์ฟเวอร์ (ตัวแปรสภาพแวดล้อม) จึงแก้ไขจากหน้านี้ไม่ได้',
  },
  CONNECTOR_SECRET_NOT_SET: { error: 2704, status: 200, message: 'ยังไม่ได้บันทึกรหัสนี้จากหน้านี้' },
  CONNECTOR_CANNOT_TEST: { error: 2705, status: 200, message: 'การเชื่อมต่อนี้ทดสอบส่งจากหน้านี้ไม่ได้' },
  SMS_TEST_PHONE: {
    error: 2706,
    status: 200,
    message: 'กรุณากรอกเบอร์มือถือ 10 หลักที่จะรับข้อความทดสอบ',
  },
  SMS_TEST_FAILED: { error: 2707, status: 200, message: 'ส่งข้อความทดสอบไม่สำเร็จ: {reason}' },
  SMS_CALLBACK_REJECTED: { error: 2708, status: 403, message: 'รายงานสถานะข้อความไม่ผ่านการตรวจลายเซ็น' },
  // the TrueMoney wallet's webhook and the bank-notification relay (docs/rules/payments.md §3.5, §3.6);
  // a bad signature answers WEBHOOK_SIGNATURE_INVALID (2108), as for a gateway
  WEBHOOK_NOT_CONFIGURED: { error: 2740, status: 403, message: 'ยังไม่ได้ตั้งค่าการรับข้อมูลช่องทางนี้' },
  WEBHOOK_STALE: {
    error: 2741,
    status: 401,
    message: 'เวลาของข้อมูลอยู่นอกช่วงที่รับได้ กรุณาตรวจเวลาของเครื่องที่ส่ง',
  },
  WEBHOOK_EVENT_INVALID: { error: 2742, status: 400, message: 'ข้อมูลรายการไม่ครบหรือไม่ถูกต้อง' },
  RELAY_NONCE_USED: { error: 2743, status: 401, message: 'ข้อความนี้ถูกส่งมาแล้ว รหัสครั้งเดียวซ้ำกับที่เคยใช้' },
  RELAY_TEXT_UNKNOWN: {
    error: 2744,
    status: 200,
    message: 'อ่านข้อความแจ้งเตือนนี้ไม่ได้ หรือไม่ใช่รายการเงินเข้า กรุณานำเข้ารายการเดินบัญชีแทน',
  },
  // game aggregators (Hub88, docs/rules/casino.md §8): 2800–2819
  GAME_AGGREGATOR_UNAVAILABLE: {
    error: 2800,
    status: 200,
    message: 'ผู้ให้บริการเกมไม่ตอบรับในขณะนี้ กรุณาลองใหม่อีกครั้งในอีกสักครู่',
  },
  // operator console (apps/backoffice) and its payments settings: 2600–2609
  PAYMENT_WITHDRAW_LIMITS: {
    error: 2600,
    status: 200,
    message: 'ยอดถอนขั้นต่ำต้องไม่เกินวงเงินถอนต่อวัน',
  },
  // sooth, baccarat roads (docs/rules/casino.md §7): 2530–2549
  SOOTH_ROOM_NOT_FOUND: { error: 2530, status: 200, message: 'ไม่พบห้องบาคาร่านี้ หรือห้องปิดให้บริการแล้ว' },
  // the console's lottery section (docs/rules/lottery.md §3, §5, §6, §8): 2635–2649
  LOTTO_RATE_INVALID: { error: 2635, status: 200, message: 'อัตราจ่าย {type} ไม่ถูกต้อง: {detail}' },
  LOTTO_SCHEDULE_INVALID: { error: 2636, status: 200, message: 'ตารางเวลาไม่ถูกต้อง: {detail}' },
  LOTTO_RESULT_VERSION_CHANGED: {
    error: 2637,
    status: 200,
    message: 'ผลรางวัลงวดนี้ถูกแก้ไขไปแล้ว (ครั้งที่ {version}) กรุณาโหลดข้อมูลใหม่ก่อนแก้ไข',
  },
  LOTTO_NO_RESULT_TO_CORRECT: {
    error: 2638,
    status: 200,
    message: 'งวดนี้ยังไม่มีผลรางวัลให้แก้ไข กรุณาบันทึกผลรางวัลก่อน',
  },
  LOTTO_RESULT_SAME: { error: 2639, status: 200, message: 'ผลที่แก้ไขตรงกับผลรางวัลเดิม ไม่มีอะไรเปลี่ยนแปลง' },
  LOTTO_RATES_LOCKED: { error: 2640, status: 200, message: 'งวดนี้{state}แล้ว เปลี่ยนอัตราจ่ายไม่ได้' },
  LOTTO_NO_DRAW_ON_DATE: { error: 2641, status: 200, message: '{market} ไม่มีงวดที่ {round} ในวันที่ {date}' },
  LOTTO_OPEN_TOO_LATE: { error: 2642, status: 200, message: 'งวดนี้เลยเวลาปิดรับแล้ว เปิดรับแทงไม่ได้' },
  LOTTO_OPEN_NOT_ALLOWED: { error: 2643, status: 200, message: 'งวดนี้{state}แล้ว เปิดรับแทงอีกไม่ได้' },
  LOTTO_MARKET_NOT_FOUND: { error: 2644, status: 200, message: 'ไม่พบตลาดหวยนี้' },
  // results by two people, early close by the owner, rate/เลขอั้น templates (docs/rules/lottery.md §6, §8, §12): 2650–2669
  LOTTO_EARLY_CLOSE_OWNER_ONLY: {
    error: 2650,
    status: 200,
    message: 'ปิดรับแทงก่อนเวลาที่กำหนดได้เฉพาะเจ้าของระบบ',
  },
  LOTTO_REOPEN_NOT_ALLOWED: { error: 2651, status: 200, message: 'เปิดรับแทงงวดนี้อีกครั้งไม่ได้: {detail}' },
  LOTTO_SCHEDULE_OWNER_ONLY: {
    error: 2652,
    status: 200,
    message: 'การเปลี่ยนวันหรือเวลาออกรางวัลต้องใช้สิทธิ์เจ้าของระบบ',
  },
  LOTTO_TEMPLATE_NOT_FOUND: { error: 2653, status: 200, message: 'ไม่พบแม่แบบนี้' },
  LOTTO_TEMPLATE_INVALID: { error: 2654, status: 200, message: 'แม่แบบไม่ถูกต้อง: {detail}' },
  LOTTO_FEED_NOT_CONFIGURED: {
    error: 2655,
    status: 200,
    message: 'ยังไม่ได้ตั้งค่าการดึงผลรางวัลจากสำนักงานสลากกินแบ่งรัฐบาล',
  },
  LOTTO_FEED_NOT_GLO: { error: 2656, status: 200, message: 'ดึงผลอัตโนมัติได้เฉพาะหวยรัฐบาลไทย' },
  // operator console, members and dashboard: 2620–2634
  MEMBER_ALREADY_SUSPENDED: { error: 2620, status: 200, message: 'สมาชิกนี้ถูกระงับการเข้าสู่ระบบอยู่แล้ว' },
  MEMBER_NOT_SUSPENDED: { error: 2621, status: 200, message: 'สมาชิกนี้ไม่ได้ถูกระงับการเข้าสู่ระบบ' },
  REPORT_DAY_IN_FUTURE: { error: 2622, status: 200, message: 'วันที่สิ้นสุดของรายงานต้องไม่เกินวันนี้' },
  MEMBER_SUSPENDED_NO_RESET: {
    error: 2623,
    status: 200,
    message: 'สมาชิกนี้ถูกระงับการเข้าสู่ระบบ กรุณายกเลิกการระงับก่อนส่งรหัสตั้งรหัสผ่านใหม่',
  },
  // staff accounts and games for the operator (docs/decisions/0060-console-staff-audit-games.md): 2610–2619
  STAFF_USERNAME_TAKEN: { error: 2610, status: 200, message: 'ชื่อผู้ใช้นี้มีอยู่ในระบบแล้ว' },
  STAFF_NOT_FOUND: { error: 2611, status: 200, message: 'ไม่พบบัญชีพนักงานนี้' },
  STAFF_LAST_OWNER: {
    error: 2612,
    status: 200,
    message: 'ต้องมีเจ้าของระบบที่ใช้งานได้อย่างน้อย 1 คน จึงปิดบัญชีหรือเปลี่ยนบทบาทของเจ้าของระบบคนสุดท้ายไม่ได้',
  },
  STAFF_PASSWORD_IS_USERNAME: { error: 2613, status: 200, message: 'รหัสผ่านต้องไม่เหมือนกับชื่อผู้ใช้' },
  GAME_PROVIDER_NOT_FOUND: { error: 2614, status: 200, message: 'ไม่พบค่ายเกมนี้' },
  FAIR_SEED_NOT_ROTATABLE: {
    error: 2615,
    status: 200,
    message: 'หมุนเมล็ดสุ่มนี้ไม่ได้ หมุนได้เฉพาะเมล็ดที่ใช้งานอยู่ของผู้เล่น (เมล็ดของโต๊ะรวมเปลี่ยนเองเมื่อจบขอนหรือจบคู่)',
  },
  // player protection (docs/rules/protection.md): 2550–2579
  PROTECTION_DEPOSIT_LIMIT: {
    error: 2550,
    status: 200,
    message:
      'ยอดฝากนี้เกินวงเงินฝากสูงสุด{period}ที่คุณตั้งไว้ ({limit} บาท ฝากไปแล้ว {used} บาท) ฝากได้อีกไม่เกิน {left} บาท วงเงินเริ่มใหม่ {resets_at}',
  },
  PROTECTION_LOSS_LIMIT: {
    error: 2551,
    status: 200,
    message: 'เดิมพันนี้จะทำให้ยอดเสียเกินวงเงินเสียสูงสุด{period}ที่คุณตั้งไว้ ({limit} บาท) วงเงินเริ่มใหม่ {resets_at}',
  },
  PROTECTION_TIMEOUT: {
    error: 2552,
    status: 200,
    message: 'บัญชีของคุณอยู่ในช่วงพักการเล่นถึง {until} ระหว่างนี้ฝากเงิน เล่นเกม แทงหวย และรับรางวัลไม่ได้ (ถอนเงินได้ตามปกติ)',
  },
  PROTECTION_EXCLUDED: {
    error: 2553,
    status: 200,
    message:
      'บัญชีของคุณระงับการเล่นด้วยตนเอง{until} ระหว่างนี้ฝากเงิน เล่นเกม แทงหวย และรับสิทธิพิเศษไม่ได้ (ถอนเงินได้ตามปกติ)',
  },
  PROTECTION_BLOCK_SHORTER: {
    error: 2554,
    status: 200,
    message: 'ไม่สามารถย่นระยะเวลาได้ ช่วงที่เลือกต้องสิ้นสุดหลัง {until} ซึ่งเป็นวันสิ้นสุดของช่วงปัจจุบัน',
  },
  PROTECTION_EXCLUDED_NO_TIMEOUT: {
    error: 2555,
    status: 200,
    message: 'บัญชีของคุณระงับการเล่นด้วยตนเองอยู่แล้ว ไม่ต้องตั้งพักการเล่นเพิ่ม',
  },
} as const satisfies Record<string, { error: number; status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export function errorMessage(code: ErrorCode, params: Record<string, string | number> = {}): string {
  return errorCatalogue[code].message.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
