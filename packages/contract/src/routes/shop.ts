// Generated from src/api/shop.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/shop.ts';
import type { Route } from '../endpoint.ts';

export const adminCancelShopOrder: Route<typeof api.adminCancelShopOrder> = {
  method: 'POST',
  path: '/api/admin/shop/orders/:id/cancel',
};
export const adminCreateShopItem: Route<typeof api.adminCreateShopItem> = {
  method: 'POST',
  path: '/api/admin/shop/items',
};
export const adminDeliverShopOrder: Route<typeof api.adminDeliverShopOrder> = {
  method: 'POST',
  path: '/api/admin/shop/orders/:id/deliver',
};
export const adminShipShopOrder: Route<typeof api.adminShipShopOrder> = {
  method: 'POST',
  path: '/api/admin/shop/orders/:id/ship',
};
export const adminShopItemStock: Route<typeof api.adminShopItemStock> = {
  method: 'POST',
  path: '/api/admin/shop/items/:id/stock',
};
export const adminShopItems: Route<typeof api.adminShopItems> = {
  method: 'GET',
  path: '/api/admin/shop/items',
};
export const adminShopOrders: Route<typeof api.adminShopOrders> = {
  method: 'GET',
  path: '/api/admin/shop/orders',
};
export const adminUpdateShopItem: Route<typeof api.adminUpdateShopItem> = {
  method: 'PUT',
  path: '/api/admin/shop/items/:id',
};
export const redemptionCalc: Route<typeof api.redemptionCalc> = {
  method: 'POST',
  path: '/api/redemption/calc',
};
export const redemptionHistory: Route<typeof api.redemptionHistory> = {
  method: 'GET',
  path: '/api/redemption/history',
};
export const redemptionList: Route<typeof api.redemptionList> = {
  method: 'GET',
  path: '/api/redemption/list',
};
export const redemptionRedeem: Route<typeof api.redemptionRedeem> = {
  method: 'POST',
  path: '/api/redemption/redeem',
};
