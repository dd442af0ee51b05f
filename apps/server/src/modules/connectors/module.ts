import type { ModuleContext } from '../../platform/module.ts';
import { type Connectors, createConnectors } from './connectors.ts';
import { connectorRoutes } from './routes.ts';
import { parseSecretKey } from './seal.ts';

/**
 * The connectors module (docs/rules/connectors.md): credentials, recorded calls out, webhook replay
 * guard and the registry the console's connector page lists. Adapters register themselves from the
 * modules they serve. `env` is where `<CONNECTOR>_<NAME>` credentials are read (process.env).
 */
export async function connectorsModule(
  ctx: ModuleContext,
  env: Record<string, string | undefined> = process.env,
): Promise<Connectors> {
  const connectors = createConnectors({
    db: ctx.db,
    clock: ctx.clock,
    env,
    key: parseSecretKey(ctx.config.CONNECTOR_SECRETS_KEY),
    previousKey: parseSecretKey(ctx.config.CONNECTOR_SECRETS_KEY_PREVIOUS),
  });
  connectorRoutes(ctx, connectors);
  if (ctx.jobs.enabled) {
    await connectors.rotate();
    await ctx.jobs.schedule('connectors.prune', '17 4 * * *', () => connectors.prune());
  }
  return connectors;
}
