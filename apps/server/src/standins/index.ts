import { gloDemo } from './glo.ts';
import { hub88DemoStandIn } from './hub88.ts';
import { lineDemoStandIn } from './line.ts';
import { relayDemo } from './relay.ts';
import { scbDemoStandIn } from './scb.ts';
import { thaiBulkSmsDemo } from './thaibulksms.ts';
import { trueMoneyDemo } from './truemoney.ts';
import { twilioDemo } from './twilio.ts';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * Stand-in servers for the outside services Chok connects to (docs/rules/connectors.md §4): each is
 * written in the project from its provider's public documentation (request shapes, signatures, error
 * codes) and answers on 127.0.0.1. The tests drive the adapters against them over real HTTP, and a demo
 * start (`SEED_DEMO=true`, `npm start`) starts the ones whose real service is not configured, so the
 * site's connectors work on a machine with no network.
 */
export type { DemoStandIn, StandIn } from './types.ts';

/**
 * Each connector adds its line here. The SMS providers' stand-ins start only when the demo is started
 * with SMS_PROVIDER (or SMS_FALLBACK_PROVIDER) naming them and no credentials: the plain demo keeps the
 * built-in outbox, whose messages the console shows (docs/rules/connectors.md §5).
 */
export const demoStandIns: DemoStandIn[] = [
  scbDemoStandIn,
  thaiBulkSmsDemo,
  twilioDemo,
  gloDemo,
  trueMoneyDemo,
  relayDemo,
  hub88DemoStandIn,
  lineDemoStandIn,
];

/** Starts the stand-ins a demo start needs; their settings go into `env` (process.env). */
export async function startDemoStandIns(
  env: Record<string, string | undefined>,
): Promise<{ started: StandIn[]; stop(): Promise<void> }> {
  const started: StandIn[] = [];
  for (const s of demoStandIns) if (s.wanted(env)) started.push(await s.start(env));
  return {
    started,
    stop: async () => {
      await Promise.all(started.map((s) => s.close()));
    },
  };
}
