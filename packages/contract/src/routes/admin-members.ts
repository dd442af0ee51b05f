// Generated from src/api/admin-members.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-members.ts';
import type { Route } from '../endpoint.ts';

export const addMemberNote: Route<typeof api.addMemberNote> = {
  method: 'POST',
  path: '/api/admin/members/:id/notes',
};
export const lockMemberLogin: Route<typeof api.lockMemberLogin> = {
  method: 'POST',
  path: '/api/admin/members/:id/lock',
};
export const memberBills: Route<typeof api.memberBills> = {
  method: 'GET',
  path: '/api/admin/members/:id/bills',
};
export const memberDeposits: Route<typeof api.memberDeposits> = {
  method: 'GET',
  path: '/api/admin/members/:id/deposits',
};
export const memberDetail: Route<typeof api.memberDetail> = { method: 'GET', path: '/api/admin/members/:id' };
export const memberDownline: Route<typeof api.memberDownline> = {
  method: 'GET',
  path: '/api/admin/members/:id/downline',
};
export const memberLedger: Route<typeof api.memberLedger> = {
  method: 'GET',
  path: '/api/admin/members/:id/ledger',
};
export const memberNotes: Route<typeof api.memberNotes> = {
  method: 'GET',
  path: '/api/admin/members/:id/notes',
};
export const memberRewards: Route<typeof api.memberRewards> = {
  method: 'GET',
  path: '/api/admin/members/:id/rewards',
};
export const memberRounds: Route<typeof api.memberRounds> = {
  method: 'GET',
  path: '/api/admin/members/:id/rounds',
};
export const memberWithdrawals: Route<typeof api.memberWithdrawals> = {
  method: 'GET',
  path: '/api/admin/members/:id/withdrawals',
};
export const searchMembers: Route<typeof api.searchMembers> = { method: 'GET', path: '/api/admin/members' };
export const sendMemberResetOtp: Route<typeof api.sendMemberResetOtp> = {
  method: 'POST',
  path: '/api/admin/members/:id/reset_otp',
};
export const setMemberWithdrawCap: Route<typeof api.setMemberWithdrawCap> = {
  method: 'PUT',
  path: '/api/admin/members/:id/withdraw_cap',
};
export const smsMessages: Route<typeof api.smsMessages> = { method: 'GET', path: '/api/admin/sms/messages' };
export const unlockMemberLogin: Route<typeof api.unlockMemberLogin> = {
  method: 'POST',
  path: '/api/admin/members/:id/unlock',
};
