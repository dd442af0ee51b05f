import type * as auth from '@chok/contract/api/auth';
import type { DataOf, InputOf } from '@chok/contract/endpoint';
import { api } from '../../lib/api';
import { useLocalData } from '../../stores/local';
import { useSessionData } from '../../stores/session';

export type UserInfo = DataOf<typeof auth.getUserInfo>;
type OtpSent = DataOf<typeof auth.requestOtp>;

export const userInfoKey = ['user-info'] as const;

export async function login(body: InputOf<typeof auth.login>): Promise<void> {
  try {
    const data = await api<DataOf<typeof auth.login>>('/api/login', { body, group: 'auth' });
    useLocalData.getState().setLogin(data.access_token);
  } catch (err) {
    useLocalData.getState().clearUser();
    throw err;
  }
}

/** Calls the server, then clears the user whatever it answered (a revoked token is already out). */
export async function logout(): Promise<void> {
  try {
    await api<null>('/api/logout', { body: {}, group: 'auth', errorHandle: false });
  } catch {
    // The session is gone either way.
  }
  useLocalData.getState().clearUser();
  useSessionData.getState().clear();
}

export function fetchUserInfo(): Promise<UserInfo> {
  return api<UserInfo>('/api/get_user_info', { group: 'auth' });
}

export function requestOtp(phone: string, purpose: 'register' | 'reset_password'): Promise<OtpSent> {
  return api<OtpSent>('/api/otp/request', { body: { phone, purpose }, group: 'auth' });
}

export function checkAccount(body: InputOf<typeof auth.checkAccount>) {
  return api<DataOf<typeof auth.checkAccount>>('/api/check_account', { body, group: 'auth' });
}

export async function register(body: InputOf<typeof auth.register>): Promise<void> {
  const data = await api<DataOf<typeof auth.register>>('/api/register', { body, group: 'auth' });
  useLocalData.getState().setLogin(data.access_token);
}

export function resetPassword(phone: string): Promise<OtpSent> {
  return api<OtpSent>('/api/reset_password', { body: { phone }, group: 'auth' });
}

export function resetPasswordV2(body: InputOf<typeof auth.resetPasswordV2>): Promise<null> {
  return api<null>('/api/reset_password_v2', { body, group: 'auth' });
}

export function changePassword(body: InputOf<typeof auth.changePassword>): Promise<null> {
  return api<null>('/api/member/change_password', { body, group: 'auth' });
}

export function updateSubBankAccount(sub_bank_account: string) {
  return api<DataOf<typeof auth.updateSubBankAccount>>('/api/member/update_sub_bank_account', {
    body: { sub_bank_account },
    group: 'auth',
  });
}
