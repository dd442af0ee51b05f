// Generated from src/api/auth.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/auth.ts';
import type { Route } from '../endpoint.ts';

export const changePassword: Route<typeof api.changePassword> = {
  method: 'POST',
  path: '/api/member/change_password',
};
export const checkAccount: Route<typeof api.checkAccount> = { method: 'POST', path: '/api/check_account' };
export const getUserInfo: Route<typeof api.getUserInfo> = { method: 'GET', path: '/api/get_user_info' };
export const login: Route<typeof api.login> = { method: 'POST', path: '/api/login' };
export const logout: Route<typeof api.logout> = { method: 'POST', path: '/api/logout' };
export const register: Route<typeof api.register> = { method: 'POST', path: '/api/register' };
export const requestOtp: Route<typeof api.requestOtp> = { method: 'POST', path: '/api/otp/request' };
export const resetPassword: Route<typeof api.resetPassword> = { method: 'POST', path: '/api/reset_password' };
export const resetPasswordV2: Route<typeof api.resetPasswordV2> = {
  method: 'POST',
  path: '/api/reset_password_v2',
};
export const twilioSmsStatus: Route<typeof api.twilioSmsStatus> = {
  method: 'POST',
  path: '/api/sms/twilio/status',
};
export const updateSubBankAccount: Route<typeof api.updateSubBankAccount> = {
  method: 'POST',
  path: '/api/member/update_sub_bank_account',
};
