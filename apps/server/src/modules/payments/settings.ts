import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentsDeps } from './deps.ts';
import { ensureSandboxGateway, type GatewayRegistry } from './gateway.ts';
import { lockSandboxSetting, paymentSettingRow, setSandboxEnabled } from './settings-queries.ts';

export type PaymentSettings = Awaited<ReturnType<typeof loadSettings>>;

/** The operator's payment settings (one row, the domain's defaults until changed). */
export async function loadSettings(ex: Executor) {
  return paymentSettingRow(ex);
}

/**
 * Whether members can pay through the sandbox gateway now: the environment allows it
 * (PAYMENT_SANDBOX, or SEED_DEMO when unset) and the owner has it switched on.
 */
export function sandboxOn(
  deps: { gateways: Pick<GatewayRegistry, 'sandboxAllowed'> },
  s: { sandbox_enabled: boolean },
) {
  return deps.gateways.sandboxAllowed && s.sandbox_enabled;
}

/**
 * The gateways members may pay through now: the sandbox (sandboxOn) and SCB once its credentials are set
 * (docs/rules/payments.md §3.4). Read outside any transaction: SCB's credentials may come from the console.
 */
export async function offeredGateways(
  deps: Pick<PaymentsDeps, 'gateways'>,
  s: { sandbox_enabled: boolean },
): Promise<{ sandbox: boolean; scb: boolean }> {
  return { sandbox: sandboxOn(deps, s), scb: (await deps.gateways.scb()) !== null };
}

export async function sandboxState(deps: PaymentsDeps) {
  const s = await loadSettings(deps.db);
  return { enabled: sandboxOn(deps, s), allowed: deps.gateways.sandboxAllowed };
}

/**
 * The owner switches the sandbox on or off (audited). Switching on is refused where the environment
 * forbids the sandbox; switching on creates its gateway row if the installation has none yet.
 */
export async function setSandbox(deps: PaymentsDeps, staffId: number, enabled: boolean) {
  if (enabled && !deps.gateways.sandboxAllowed) throw new AppError('SANDBOX_NOT_ALLOWED');
  await inTransaction(deps.db, async (tx) => {
    const before = await lockSandboxSetting(tx);
    if (enabled) await ensureSandboxGateway(tx);
    await setSandboxEnabled(tx, enabled, deps.clock.now());
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'payments.sandbox',
      entity: 'payment_setting',
      entityId: 1,
      before: { sandbox_enabled: before.sandbox_enabled },
      after: { sandbox_enabled: enabled },
    });
  });
  return sandboxState(deps);
}
