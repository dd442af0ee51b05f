import type { TestProject } from 'vitest/node';
import { ensureChromium, startProduct } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  ensureChromium();
  const server = await startProduct();
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl);
  return () => server.stop();
}
