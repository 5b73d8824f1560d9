import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

/**
 * Global setup of the `postgres` test project: one real PostgreSQL for the run; every server the
 * suite starts gets its own database on it (tests/support/site-server.ts).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The test PostgreSQL's admin URL; '' outside the postgres project. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url());
  return () => postgres.destroy();
}
