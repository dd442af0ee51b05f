import * as adminPayments from '@chok/contract/api/admin-payments';
import * as content from '@chok/contract/api/content';
import * as api from '@chok/contract/api/payments';
import * as promo from '@chok/contract/api/promotions';
import { parseBaht } from '@chok/engine/money';
import { AppError } from '../../platform/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { rawJsonScope } from '../../platform/raw-json.ts';
import * as admin from './admin.ts';
import { channelInfo, channelList } from './channels.ts';
import * as deposits from './deposits.ts';
import type { PaymentsDeps } from './deps.ts';
import {
  cancelPromotion,
  depositPromotionList,
  memberPromotions,
  promotionList,
} from './member-promotions.ts';
import { adminPromotionList, createPromotion, endPromotion, newPromotionVersion } from './promotion-admin.ts';
import { receiveRelay } from './relay.ts';
import { sandboxPay } from './sandbox.ts';
import { receiveScbConfirmation } from './scb-deposits.ts';
import { sandboxState, setSandbox } from './settings.ts';
import {
  addPromptPay,
  editPromptPay,
  paymentSettingsPage,
  updateChannel,
  updateSettings,
} from './settings-admin.ts';
import { importStatement } from './statement.ts';
import { templateList } from './templates.ts';
import { receiveWalletWebhook } from './wallet-webhook.ts';
import * as withdrawals from './withdrawals.ts';

/** Idempotency-Key header; clients that cannot set headers may send `idempotency_key` in the body. */
function keyOf(c: {
  idempotencyKey: string | null;
  body: { idempotency_key?: string | undefined };
}): string | null {
  if (c.idempotencyKey) return c.idempotencyKey;
  return c.body.idempotency_key ? c.body.idempotency_key : null;
}

/** Refusals of a delivery nobody proved to be the provider's: not recorded (anyone can send them). */
const UNVERIFIED = new Set(['WEBHOOK_NOT_CONFIGURED', 'WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_STALE']);

/**
 * A verified delivery in (the wallet's webhook, the relay) is recorded as the connector's activity, so
 * the console's connector page shows its last success and last error (docs/rules/payments.md §3.5).
 */
async function recordedDelivery<T>(
  deps: PaymentsDeps,
  connector: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const record = (error: string | null, status: number) =>
    deps.connectors.recordOutcome({
      connector,
      operation: 'delivery',
      outcome: error === null ? 'ok' : 'error',
      http_status: status,
      latency_ms: Math.max(0, Math.round(performance.now() - started)),
      error,
    });
  try {
    const r = await work();
    await record(null, 200);
    return r;
  } catch (err) {
    if (err instanceof AppError && !UNVERIFIED.has(err.code)) await record(err.code, err.statusCode);
    throw err;
  }
}

