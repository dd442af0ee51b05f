import { buildApp } from './app.ts';
import { createLedger } from './modules/wallet/service.ts';
import { loadConfig } from './platform/config.ts';
import { createDb } from './platform/db.ts';
import { openDatabase } from './platform/embedded-postgres.ts';
import { startJobs } from './platform/jobs.ts';
import { migrate } from './platform/migrate.ts';
import { isSeeded, seed } from './seed/demo.ts';

const log = (msg: string) => process.stdout.write(`[chok] ${msg}\n`);

/** Set once the embedded server runs, so a failed start-up still stops it before exiting. */
let stopEmbeddedOnFailure: (() => Promise<void>) | null = null;

async function main(command: string): Promise<void> {
  const config = loadConfig();
  // `npm run migrate` may run next to a running `npm start` and then uses its database.
  const { url, stop: stopEmbedded } = await openDatabase(config, log, { attach: command === 'migrate' });
  stopEmbeddedOnFailure = stopEmbedded;
  try {
    const applied = await migrate(url, log);
    if (applied.length === 0) log('database schema is up to date');
  } catch (err) {
    await stopEmbedded();
    throw err;
  }
  if (command === 'migrate') {
    await stopEmbedded();
    return;
  }

  const { db } = createDb(url, config.DB_POOL_SIZE);
  if (await isSeeded(db, config.AGENT_ID)) {
    log('existing data found: not seeding');
  } else {
    log(
      config.SEED_DEMO
        ? 'empty database: seeding the demo operator and members'
        : 'empty database: creating the operator',
    );
    await seed(db, createLedger(), config, { demo: config.SEED_DEMO });
  }

  const jobs = config.RUN_JOBS
    ? await startJobs(url, (msg, err) => log(`${msg}: ${err instanceof Error ? err.message : ''}`))
    : undefined;
  const app = await buildApp({ config, db, databaseUrl: url, ...(jobs ? { jobs } : {}) });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await jobs?.stop();
      await app.close();
      await db.destroy();
      await stopEmbedded();
    } finally {
      log('stopped');
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  log(`Chok is running at http://localhost:${config.PORT}`);
}

// A last resort: a rejected promise nobody awaited (a library's background work while the database
// is away, say) is logged, not allowed to end a server that is otherwise fine.
process.on('unhandledRejection', (err) => {
  log(`unhandled rejection: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});

const command = process.argv[2] ?? 'start';
if (command !== 'start' && command !== 'migrate') {
  process.stderr.write(`usage: main.ts [start|migrate]\n`);
  process.exit(2);
}
main(command).catch(async (err: unknown) => {
  process.stderr.write(`[chok] failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  await stopEmbeddedOnFailure?.().catch(() => {});
  process.exit(1);
});
