import * as api from '@chok/contract/api/shop';
import type { ModuleContext } from '../../platform/module.ts';
import { listForMember, type ShopDeps } from './catalogue.ts';
import { history } from './history.ts';
import { changeStock, createItem, editItem, listItems } from './items.ts';
import { listOrders, moveGoods } from './orders.ts';
import { calc } from './quotes.ts';
import { redeem } from './redeem.ts';

export function shopRoutes({ app, route }: ModuleContext, d: ShopDeps): void {
  route(app, api.redemptionList, async (ctx) => listForMember(d, ctx.member.memberId));
  route(app, api.redemptionCalc, async (ctx) => calc(d, ctx.member.memberId, ctx.body));
  route(app, api.redemptionRedeem, async (ctx) => redeem(d, ctx.member.memberId, ctx.body));
  route(app, api.redemptionHistory, async (ctx) =>
    history(d.db, ctx.member.memberId, ctx.query.page, ctx.query.per_page),
  );

  route(app, api.adminShopItems, async () => listItems(d));
  route(app, api.adminCreateShopItem, async (ctx) => createItem(d, ctx.staff.staffId, ctx.body));
  route(app, api.adminUpdateShopItem, async (ctx) => editItem(d, ctx.staff.staffId, ctx.params.id, ctx.body));
  route(app, api.adminShopItemStock, async (ctx) =>
    changeStock(d, ctx.staff.staffId, ctx.params.id, ctx.body.add),
  );
  route(app, api.adminShopOrders, async (ctx) => listOrders(d, ctx.query));
  route(app, api.adminShipShopOrder, async (ctx) =>
    moveGoods(d, ctx.staff.staffId, ctx.params.id, 'ship', { tracking: ctx.body.tracking }),
  );
  route(app, api.adminDeliverShopOrder, async (ctx) =>
    moveGoods(d, ctx.staff.staffId, ctx.params.id, 'deliver'),
  );
  route(app, api.adminCancelShopOrder, async (ctx) =>
    moveGoods(d, ctx.staff.staffId, ctx.params.id, 'cancel', { reason: ctx.body.reason }),
  );
}
