import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import {
  baht,
  bahtAmount,
  bigId,
  bigIdParam,
  idParam,
  intId,
  phone,
  timestamp,
  wholeBahtAmount,
  wholeNumber,
} from '../fields.ts';
import { paged, pageQuery } from './admin-console.ts';

const tag = 'payments';
const adminTag = 'admin-payments';
const financeRoles = ['owner', 'finance'] as const;

/**
 * The deposit channels, by their payment_channel id (docs/rules/payments.md §1): bank transfer,
 * TrueMoney Wallet, PromptPay QR. Channels 1 and 2 have one sub-channel (1); PromptPay QR has two.
 */
export const PaymentChannel = { bank: 1, trueMoney: 2, promptPay: 3 } as const;
export type PaymentChannelId = (typeof PaymentChannel)[keyof typeof PaymentChannel];
/** Sub-channels: the only one of channels 1 and 2; of PromptPay QR, the operator's own ID or a gateway. */
export const PaymentSubChannel = { only: 1, promptPayId: 1, gateway: 2 } as const;

export const depositStatuses = ['open', 'paid', 'expired', 'cancelled', 'review', 'rejected'] as const;
export const withdrawalStatuses = ['pending', 'review', 'paid', 'rejected'] as const;
export const receivingKinds = ['bank', 'truemoney', 'promptpay', 'gateway'] as const;

/** Whole baht typed by a member: "500" or 500 (never " 0x64 " or "1e3"). */
const wholeBaht = (what: string) =>
  wholeBahtAmount({
    required: `กรุณากรอกยอด${what}`,
    format: `กรุณากรอกยอด${what}เป็นตัวเลข`,
    whole: `ยอด${what}ต้องเป็นจำนวนเต็มบาท`,
    tooBig: `ยอด${what}สูงเกินไป`,
  }).pipe(
    z
      .number()
      .positive({ error: `กรุณากรอกยอด${what}` })
      .max(10_000_000, { error: `ยอด${what}สูงเกินไป` }),
  );

const id = z.number().int();

export const receivingAccount = z.object({
  kind: z.enum(receivingKinds),
  /** agent_bank_account / agent_true_money_account / promptpay_account / payment_gateway id */
  id,
  name: z.string().describe('bank name, ทรูมันนี่วอลเล็ท, พร้อมเพย์ or the gateway'),
  bank_code: z.string().nullable(),
  bank_short: z.string().nullable(),
  account_no: z.string().nullable().describe('bank account, wallet phone or PromptPay ID'),
  account_name: z.string(),
});

export const memberAccount = z.object({
  bank_code: z.string(),
  bank_short: z.string(),
  bank_name: z.string(),
  account_no: z.string(),
  account_name: z.string(),
  true_money: z.string().nullable().describe('the wallet number channel 2 must come from'),
});

export const depositRequest = z.object({
  request_id: id,
  channel_id: id,
  sub_channel_id: id,
  status: z.enum(depositStatuses),
  status_label: z.string(),
  amount: baht,
  pay_amount: baht,
  paid_amount: baht.nullable(),
  created_at: timestamp,
  expires_at: timestamp,
  paid_at: timestamp.nullable(),
  server_time: timestamp,
  qr_payload: z.string().nullable(),
  qr_image: z.string().nullable().describe('data:image/png;base64 QR of qr_payload, error correction M'),
  receiving: receivingAccount,
  from_account: memberAccount,
  gateway_ref: z.string().nullable(),
  sandbox: z.boolean().describe('the sandbox gateway can pay this request (demo and test builds)'),
  promotion: z.object({ id, title: z.string() }).nullable(),
  notice: z.string().nullable(),
  reason: z.string().nullable(),
});

export const channel = z.object({
  channel_id: id,
  name: z.string(),
  enabled: z.boolean(),
  min: baht,
  max: baht,
  sub_channels: z.array(z.object({ sub_channel_id: id, name: z.string() })),
  instructions: z.array(z.string()),
});

