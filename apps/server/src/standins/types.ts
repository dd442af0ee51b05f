/** What a stand-in server is and how a demo start runs it (see index.ts). */
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
