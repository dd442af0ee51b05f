import * as api from '@chok/contract/api/admin-connectors';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { ConnectorInfo, ConnectorState, Connectors } from './connectors.ts';

/**
 * The console's connector page (docs/rules/connectors.md §2, §5): the states, and the owner's credential
 * entry, removal and test-send. A credential's value is never answered, logged or audited.
 */
export function connectorRoutes({ app, route, db }: ModuleContext, connectors: Connectors): void {
  const known = (code: string): ConnectorInfo => {
    const c = connectors.get(code);
    if (!c) throw new AppError('CONNECTOR_UNKNOWN');
    return c;
  };
  const knownSecret = (c: ConnectorInfo, name: string) => {
    if (!c.secrets.includes(name)) throw new AppError('CONNECTOR_SECRET_UNKNOWN');
  };
  const stateOf = async (code: string): Promise<ConnectorState> => {
    const s = (await connectors.list()).find((x) => x.code === code);
    if (!s) throw new AppError('CONNECTOR_UNKNOWN');
    return s;
  };

  route(app, api.connectorList, async () => connectors.list());

  route(app, api.setConnectorSecret, async (ctx) => {
    const c = known(ctx.params.code);
    knownSecret(c, ctx.params.name);
    const present = await connectors.secretNames(c.code);
    if (present.some((p) => p.name === ctx.params.name && p.source === 'env')) {
      throw new AppError('CONNECTOR_SECRET_FROM_ENV');
    }
    await inTransaction(db, async (tx) => {
      await connectors.storeSecret(tx, c.code, ctx.params.name, ctx.body.value, ctx.staff.staffId);
      await auditSecret(tx, ctx.staff.staffId, 'set', c.code, ctx.params.name);
    });
    return stateOf(c.code);
  });

  route(app, api.removeConnectorSecret, async (ctx) => {
    const c = known(ctx.params.code);
    knownSecret(c, ctx.params.name);
    await inTransaction(db, async (tx) => {
      if (!(await connectors.removeSecret(tx, c.code, ctx.params.name))) {
        throw new AppError('CONNECTOR_SECRET_NOT_SET');
      }
      await auditSecret(tx, ctx.staff.staffId, 'remove', c.code, ctx.params.name);
    });
    return stateOf(c.code);
  });

  route(app, api.testConnector, async (ctx) => {
    const c = known(ctx.params.code);
    if (!c.testSend) throw new AppError('CONNECTOR_CANNOT_TEST');
    let message: string;
    let failure: unknown = null;
    try {
      message = await c.testSend(ctx.body.to ? { to: ctx.body.to } : {});
    } catch (err) {
      failure = err;
      message = err instanceof AppError ? err.message : '';
    }
    await inTransaction(db, (tx) =>
      appendAudit(tx, {
        actorType: 'staff',
        actorId: ctx.staff.staffId,
        action: 'connector.test',
        entity: 'connector',
        entityId: c.code,
        after: { connector: c.code, to: ctx.body.to ?? null, ok: failure === null, answer: message },
      }),
    );
    if (failure !== null) throw failure;
    return { message };
  });
}

/** The audit row of a secret entered or removed: which connector's which secret, never its value. */
function auditSecret(tx: Tx, staffId: number, change: 'set' | 'remove', code: string, name: string) {
  const secret = { connector: code, name };
  return appendAudit(tx, {
    actorType: 'staff',
    actorId: staffId,
    action: change === 'set' ? 'connector.secret_set' : 'connector.secret_remove',
    entity: 'connector',
    entityId: code,
    ...(change === 'set' ? { after: secret } : { before: secret }),
  });
}