export const channels = endpoint({
  method: 'GET',
  path: '/api/member/payment/channels',
  tag,
  auth: 'member',
  summary: 'Enabled deposit channels with their sub-channels, limits and instructions',
  data: z.array(channel),
});

export const info = endpoint({
  method: 'GET',
  path: '/api/member/payment/info',
  tag,
  auth: 'member',
  summary: "A channel's receiving accounts and the member's registered account",
  query: z.object({
    channel_id: wholeNumber(PaymentChannel.bank, PaymentChannel.promptPay, 'กรุณาเลือกช่องทางฝาก'),
  }),
  data: z.object({
    channel_id: id,
    min: baht,
    max: baht,
    accounts: z.array(receivingAccount),
    member_account: memberAccount,
  }),
});

export const depositPromotions = endpoint({
  method: 'GET',
  path: '/api/member/payment/promotions',
  tag,
  auth: 'member',
  summary: 'Added: promotions a member can pick for a deposit now (docs/rules/engagement.md §1)',
  data: z.object({
    active: z
      .object({
        title: z.string(),
        required_turnover: baht,
        turnover: baht,
        ends_at: timestamp,
      })
      .nullable(),
    items: z.array(
      z.object({
        id,
        title: z.string(),
        description: z.string(),
        image: z.string().nullable(),
        min_deposit: baht,
        eligible: z.boolean(),
        reason: z.string().nullable(),
      }),
    ),
  }),
});

export const generateQr = endpoint({
  method: 'POST',
  path: '/api/member/payment/generate_qr',
  tag,
  auth: 'member',
  summary:
    'Create a deposit request (Idempotency-Key header): unique pay amount, receiving account, PromptPay or gateway QR',
  body: z.object({
    channel_id: wholeNumber(PaymentChannel.bank, PaymentChannel.promptPay, 'กรุณาเลือกช่องทางฝาก'),
    sub_channel_id: wholeNumber(0, 9, 'กรุณาเลือกช่องทางฝาก').default(PaymentSubChannel.only),
    amount: wholeBaht('ฝาก'),
    promotion_id: intId.nullable().optional(),
    idempotency_key: z
      .string()
      .max(128)
      .optional()
      .describe('for clients that cannot set the Idempotency-Key header; the header wins'),
  }),
  data: depositRequest,
});

export const qrcodeInfo = endpoint({
  method: 'GET',
  path: '/api/member/payment/qrcode_info',
  tag,
  auth: 'member',
  summary: "The member's open deposit request, to show again after a reload (null when none)",
  data: depositRequest.nullable(),
});

export const inquiryStatus = endpoint({
  method: 'GET',
  path: '/api/member/payment/inquiry_status',
  tag,
  auth: 'member',
  summary:
    "A deposit request's state (default: the latest; qr_image left out, it came with the request); asks the gateway at most every 15 s",
  query: z.object({ request_id: bigId.optional() }),
  data: depositRequest.nullable(),
});

export const cancelDeposit = endpoint({
  method: 'POST',
  path: '/api/member/payment/cancel',
  tag,
  auth: 'member',
  summary: 'Added: cancel the open deposit request (its amount stays reserved for a late payment)',
  body: z.object({ request_id: bigId }),
  data: depositRequest,
});

export const depositHistory = endpoint({
  method: 'GET',
  path: '/api/member/payment/history',
  tag,
  auth: 'member',
  summary: "Added: the member's recent deposit requests, newest first",
  query: z.object({ limit: wholeNumber(1, 50).default(10) }),
  data: z.array(depositRequest),
});

