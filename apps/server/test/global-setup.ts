import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres.ts';
import { ensureBuilt } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // Files that start the product as `npm start` does (start, processes, staff-cli) spawn the bundle;
  // the static-asset, server-rendering and console files serve the built member site and console.
  ensureBuilt('server', 'web', 'backoffice');
  const pg = await startTestPostgres('server');
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', pg.template);
  return () => pg.stop();
}
