import { lineDemoStandIn } from './line.ts';

/**
 * Stand-in servers for the outside services Chok connects to (docs/rules/connectors.md §4): each is
 * written in the project from its provider's public documentation (request shapes, signatures, error
 * codes) and answers on 127.0.0.1. The tests drive the adapters against them over real HTTP, and a demo
 * start (`SEED_DEMO=true`, `npm start`) starts the ones whose real service is not configured, so the
 * site's connectors work on a machine with no network.
 */
export interface StandIn {
  /** Thai-free, for the terminal: "SMS (ThaiBulkSMS stand-in)". */
  name: string;
  url: string;
  close(): Promise<void>;
}

/**
 * One connector's demo start: `wanted(env)` says whether the real service is left unconfigured (so the
 * stand-in should take its place); `start(env)` starts the stand-in and writes the settings that point
 * the adapter at it into `env`.
 */
export interface DemoStandIn {
  wanted(env: Record<string, string | undefined>): boolean;
  start(env: Record<string, string | undefined>): Promise<StandIn>;
}

/** Each connector adds its line here. */
export const demoStandIns: DemoStandIn[] = [lineDemoStandIn];

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