export const withdrawal = z.object({
  id,
  amount: baht,
  status: z.enum(withdrawalStatuses),
  status_label: z.string(),
  bank_short: z.string(),
  bank_name: z.string(),
  account_no: z.string(),
  account_name: z.string(),
  reason: z.string().nullable(),
  bank_ref: z.string().nullable(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
});

export const withdraw = endpoint({
  method: 'POST',
  path: '/api/member/withdraw',
  tag,
  auth: 'member',
  summary: 'Added: request a withdrawal to the registered account (Idempotency-Key header); funds are held',
  body: z.object({
    amount: wholeBaht('ถอน'),
    idempotency_key: z
      .string()
      .max(128)
      .optional()
      .describe('for clients that cannot set the Idempotency-Key header; the header wins'),
  }),
  data: withdrawal,
});

export const withdrawList = endpoint({
  method: 'GET',
  path: '/api/member/withdraw/list',
  tag,
  auth: 'member',
  summary: "Added: the member's withdrawal requests, newest first",
  query: z.object({ limit: wholeNumber(1, 50).default(20) }),
  data: z.array(withdrawal),
});

export const withdrawInfo = endpoint({
  method: 'GET',
  path: '/api/member/withdraw/info',
  tag,
  auth: 'member',
  summary: 'Added: what a withdrawal needs now: balance, limits, registered account, blocks',
  data: z.object({
    main_balance: baht,
    min: baht,
    daily_cap: baht,
    daily_left: baht,
    account: memberAccount,
    open_request: withdrawal.nullable(),
    turnover: z
      .object({ title: z.string(), turnover: baht, required_turnover: baht, complete: z.boolean() })
      .nullable(),
    blocked_reason: z.string().nullable(),
  }),
});

export const webhook = endpoint({
  method: 'POST',
  path: '/api/payment/webhook/:gateway',
  tag,
  auth: 'none',
  summary: 'Added: a payment gateway’s signed notification (verified on the raw bytes, deduped by event id)',
  params: z.object({ gateway: z.string().regex(/^[a-z0-9_]{2,32}$/) }),
  body: z.object({}).loose(),
  data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
});

/**
 * SCB's payment confirmation (docs/rules/payments.md §3.4): SCB POSTs it to the URL registered for the app
 * on its developer portal and expects `{ resCode, resDesc, transactionId }` back, so this one answer has no
 * envelope. Fields as SCB documents them (developer.scb.co.th, QR Payment › Payment Confirmation); the
 * call is not signed, so the server believes only what SCB's inquiry confirms.
 */
export const scbConfirm = endpoint({
  method: 'POST',
  path: '/api/payment/scb/confirm',
  tag,
  auth: 'none',
  envelope: false,
  summary: 'Added: SCB’s QR payment confirmation (confirmed by SCB’s inquiry before anything is credited)',
  body: z
    .object({
      transactionId: z.string().trim().min(1).max(64),
      amount: z
        .string()
        .trim()
        .regex(/^\d{1,13}(\.\d{1,2})?$/),
      transactionDateandTime: z.string().trim().max(40).optional(),
      billPaymentRef1: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{1,20}$/),
      billPaymentRef2: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{0,20}$/)
        .optional(),
      billPaymentRef3: z.string().trim().max(20).optional(),
    })
    .loose(),
  data: z.object({ resCode: z.string(), resDesc: z.string(), transactionId: z.string() }),
});

/**
 * Added: the TrueMoney wallet's webhook (docs/rules/payments.md §3.5). TrueMoney posts `{message}`, a
 * JWT signed HS256 with the wallet's webhook secret; `:account_id` names the operator's receiving wallet
 * (the URL entered in TrueMoney's webhook settings). Outside /api: it is no member or staff call.
 */
export const trueMoneyWebhook = endpoint({
  method: 'POST',
  path: '/webhooks/truemoney/:account_id',
  tag,
  auth: 'none',
  summary:
    'Added: TrueMoney wallet webhook (JWT HS256 in `message`, verified, deduplicated by transaction id); ' +
    'a P2P receipt pays the matching TrueMoney deposit request or goes to the unmatched queue',
  params: z.object({ account_id: intId }),
  body: z.object({ message: z.string().min(1).max(8192) }).loose(),
  data: z.object({
    received: z.literal(true),
    duplicate: z.boolean(),
    outcome: z.enum(['matched', 'unmatched', 'twin', 'duplicate', 'ignored']),
  }),
});

