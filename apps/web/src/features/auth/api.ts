import * as auth from '@chok/contract/routes/auth';
import { call, type Data, type Input } from '../../lib/api';
import { useLocalData } from '../../stores/local';
import { useSessionData } from '../../stores/session';

export type UserInfo = Data<typeof auth.getUserInfo>;

export const userInfoKey = ['user-info'] as const;

export async function login(body: Input<typeof auth.login>): Promise<void> {
  try {
    const data = await call(auth.login, body, { group: 'auth' });
    // The login answers the member too: stored with the token (docs/rules/member-site.md §4.5).
    useLocalData.getState().setLogin(data.access_token);
    useLocalData.getState().setUserInfo(data.user);
  } catch (err) {
    useLocalData.getState().clearUser();
    throw err;
  }
}

/** Calls the server, then clears the user whatever it answered (a revoked token is already out). */
export async function logout(): Promise<void> {
  try {
    await call(auth.logout, {}, { group: 'auth', errorHandle: false });
  } catch {
    // The session is gone either way.
  }
  useLocalData.getState().clearUser();
  useSessionData.getState().clear();
}

/** The member's details; kept under `local_data` (user data, docs/rules/member-site.md §3) until logout. */
export async function fetchUserInfo(): Promise<UserInfo> {
  const user = await call(auth.getUserInfo, {}, { group: 'auth' });
  useLocalData.getState().setUserInfo(user);
  return user;
}

export function requestOtp(phone: string, purpose: 'register' | 'reset_password') {
  return call(auth.requestOtp, { phone, purpose }, { group: 'auth' });
}

export function checkAccount(body: Input<typeof auth.checkAccount>) {
  return call(auth.checkAccount, body, { group: 'auth' });
}

export async function register(body: Input<typeof auth.register>): Promise<void> {
  const data = await call(auth.register, body, { group: 'auth' });
  useLocalData.getState().setLogin(data.access_token);
}

export function resetPassword(phone: string) {
  return call(auth.resetPassword, { phone }, { group: 'auth' });
}

export function resetPasswordV2(body: Input<typeof auth.resetPasswordV2>) {
  return call(auth.resetPasswordV2, body, { group: 'auth' });
}

export function changePassword(body: Input<typeof auth.changePassword>) {
  return call(auth.changePassword, body, { group: 'auth' });
}

export function updateSubBankAccount(sub_bank_account: string) {
  return call(auth.updateSubBankAccount, { sub_bank_account }, { group: 'auth' });
}
