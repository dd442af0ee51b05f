import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db, Tx } from './db.ts';
import type { EventBus } from './events.ts';
import type { Authenticators, BoundRoute, MemberGate } from './http.ts';
import type { Jobs } from './jobs.ts';

/**
 * What every module receives from the platform (docs/architecture.md, "The module contract"):
 * platform things only. A module's collaborators from other modules (the ledger, the seamless
 * wallet, …) arrive by name in its own `deps` argument, wired by app.ts.
 */
export interface ModuleContext {
  app: FastifyInstance;
  /** Binds a contract endpoint to its handler (validation, auth, rate limit, envelope). */
  route: BoundRoute;
  db: Db;
  config: Config;
  clock: Clock;
  events: EventBus;
  jobs: Jobs;
  /** Registry the auth and staff modules fill with their token checks; `route` reads it per request. */
  authenticators: Authenticators;
  /** The gate the protection module fills; `route` asks it before every member call. */
  memberGate: MemberGate;
}

/** An authenticator registry whose entries refuse until the owning module registers its own. */
export function authenticatorRegistry(): Authenticators {
  return {
    member: async () => {
      throw new Error('no member authenticator registered (authModule not wired)');
    },
    staff: async () => {
      throw new Error('no staff authenticator registered (staffModule not wired)');
    },
  };
}

/** A gate that lets every call through until the protection module sets its own. */
export function openMemberGate(): MemberGate {
  return { check: async () => {}, login: async () => {} };
}

export interface SeedContext {
  config: Config;
  /** Demo content wanted (SEED_DEMO); data an operator always needs is seeded either way. */
  demo: boolean;
  /** Demo members by phone, for modules that seed member data. */
  memberIds: Record<string, number>;
  /** The instant the seeding runs at, from the server clock: demo data is placed around it. */
  now: Date;
}

/** A module's seed: runs once, in the seeding transaction, after the operator row exists. */
export interface ModuleSeed {
  name: string;
  run(tx: Tx, c: SeedContext): Promise<void>;
}