/**
 * Added: the operator's phone relays a bank notification of a receiving account (docs/rules/payments.md
 * §3.6). Headers X-Relay-Timestamp (Unix seconds), X-Relay-Nonce, X-Relay-Signature (hex
 * HMAC-SHA256 over `<timestamp>.<nonce>.<raw body>`).
 */
export const relayNotification = endpoint({
  method: 'POST',
  path: '/webhooks/relay',
  tag,
  auth: 'none',
  summary:
    'Added: a bank notification relayed by the operator’s phone (HMAC-SHA256, 5-minute window, single-use ' +
    'nonce), read by the bank readers and matched like a statement line',
  body: z.object({
    account_id: intId.describe('the receiving bank account (agent_bank_account id)'),
    text: z.string().trim().min(1).max(2000),
  }),
  data: z.object({
    received: z.literal(true),
    outcome: z.enum(['matched', 'unmatched', 'twin', 'duplicate']),
    line_id: z.number().int().nullable(),
  }),
});

export const sandboxPay = endpoint({
  method: 'POST',
  path: '/api/sandbox/payments/:gatewayRef/pay',
  tag,
  auth: 'none',
  summary:
    'Added (demo and test builds): the sandbox gateway pays a request and sends its signed webhook. ' +
    'Not registered (404) unless PAYMENT_SANDBOX (default: SEED_DEMO) allows the sandbox',
  params: z.object({ gatewayRef: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/) }),
  body: z.object({ amount: bahtAmount().optional().describe('default: the full pay amount') }).optional(),
  data: z.object({ gateway_ref: z.string(), status: z.string(), webhook_status: z.number().int() }),
});

// ─── Operator ────────────────────────────────────────────────────────────────────────────────

const staffRef = z.object({ id, username: z.string() }).nullable();
const note = z.string().trim().max(500, { error: 'หมายเหตุยาวเกินไป' });
const bankRef = z
  .string()
  .trim()
  .min(1, { error: 'กรุณากรอกเลขอ้างอิงธนาคาร' })
  .max(64, { error: 'เลขอ้างอิงยาวเกินไป' });
const reason = z.string().trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500, { error: 'เหตุผลยาวเกินไป' });
const memberRef = z.object({ id, phone: z.string(), account_name: z.string() });
/** A filter of the operator's queues: the member's phone number. */
const memberPhoneFilter = phone.optional();

export const adminDeposit = depositRequest.extend({
  member: memberRef,
  confirmed_via: z.enum(['operator', 'statement', 'gateway']).nullable(),
  confirm_ref: z.string().nullable(),
  confirmed_by: staffRef,
  first_approval_by: staffRef,
  review_amount: baht.nullable(),
});

export const adminDeposits = endpoint({
  method: 'GET',
  path: '/api/admin/payments/deposits',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary:
    'Deposit queue (default: open and review, oldest first; a closed status newest first), paged, by member phone',
  query: z.object({
    status: z.enum(depositStatuses).optional(),
    phone: memberPhoneFilter,
    ...pageQuery,
  }),
  data: paged(adminDeposit),
});

const approvalOutcome = z.enum(['confirmed', 'awaiting_second_approval', 'already_confirmed']);

export const adminConfirmDeposit = endpoint({
  method: 'POST',
  path: '/api/admin/payments/deposits/:id/confirm',
  tag: adminTag,
  auth: 'staff',
  money: true,
  roles: financeRoles,
  summary: 'Confirm a deposit with its bank reference; 20,000 baht or more needs a second operator (audited)',
  params: bigIdParam,
  body: z.object({ bank_ref: bankRef }),
  data: z.object({ outcome: approvalOutcome, deposit: adminDeposit }),
});