/** The payments endpoints: each one contract endpoint → one use case. */
export async function paymentsRoutes(
  { app, route, config }: ModuleContext,
  deps: PaymentsDeps,
): Promise<void> {
  // ── member: deposit promotions (docs/rules/engagement.md §1) ──
  route(app, content.promotions, async (c) =>
    promotionList(deps, c.maybeMember?.memberId ?? null, {
      given: c.query.agent_code,
      ours: config.AGENT_CODE,
    }),
  );
  route(app, promo.memberPromotions, async (c) => memberPromotions(deps, c.member.memberId));
  route(app, promo.cancelPromotion, async (c) => cancelPromotion(deps, c.member.memberId, c.body.id));

  // ── member: deposits ──
  route(app, api.channels, async () => channelList(deps));
  route(app, api.info, async (c) => channelInfo(deps, c.member.memberId, c.query.channel_id));
  route(app, api.depositPromotions, async (c) => depositPromotionList(deps, c.member.memberId));
  route(app, api.generateQr, async (c) =>
    deposits.createDeposit(deps, {
      memberId: c.member.memberId,
      channelId: c.body.channel_id,
      subChannelId: c.body.sub_channel_id,
      amountBaht: c.body.amount,
      promotionId: c.body.promotion_id ?? null,
      idempotencyKey: keyOf(c),
    }),
  );
  route(app, api.qrcodeInfo, async (c) => deposits.openDeposit(deps, c.member.memberId));
  route(app, api.inquiryStatus, async (c) =>
    deposits.depositStatus(deps, c.member.memberId, c.query.request_id),
  );
  route(app, api.cancelDeposit, async (c) =>
    deposits.cancelDeposit(deps, c.member.memberId, c.body.request_id),
  );
  route(app, api.depositHistory, async (c) =>
    deposits.depositHistory(deps, c.member.memberId, c.query.limit),
  );

  // ── member: withdrawals ──
  route(app, api.withdraw, async (c) =>
    withdrawals.requestWithdrawal(deps, {
      memberId: c.member.memberId,
      amountBaht: c.body.amount,
      idempotencyKey: keyOf(c),
    }),
  );
  route(app, api.withdrawList, async (c) =>
    withdrawals.withdrawalList(deps, c.member.memberId, c.query.limit),
  );
  route(app, api.withdrawInfo, async (c) => withdrawals.withdrawalInfo(deps, c.member.memberId));

  // ── gateways: the webhook verifies its signature on the raw bytes ──
  await rawJsonScope(app, (scope, rawOf) => {
    route(scope, api.webhook, async (c) => {
      const raw = rawOf(c.req);
      const r = await deposits.receiveWebhook(deps, c.params.gateway, raw, c.req.headers);
      return { received: true as const, duplicate: r.duplicate };
    });
    // The TrueMoney wallet's webhook and the phone relay (docs/rules/payments.md §3.5, §3.6).
    route(scope, api.trueMoneyWebhook, async (c) => {
      const r = await recordedDelivery(deps, 'truemoney', () =>
        receiveWalletWebhook(deps, c.params.account_id, c.body.message),
      );
      return { received: true as const, ...r };
    });
    route(scope, api.relayNotification, async (c) => {
      const raw = rawOf(c.req);
      const r = await recordedDelivery(deps, 'relay', () => receiveRelay(deps, raw, c.req.headers, c.body));
      return { received: true as const, ...r };
    });
  });
  // SCB's payment confirmation: believed only once SCB's inquiry lists it (docs/rules/payments.md §3.4).
  route(app, api.scbConfirm, async (c) => receiveScbConfirmation(deps, c.body));
  // The sandbox's pay button exists only where the environment allows the sandbox at all
  // (docs/rules/payments.md §3.3 rule 4); elsewhere the path is unknown (404).
  if (deps.gateways.sandboxAllowed) {
    route(app, api.sandboxPay, async (c) =>
      sandboxPay(deps, {
        gatewayRef: c.params.gatewayRef,
        amountSatang: c.body?.amount ? parseBaht(c.body.amount) : undefined,
        onWebhookError: (err) => c.req.log.error({ err }, 'sandbox webhook failed'),
      }),
    );
  }

  // ── operator ──
  route(app, promo.adminPromotions, async () => adminPromotionList(deps));
  route(app, promo.adminCreatePromotion, async (c) => createPromotion(deps, c.body, c.staff.staffId));
  route(app, promo.adminPromotionVersion, async (c) =>
    newPromotionVersion(deps, c.params.id, c.body, c.staff.staffId),
  );
  route(app, promo.adminEndPromotion, async (c) => endPromotion(deps, c.params.id, c.staff.staffId));
  route(app, api.adminDeposits, async (c) => admin.depositQueue(deps, c.query));
  route(app, api.adminConfirmDeposit, async (c) =>
    admin.confirmDepositByOperator(deps, c.params.id, c.staff.staffId, c.body.bank_ref),
  );
  route(app, api.adminRejectDeposit, async (c) =>
    admin.rejectDeposit(deps, c.params.id, c.staff.staffId, c.body.reason),
  );
  route(app, api.statementTemplates, async () => templateList());
  route(app, api.importStatement, async (c) =>
    importStatement(deps, {
      accountKind: c.body.account_kind,
      accountId: c.body.account_id,
      template: c.body.template,
      fileName: c.body.file_name,
      content: c.body.content,
      staffId: c.staff.staffId,
    }),
  );
  route(app, api.statementLines, async (c) => admin.statementLinesQueue(deps, c.query));
  route(app, api.assignStatementLine, async (c) =>
    admin.assignStatementLine(deps, {
      lineId: c.params.id,
      memberId: c.body.member_id,
      note: c.body.note,
      staffId: c.staff.staffId,
    }),
  );
  route(app, api.ignoreStatementLine, async (c) =>
    admin.ignoreStatementLine(deps, { lineId: c.params.id, note: c.body.note, staffId: c.staff.staffId }),
  );
  route(app, adminPayments.adminPaymentSettings, async () => paymentSettingsPage(deps));
  route(app, adminPayments.updatePaymentSettings, async (c) => updateSettings(deps, c.staff.staffId, c.body));
  route(app, adminPayments.updatePaymentChannel, async (c) =>
    updateChannel(deps, c.staff.staffId, c.params.id, c.body),
  );
  route(app, adminPayments.createPromptPayAccount, async (c) => addPromptPay(deps, c.staff.staffId, c.body));
  route(app, adminPayments.updatePromptPayAccount, async (c) =>
    editPromptPay(deps, c.staff.staffId, c.params.id, c.body),
  );
  route(app, api.adminSandbox, async () => sandboxState(deps));
  route(app, api.setSandbox, async (c) => setSandbox(deps, c.staff.staffId, c.body.enabled));
  route(app, api.adminWithdrawals, async (c) => admin.withdrawalQueue(deps, c.query));
  route(app, api.approveWithdrawal, async (c) =>
    admin.decideWithdrawal(deps, c.params.id, c.staff.staffId, {
      action: 'approve',
      bankRef: c.body.bank_ref,
      bankAccountName: c.body.bank_account_name,
    }),
  );
  route(app, api.rejectWithdrawal, async (c) =>
    admin.decideWithdrawal(deps, c.params.id, c.staff.staffId, { action: 'reject', reason: c.body.reason }),
  );
  route(app, api.excludedMemberWithdrawal, async (c) =>
    withdrawals.requestWithdrawal(deps, {
      memberId: c.params.id,
      amountBaht: c.body.amount,
      idempotencyKey: null,
      byStaff: { staffId: c.staff.staffId, reason: c.body.reason },
    }),
  );
  route(app, api.releaseWithdrawalReview, async (c) =>
    admin.decideWithdrawal(deps, c.params.id, c.staff.staffId, {
      action: 'release_review',
      note: c.body.note,
    }),
  );
}
