import * as api from '@chok/contract/api/sooth';
import type { ModuleContext } from '../../platform/module.ts';
import { listRooms, roomRoads, type SoothDeps } from './roads.ts';

export function soothRoutes({ app, route }: ModuleContext, d: SoothDeps): void {
  route(app, api.soothBaccarat, async () => listRooms(d));
  route(app, api.soothDetail, async (ctx) => roomRoads(d, ctx.body.room_id));
}