export const adminRejectDeposit = endpoint({
  method: 'POST',
  path: '/api/admin/payments/deposits/:id/reject',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary: 'Reject a deposit under review (amount mismatch) with a reason (audited)',
  params: bigIdParam,
  body: z.object({ reason }),
  data: adminDeposit,
});

export const statementTemplates = endpoint({
  method: 'GET',
  path: '/api/admin/payments/statement_templates',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary: 'Statement file templates: which export each maps, and its columns',
  data: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      account_kind: z.enum(['bank', 'truemoney', 'gateway']),
      columns: z.array(z.string()),
    }),
  ),
});

export const importStatement = endpoint({
  method: 'POST',
  path: '/api/admin/payments/statements/import',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary:
    'Import a bank, TrueMoney or gateway statement (CSV text); matches credit lines to requests (audited)',
  body: z.object({
    account_kind: z.enum(['bank', 'truemoney', 'gateway']),
    account_id: intId,
    template: z.string().min(1).max(32),
    file_name: z.string().max(200).default(''),
    content: z.string().min(1, { error: 'ไฟล์ว่างเปล่า' }).max(5_000_000, { error: 'ไฟล์ใหญ่เกินไป' }),
  }),
  data: z.object({
    import_id: id,
    lines_read: z.number().int(),
    lines_new: z.number().int(),
    duplicates: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
  }),
});

export const statementLine = z.object({
  id,
  account_kind: z.enum(['bank', 'truemoney', 'gateway']),
  account_id: id,
  posted_at: timestamp,
  amount: baht,
  counterparty: z.string(),
  bank_ref: z.string().nullable(),
  description: z.string(),
  status: z.enum(['matched', 'unmatched', 'assigned', 'ignored', 'twin']),
  /** How the line arrived: a statement file, the TrueMoney wallet's webhook, the phone relay, or a gateway. */
  source: z.enum(['import', 'wallet_webhook', 'relay', 'gateway']),
  twin_of: id.nullable(),
  request_id: id.nullable(),
  assign_member_id: id.nullable(),
  assign_requested_by: staffRef,
  note: z.string().nullable(),
});

export const statementLines = endpoint({
  method: 'GET',
  path: '/api/admin/payments/statement_lines',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary: 'Imported credit lines (default: the unmatched queue), newest first, paged',
  query: z.object({
    status: z.enum(['matched', 'unmatched', 'assigned', 'ignored', 'twin']).default('unmatched'),
    ...pageQuery,
  }),
  data: paged(statementLine),
});

export const assignStatementLine = endpoint({
  method: 'POST',
  path: '/api/admin/payments/statement_lines/:id/assign',
  tag: adminTag,
  auth: 'staff',
  money: true,
  roles: financeRoles,
  summary:
    'Credit an unmatched line to a member (their matching request if any); 20,000 baht or more needs a second operator (audited)',
  params: bigIdParam,
  body: z.object({ member_id: intId, note: note.default('') }),
  data: z.object({ outcome: approvalOutcome, line: statementLine }),
});

export const ignoreStatementLine = endpoint({
  method: 'POST',
  path: '/api/admin/payments/statement_lines/:id/ignore',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary: 'Ignore an unmatched line with a note (audited)',
  params: bigIdParam,
  body: z.object({ note: note.min(1, { error: 'กรุณาระบุหมายเหตุ' }) }),
  data: statementLine,
});

export const adminWithdrawal = withdrawal.extend({
  member: memberRef.extend({
    name_check_required: z
      .boolean()
      .describe("No payout yet since registration or the last bank change: approve needs the bank's name"),
  }),
  review_reason: z.string().nullable(),
  decided_by: staffRef,
});

export const adminWithdrawals = endpoint({
  method: 'GET',
  path: '/api/admin/payments/withdrawals',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary:
    'Withdrawal queue (default: pending and review, oldest first; a closed status newest first), paged, by member phone',
  query: z.object({
    status: z.enum(withdrawalStatuses).optional(),
    phone: memberPhoneFilter,
    ...pageQuery,
  }),
  data: paged(adminWithdrawal),
});

