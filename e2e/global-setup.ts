import type { TestProject } from 'vitest/node';
import { ensureChromium, startProduct } from './server.ts';
import { STAFF_USERNAMES, staffLogin } from './staff.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** One session per demo staff user, signed in once for the whole run (a TOTP code is single-use). */
    staffTokens: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  ensureChromium();
  const server = await startProduct();
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl);
  const staffTokens: Record<string, string> = {};
  for (const username of STAFF_USERNAMES) staffTokens[username] = await staffLogin(server.baseUrl, username);
  project.provide('staffTokens', staffTokens);
  return () => server.stop();
}
