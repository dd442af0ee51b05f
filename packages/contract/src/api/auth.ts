import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  accountName,
  accountNo,
  bankCode,
  lineId,
  otp,
  password,
  phone,
  referralCode,
  timestamp,
} from '../fields.ts';

const tag = 'auth';

export const otpPurpose = z.enum(['register', 'reset_password']);
const otpSent = z.object({
  ref: z.string().describe('Reference code printed in the SMS so the member can match it'),
  expires_in: z.number().int().describe('Seconds until the OTP expires'),
  resend_in: z.number().int().describe('Seconds until another OTP may be requested'),
});

export const checkAccount = endpoint({
  method: 'POST',
  path: '/api/check_account',
  tag,
  auth: 'none',
  rateLimit: 'register',
  summary: 'Is a phone number or a bank account already registered?',
  body: z
    .object({ phone: phone.optional(), bank_code: bankCode.optional(), account_no: accountNo.optional() })
    .refine((b) => b.phone !== undefined || (b.bank_code !== undefined && b.account_no !== undefined), {
      error: 'กรุณาระบุเบอร์โทรศัพท์ หรือธนาคารและเลขบัญชี',
    }),
  data: z.object({
    phone_registered: z.boolean().nullable(),
    bank_account_registered: z.boolean().nullable(),
    account_no_warning: z.string().nullable().describe('Set when the length differs from the bank’s usual'),
  }),
});

export const requestOtp = endpoint({
  method: 'POST',
  path: '/api/otp/request',
  tag,
  auth: 'none',
  rateLimit: 'otp',
  summary: 'Send a 6-digit OTP by SMS (added: registration needs one before /api/register)',
  body: z.object({ phone, purpose: otpPurpose.default('register') }),
  data: otpSent,
});

export const register = endpoint({
  method: 'POST',
  path: '/api/register',
  tag,
  auth: 'none',
  rateLimit: 'register',
  summary: 'Register a member with an OTP; creates the main, bonus and free-credit wallets',
  body: z.object({
    phone,
    otp,
    password,
    bank_code: bankCode,
    account_no: accountNo,
    account_name: accountName,
    line_id: lineId.optional(),
    referral_code: referralCode.optional(),
  }),
  data: z.object({ access_token: z.string(), member_id: z.number().int() }),
});

export const userInfo = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  bank_code: z.string(),
  bank_short: z.string(),
  bank_name: z.string(),
  account_no: z.string(),
  line_id: z.string().nullable(),
  referral_code: z.string(),
  sub_bank_account: z.string().nullable().describe('TrueMoney wallet number used for deposit channel 2'),
  agent_code: z.string(),
  created_at: timestamp,
});

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  tag,
  auth: 'none',
  rateLimit: 'login',
  summary:
    'Log in with phone and password; returns a bearer token and the member (as get_user_info answers it)',
  body: z.object({
    phone: z.string().min(1, { error: 'กรุณากรอกเบอร์โทรศัพท์' }),
    password: z.string().min(1, { error: 'กรุณากรอกรหัสผ่าน' }),
  }),
  data: z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_at: timestamp,
    user: userInfo.describe('The member the client stores on login (docs/rules/member-site.md §4.5)'),
  }),
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/logout',
  tag,
  auth: 'member',
  summary: 'Revoke the bearer token',
  data: z.null(),
});

export const getUserInfo = endpoint({
  method: 'GET',
  path: '/api/get_user_info',
  tag,
  auth: 'member',
  summary: 'The logged-in member',
  data: userInfo,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/member/change_password',
  tag,
  auth: 'member',
  summary: 'Change the password; every other session is revoked',
  body: z.object({ old_password: z.string().min(1, { error: 'กรุณากรอกรหัสผ่านเดิม' }), new_password: password }),
  data: z.null(),
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/reset_password',
  tag,
  auth: 'none',
  rateLimit: 'password_reset',
  summary: 'Forgotten password, step 1: send a reset OTP to a registered phone',
  body: z.object({ phone }),
  data: otpSent,
});

export const resetPasswordV2 = endpoint({
  method: 'POST',
  path: '/api/reset_password_v2',
  tag,
  auth: 'none',
  rateLimit: 'password_reset',
  summary: 'Forgotten password, step 2: phone + OTP + new password; revokes every session',
  body: z.object({ phone, otp, password }),
  data: z.null(),
});

export const updateSubBankAccount = endpoint({
  method: 'POST',
  path: '/api/member/update_sub_bank_account',
  tag,
  auth: 'member',
  summary: 'Set the TrueMoney wallet number (10-digit mobile) used for deposit channel 2',
  body: z.object({ sub_bank_account: phone }),
  data: z.object({ sub_bank_account: z.string() }),
});

export const twilioSmsStatus = endpoint({
  method: 'POST',
  path: '/api/sms/twilio/status',
  tag,
  auth: 'none',
  summary:
    'Added: Twilio’s status callback of a sent message (form POST signed with X-Twilio-Signature; deduplicated)',
  body: z.record(z.string(), z.unknown()),
  data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
});
