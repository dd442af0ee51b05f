import type { ModuleContext } from '../../platform/module.ts';
import { soothRoutes } from './routes.ts';

/**
 * Baccarat roads (บาคาร่าสูตร, docs/rules/casino.md §7): the in-house baccarat rooms' current shoes
 * drawn as the bead plate, big road, derived roads, ask road and statistics. It owns no table: the
 * rooms, shoes and hands are read through the originals module's service; the roads themselves are
 * computed by packages/engine (games/roads.ts). The page updates live from the `hand` events the
 * baccarat dealer publishes on `baccarat:<room_id>`.
 */
export function soothModule(ctx: ModuleContext): void {
  soothRoutes(ctx, { db: ctx.db, clock: ctx.clock });
}
