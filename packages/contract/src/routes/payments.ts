// Generated from src/api/payments.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/payments.ts';
import type { Route } from '../endpoint.ts';

export const adminConfirmDeposit: Route<typeof api.adminConfirmDeposit> = {
  method: 'POST',
  path: '/api/admin/payments/deposits/:id/confirm',
};
export const adminDeposits: Route<typeof api.adminDeposits> = {
  method: 'GET',
  path: '/api/admin/payments/deposits',
};
export const adminRejectDeposit: Route<typeof api.adminRejectDeposit> = {
  method: 'POST',
  path: '/api/admin/payments/deposits/:id/reject',
};
export const adminSandbox: Route<typeof api.adminSandbox> = {
  method: 'GET',
  path: '/api/admin/payments/sandbox',
};
export const adminWithdrawals: Route<typeof api.adminWithdrawals> = {
  method: 'GET',
  path: '/api/admin/payments/withdrawals',
};
export const approveWithdrawal: Route<typeof api.approveWithdrawal> = {
  method: 'POST',
  path: '/api/admin/payments/withdrawals/:id/approve',
};
export const assignStatementLine: Route<typeof api.assignStatementLine> = {
  method: 'POST',
  path: '/api/admin/payments/statement_lines/:id/assign',
};
export const cancelDeposit: Route<typeof api.cancelDeposit> = {
  method: 'POST',
  path: '/api/member/payment/cancel',
};
export const channels: Route<typeof api.channels> = { method: 'GET', path: '/api/member/payment/channels' };
export const depositHistory: Route<typeof api.depositHistory> = {
  method: 'GET',
  path: '/api/member/payment/history',
};
export const depositPromotions: Route<typeof api.depositPromotions> = {
  method: 'GET',
  path: '/api/member/payment/promotions',
};
export const excludedMemberWithdrawal: Route<typeof api.excludedMemberWithdrawal> = {
  method: 'POST',
  path: '/api/admin/members/:id/excluded_withdrawal',
};
export const generateQr: Route<typeof api.generateQr> = {
  method: 'POST',
  path: '/api/member/payment/generate_qr',
};
export const ignoreStatementLine: Route<typeof api.ignoreStatementLine> = {
  method: 'POST',
  path: '/api/admin/payments/statement_lines/:id/ignore',
};
export const importStatement: Route<typeof api.importStatement> = {
  method: 'POST',
  path: '/api/admin/payments/statements/import',
};
export const info: Route<typeof api.info> = { method: 'GET', path: '/api/member/payment/info' };
export const inquiryStatus: Route<typeof api.inquiryStatus> = {
  method: 'GET',
  path: '/api/member/payment/inquiry_status',
};
export const qrcodeInfo: Route<typeof api.qrcodeInfo> = {
  method: 'GET',
  path: '/api/member/payment/qrcode_info',
};
export const rejectWithdrawal: Route<typeof api.rejectWithdrawal> = {
  method: 'POST',
  path: '/api/admin/payments/withdrawals/:id/reject',
};
export const relayNotification: Route<typeof api.relayNotification> = {
  method: 'POST',
  path: '/webhooks/relay',
};
export const releaseWithdrawalReview: Route<typeof api.releaseWithdrawalReview> = {
  method: 'POST',
  path: '/api/admin/payments/withdrawals/:id/release_review',
};
export const sandboxPay: Route<typeof api.sandboxPay> = {
  method: 'POST',
  path: '/api/sandbox/payments/:gatewayRef/pay',
};
export const scbConfirm: Route<typeof api.scbConfirm> = { method: 'POST', path: '/api/payment/scb/confirm' };
export const setSandbox: Route<typeof api.setSandbox> = {
  method: 'POST',
  path: '/api/admin/payments/sandbox',
};
export const statementLines: Route<typeof api.statementLines> = {
  method: 'GET',
  path: '/api/admin/payments/statement_lines',
};
export const statementTemplates: Route<typeof api.statementTemplates> = {
  method: 'GET',
  path: '/api/admin/payments/statement_templates',
};
export const trueMoneyWebhook: Route<typeof api.trueMoneyWebhook> = {
  method: 'POST',
  path: '/webhooks/truemoney/:account_id',
};
export const webhook: Route<typeof api.webhook> = { method: 'POST', path: '/api/payment/webhook/:gateway' };
export const withdraw: Route<typeof api.withdraw> = { method: 'POST', path: '/api/member/withdraw' };
export const withdrawInfo: Route<typeof api.withdrawInfo> = {
  method: 'GET',
  path: '/api/member/withdraw/info',
};
export const withdrawList: Route<typeof api.withdrawList> = {
  method: 'GET',
  path: '/api/member/withdraw/list',
};
