import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startTestPostgres('server');
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', pg.template);
  return () => pg.stop();
}
