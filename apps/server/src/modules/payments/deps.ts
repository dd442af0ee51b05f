import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Connectors } from '../connectors/service.ts';
import type { ProtectionService } from '../protection/service.ts';
import type { Ledger } from '../wallet/service.ts';
import type { GatewayRegistry } from './gateway.ts';

/** What the payments use cases need; built once in module.ts. */
export interface PaymentsDeps {
  db: Db;
  ledger: Ledger;
  events: EventBus;
  clock: Clock;
  agentId: number;
  gateways: GatewayRegistry;
  /** Player protection's guard of a new deposit request (docs/rules/protection.md §2.2). */
  protection: ProtectionService;
  /** Credentials and webhook replay guard of the TrueMoney webhook and the relay (docs/rules/connectors.md). */
  connectors: Connectors;
}

/** Live updates for the member's page: `member:<id>` topic, event `payment`. */
export function publishPayment(
  deps: Pick<PaymentsDeps, 'events'>,
  ex: Parameters<EventBus['publish']>[0],
  memberId: number,
  data: { kind: 'deposit' | 'withdrawal'; id: number; status: string },
) {
  return deps.events.publish(ex, `member:${memberId}`, 'payment', data);
}
