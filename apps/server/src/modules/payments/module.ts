import type { ModuleContext } from '../../platform/module.ts';
import type { Connectors } from '../connectors/service.ts';
import type { ProtectionService } from '../protection/service.ts';
import type { Ledger } from '../wallet/service.ts';
import type { PaymentsDeps } from './deps.ts';
import { gatewayRegistry } from './gateway.ts';
import { paymentsRoutes } from './routes.ts';
import { SCB, SCB_SECRETS, scbGateway } from './scb.ts';
import { ensureScbGateway, SCB_INQUIRY_JOB, scbInquiryJob } from './scb-deposits.ts';
import { paymentsSweep } from './sweep.ts';

/** Payments (docs/rules/payments.md): deposits, gateways, statements, withdrawals, deposit promotions. */
export async function paymentsModule(
  ctx: ModuleContext,
  collaborators: { ledger: Ledger; protection: ProtectionService; connectors: Connectors },
): Promise<void> {
  const { db, clock } = ctx;
  const { connectors } = collaborators;
  const scb = scbGateway({
    connectors,
    baseUrl: ctx.config.SCB_BASE_URL,
    timeoutMs: ctx.config.SCB_TIMEOUT_MS,
    now: () => clock.now(),
  });
  const deps: PaymentsDeps = {
    db,
    ledger: collaborators.ledger,
    events: ctx.events,
    clock,
    agentId: ctx.config.AGENT_ID,
    protection: collaborators.protection,
    connectors,
    jobs: ctx.jobs,
    gateways: gatewayRegistry(db, () => clock.now(), { sandboxAllowed: ctx.config.paymentSandbox, scb }),
  };
  // The console's connector page (docs/rules/connectors.md): the test-send obtains a token from SCB.
  connectors.register({
    code: SCB,
    label: 'QR พร้อมเพย์ ธนาคารไทยพาณิชย์ (SCB)',
    kind: 'payment',
    secrets: SCB_SECRETS,
    configured: () => scb.configured(),
    async testSend() {
      await scb.checkToken();
      return 'เชื่อมต่อธนาคารไทยพาณิชย์สำเร็จ ได้รับโทเค็นแล้ว';
    },
  });
  await ensureScbGateway(deps);
  registerPaymentConnectors(connectors);
  await paymentsRoutes(ctx, deps);
  // Each job only triggers a sweep that is safe to run again.
  await ctx.jobs.schedule('payments.sweep', '* * * * *', () => paymentsSweep(deps, clock.now()));
  await ctx.jobs.work<{ requestId: number; attempt: number }>(SCB_INQUIRY_JOB, async (data) => {
    await scbInquiryJob(deps, data);
  });
}

/** The console's connector page lists the wallet webhook and the relay (docs/rules/connectors.md). */
function registerPaymentConnectors(connectors: Connectors): void {
  const isSet = async (connector: string, name: string) =>
    (await connectors.secret(connector, name)) !== null;
  connectors.register({
    code: 'truemoney',
    label: 'ทรูมันนี่วอลเล็ท (เว็บฮุครับเงินเข้า)',
    kind: 'wallet',
    secrets: ['webhook_secret'],
    configured: () => isSet('truemoney', 'webhook_secret'),
  });
  connectors.register({
    code: 'relay',
    label: 'ส่งต่อข้อความแจ้งเตือนธนาคารจากโทรศัพท์',
    kind: 'relay',
    secrets: ['hmac_secret'],
    configured: () => isSet('relay', 'hmac_secret'),
  });
}