export const approveWithdrawal = endpoint({
  method: 'POST',
  path: '/api/admin/payments/withdrawals/:id/approve',
  tag: adminTag,
  auth: 'staff',
  money: true,
  roles: financeRoles,
  summary:
    "Mark a pending withdrawal paid with the bank reference of the transfer made (audited); a member's first payout also needs the name the bank shows for the account, checked against the registered name",
  params: bigIdParam,
  body: z.object({
    bank_ref: bankRef,
    bank_account_name: z
      .string()
      .trim()
      .min(2, { error: 'กรุณากรอกชื่อบัญชีตามที่ธนาคารแสดง' })
      .max(100)
      .optional()
      .describe(
        "The account holder's name as the bank shows it (docs/rules/payments.md §4); required on the first payout",
      ),
  }),
  data: adminWithdrawal,
});

export const rejectWithdrawal = endpoint({
  method: 'POST',
  path: '/api/admin/payments/withdrawals/:id/reject',
  tag: adminTag,
  auth: 'staff',
  money: true,
  roles: financeRoles,
  summary: 'Reject a pending or review withdrawal with a reason; the held amount returns to main (audited)',
  params: bigIdParam,
  body: z.object({ reason }),
  data: adminWithdrawal,
});

export const releaseWithdrawalReview = endpoint({
  method: 'POST',
  path: '/api/admin/payments/withdrawals/:id/release_review',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary: 'A supervisor moves a withdrawal under review to pending (audited)',
  params: bigIdParam,
  body: z.object({ note: note.default('') }),
  data: adminWithdrawal,
});

export const excludedMemberWithdrawal = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/excluded_withdrawal',
  tag: adminTag,
  auth: 'staff',
  money: true,
  roles: financeRoles,
  summary:
    "Added: request, for a self-excluded member (who cannot log in), a withdrawal of the member's money to the registered account (audited); it then waits in the withdrawal queue like any other",
  params: idParam,
  body: z.object({ amount: wholeBaht('ถอน'), reason }),
  data: withdrawal,
});

const sandboxState = z.object({
  enabled: z.boolean().describe('members can pay through the sandbox gateway now'),
  allowed: z
    .boolean()
    .describe('the environment lets it be switched on (PAYMENT_SANDBOX, default: SEED_DEMO)'),
});

export const adminSandbox = endpoint({
  method: 'GET',
  path: '/api/admin/payments/sandbox',
  tag: adminTag,
  auth: 'staff',
  roles: financeRoles,
  summary: 'Added: whether the built-in sandbox gateway is switched on, and whether it may be',
  data: sandboxState,
});

export const setSandbox = endpoint({
  method: 'POST',
  path: '/api/admin/payments/sandbox',
  tag: adminTag,
  auth: 'staff',
  roles: ['owner'],
  summary:
    'Added: the owner switches the sandbox gateway on or off (audited); on is refused where the environment forbids it',
  body: z.object({ enabled: z.boolean() }),
  data: sandboxState,
});

/** Every endpoint of the payments module, listed for the OpenAPI document. */
export const paymentsEndpoints: Endpoint[] = [
  channels,
  info,
  depositPromotions,
  generateQr,
  qrcodeInfo,
  inquiryStatus,
  cancelDeposit,
  depositHistory,
  withdraw,
  withdrawList,
  withdrawInfo,
  webhook,
  scbConfirm,
  trueMoneyWebhook,
  relayNotification,
  sandboxPay,
  adminDeposits,
  adminConfirmDeposit,
  adminRejectDeposit,
  statementTemplates,
  importStatement,
  statementLines,
  assignStatementLine,
  ignoreStatementLine,
  adminWithdrawals,
  approveWithdrawal,
  rejectWithdrawal,
  releaseWithdrawalReview,
  excludedMemberWithdrawal,
  adminSandbox,
  setSandbox,
];
