/** One product and its browser for one test worker (e2e/global-setup.ts starts them; e2e/lane.ts reads them). */
export interface Lane {
  baseUrl: string;
  databaseUrl: string;
  /** One session per demo staff user, signed in once for the whole run (a TOTP code is single-use). */
  staffTokens: Record<string, string>;
  /** The lane's Chromium, started once (playwright `launchServer`); each file connects to it. */
  browserEndpoint: string;
}

/** What the global setup writes to its lanes file: the lanes, or why they could not start. */
export type LanesReport = { lanes: Lane[] } | { error: string };
